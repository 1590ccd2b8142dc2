import type { TLogin, TMe } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";
import { call, client } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";

/** Where Better Auth sends the user after an email link (verification, password reset). */
const VERIFY_CALLBACK_PATH = "/auth/callback";
const RESET_PATH = "/auth/reset";

/** Better Auth's code for a wrong email or password. */
const INVALID_CREDENTIALS = "INVALID_EMAIL_OR_PASSWORD";
const EMAIL_NOT_VERIFIED = "EMAIL_NOT_VERIFIED";

export type TDemoAccount = { email: string; password: string };

/** The text shown (toast and inline) when signing in fails. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === INVALID_CREDENTIALS) {
    return "Invalid email or password. Please check your credentials and try again.";
  }
  if (error instanceof ApiError && error.code === EMAIL_NOT_VERIFIED) {
    return `Login failed: ${error.message}. We sent you a new verification email: open the link in it, then sign in.`;
  }
  const message = error instanceof Error && error.message ? error.message : "Invalid email or password";
  return `Login failed: ${message}`;
}

/**
 * Signs in with email and password, then loads the signed-in user into the ['me'] query.
 * The auth page sends the user on once ['me'] holds them; the toasts live here so they
 * survive that navigation.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: TLogin): Promise<TMe> => {
      // Better Auth's own endpoints (/api/auth/*) are not in AppType: they stay on api().
      await api("/api/auth/sign-in/email", {
        method: "POST",
        // callbackURL: where the link of a re-sent verification email lands.
        body: { email: values.email, password: values.password, callbackURL: VERIFY_CALLBACK_PATH },
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: "all" });
      const me = queryClient.getQueryData<TMe | null>(queryKeys.me);
      if (!me) throw new ApiError(0, "Your account could not be loaded. Please try again.");
      return me;
    },
    onSuccess: (me) => {
      toast.success("Successfully signed in"); // SPEC §4: the signed-in auth event
      if (me.demo) {
        toast.info(
          me.user.role === "pevo"
            ? "You are using a demo PEVO account"
            : "You are using a demo admin account",
        );
      }
    },
    onError: (error) => {
      toast.error(loginErrorMessage(error));
    },
  });
}

export type TSignupBody = { email: string; password: string; companyName: string; contactPerson: string };

/** The browser's IANA zone, e.g. "America/Chicago" (the server keeps it as the company's zone when valid). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Creates a company with its first admin; the server sends the verification email. */
export function useSignup() {
  return useMutation({
    mutationFn: (body: TSignupBody) =>
      call(client.api.signup.$post({ json: { ...body, timeZone: browserTimeZone() } })),
  });
}

/** The demo accounts' credentials, or null when the server has demo accounts switched off (404). */
export function useDemoAccounts() {
  return useQuery({
    queryKey: queryKeys.demoAccounts,
    queryFn: async () => {
      try {
        return await call(client.api["demo-accounts"].$get());
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Asks for a password reset email; the answer is the same whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api("/api/auth/request-password-reset", { method: "POST", body: { email, redirectTo: RESET_PATH } }),
  });
}

/** Sets a new password with the token from the reset (or invitation) email. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { newPassword: string; token: string }) =>
      api("/api/auth/reset-password", { method: "POST", body }),
    // A reset signs out every session of the account: forget who was signed in here.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

/** The text of a reset failure: Better Auth answers INVALID_TOKEN for a used or expired link. */
export function resetErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === "INVALID_TOKEN") {
    return "This link is invalid or has expired. Request a new one from the sign-in screen.";
  }
  return error instanceof Error && error.message ? error.message : "Failed to reset the password";
}
