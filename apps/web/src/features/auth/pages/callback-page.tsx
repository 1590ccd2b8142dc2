import { CircleCheck, CircleX } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useMe } from "@/lib/session";
import { toast } from "@/lib/toast";
import { AuthShell } from "../components/auth-shell";

/** How long the success text stays before going on to `/`. */
const REDIRECT_DELAY_MS = 1500;

/** Better Auth's verify-email error codes (it redirects here with ?error=CODE). */
const ERROR_MESSAGES: Record<string, string> = {
  INVALID_TOKEN: "The verification link is invalid or has already been used.",
  TOKEN_EXPIRED: "The verification link has expired. Sign in to get a new one.",
  USER_NOT_FOUND: "No account was found for this verification link.",
};

function callbackError(params: URLSearchParams): string | null {
  const code = params.get("error");
  if (code === null) return null;
  return ERROR_MESSAGES[code] ?? params.get("error_description") ?? (code || "An unexpected error occurred");
}

/** The email-confirmation target: verify-email has already run and (on success) set the session. */
export default function CallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const linkError = callbackError(searchParams);
  const me = useMe();
  const { refetch } = me;
  const [checked, setChecked] = useState(false);

  // Check the current user afresh: the session cookie was set by the redirect that brought us here.
  useEffect(() => {
    if (linkError) return;
    let active = true;
    refetch().finally(() => {
      if (active) setChecked(true);
    });
    return () => {
      active = false;
    };
  }, [linkError, refetch]);

  // SPEC §2: checking the current user failed (an error, or no session at all) → its message or the default.
  const failure =
    linkError ??
    (checked && me.isError ? me.error.message || "An unexpected error occurred" : null) ??
    (checked && !me.data ? "An unexpected error occurred" : null);
  const verified = !failure && checked;

  useEffect(() => {
    if (!verified) return;
    // At the bottom: on the landing page it must not cover the header's way into the app.
    toast.success("Email verified successfully!", { id: "email-verified", position: "bottom-center" });
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  if (failure) {
    return (
      <AuthShell>
        <div className="grid gap-4 text-center">
          <CircleX className="mx-auto size-10 text-destructive" aria-hidden />
          <h2 className="text-lg font-semibold">Email verification failed</h2>
          <p role="alert" className="text-sm text-muted-foreground">
            {failure}
          </p>
          <Button asChild className="w-full">
            <Link to="/auth">Return to login</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  if (verified) {
    return (
      <AuthShell>
        <div role="status" className="grid gap-3 text-center">
          <CircleCheck className="mx-auto size-10 text-green-600 dark:text-green-500" aria-hidden />
          <h2 className="text-lg font-semibold">Email verified successfully!</h2>
          <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Taking you on...
          </p>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <div role="status" className="flex flex-col items-center gap-3 py-4 text-muted-foreground">
        <Spinner className="size-8" />
        <p>Verifying your email...</p>
      </div>
    </AuthShell>
  );
}
