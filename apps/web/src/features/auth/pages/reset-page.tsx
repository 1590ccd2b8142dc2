import { zodResolver } from "@hookform/resolvers/zod";
import { ZResetPassword } from "@pevo/shared";
import { CircleX } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { LimitedForm } from "@/components/field-limits";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { homeFor } from "@/lib/session";
import { toast } from "@/lib/toast";
import { resetErrorMessage, useResetPassword, useSignIn } from "../api";
import { AuthShell, FormAlert } from "../components/auth-shell";

/** Better Auth redirects here from a reset (or PEVO invitation) email with ?token=..., or ?error=INVALID_TOKEN. */
export default function ResetPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const linkError = searchParams.get("error");

  if (linkError || !token) {
    return (
      <AuthShell>
        <div className="grid gap-4 text-center">
          <CircleX className="mx-auto size-10 text-destructive" aria-hidden />
          <h2 className="text-lg font-semibold">This link cannot be used</h2>
          <p role="alert" className="text-sm text-muted-foreground">
            {linkError === "INVALID_TOKEN" || !linkError
              ? "This password link is invalid, incomplete or has expired. Request a new one with 'Forgot password?' on the sign-in screen."
              : linkError}
          </p>
          <Button asChild className="w-full">
            <Link to="/auth">Return to login</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  return (
    <ResetForm token={token} invitation={searchParams.has("invite")} email={searchParams.get("email")} />
  );
}

/**
 * An invitation (?invite=1) sets a first password, then signs in with the address the link names
 * (&email=): a PEVO lands in the portal, an admin on the dashboard. Otherwise a forgotten password
 * is reset and the user signs in again on the login screen.
 */
function ResetForm({
  token,
  invitation,
  email,
}: {
  token: string;
  invitation: boolean;
  email: string | null;
}) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZResetPassword),
    mode: "onChange",
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { newPassword: password, token },
      {
        onSuccess: () => {
          const toLogin = () => {
            toast.success("Your password has been updated. Please sign in.");
            navigate("/auth", { replace: true });
          };
          if (!invitation || !email) return toLogin();
          signIn.mutate(
            { email, password },
            { onSuccess: (me) => navigate(homeFor(me), { replace: true }), onError: toLogin },
          );
        },
        onError: (error) => toast.error(resetErrorMessage(error)),
      },
    ),
  );

  return (
    <AuthShell title="Set your password" description="Choose a new password for your account.">
      <LimitedForm
        schema={ZResetPassword}
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4"
        aria-label="Set your password"
      >
        {reset.isError ? (
          <FormAlert>
            {resetErrorMessage(reset.error)}{" "}
            <Link to="/auth" className="font-medium underline underline-offset-4">
              Back to sign in
            </Link>
          </FormAlert>
        ) : null}
        <Field label="New Password" htmlFor="reset-password" error={errors.password?.message}>
          <Input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            autoFocus
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "reset-password-error" : undefined}
            {...register("password", {
              // Editing the password re-checks a confirmation already typed.
              onChange: () => {
                if (getValues("confirmPassword")) void trigger("confirmPassword");
              },
            })}
          />
        </Field>
        <Field
          label="Confirm Password"
          htmlFor="reset-confirmPassword"
          error={errors.confirmPassword?.message}
        >
          <Input
            id="reset-confirmPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={errors.confirmPassword ? "reset-confirmPassword-error" : undefined}
            {...register("confirmPassword")}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={reset.isPending || signIn.isPending}>
          {reset.isPending || signIn.isPending ? <Spinner /> : null}
          {invitation ? "Set Password" : "Reset Password"}
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link to="/auth">Back to sign in</Link>
        </Button>
      </LimitedForm>
    </AuthShell>
  );
}
