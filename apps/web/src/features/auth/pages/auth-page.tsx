import { zodResolver } from "@hookform/resolvers/zod";
import { type TLogin, type TSignupForm, ZLogin, ZSignupForm } from "@pevo/shared";
import { Info, MailCheck } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { firstScreenLoader } from "@/lib/first-screen";
import { queryClient } from "@/lib/query-client";
import { homeFor, meQuery, useMe } from "@/lib/session";
import { AuthShell, FormNote, FullPageStatus } from "../components/auth-shell";
import { ForgotPasswordForm } from "../components/forgot-password-form";
import { LoginForm } from "../components/login-form";
import { SignupForm } from "../components/signup-form";

type Tab = "login" | "signup";
/** What the guards pass along: the page asked for, and whether it was the PEVO portal. */
type FromState = { from?: unknown; pevoLogin?: unknown } | null;

/**
 * The first screen waits for who is signed in, so it draws the form (or leaves) at once (lib/first-screen.ts).
 * @public read by app/router.tsx's page(), which the dead-code check cannot follow.
 */
export const loader = () => firstScreenLoader(() => [queryClient.prefetchQuery(meQuery)]);

export default function AuthPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = location.state as FromState;
  const from = typeof state?.from === "string" ? state.from : null;
  const pevoLogin = state?.pevoLogin === true;

  const [tab, setTab] = useState<Tab>(() => (searchParams.get("signup") === "true" ? "signup" : "login"));
  const [forgotOpen, setForgotOpen] = useState(false);
  const [verifyNoticeFor, setVerifyNoticeFor] = useState<string | null>(null);

  // The forms live here so that switching tabs keeps what the user typed.
  const loginForm = useForm<TLogin>({
    resolver: zodResolver(ZLogin),
    mode: "onChange",
    defaultValues: { email: "", password: "" },
  });
  const signupForm = useForm<TSignupForm>({
    resolver: zodResolver(ZSignupForm),
    mode: "onChange",
    defaultValues: { email: "", companyName: "", contactPerson: "", password: "", confirmPassword: "" },
  });

  const { data: me, isPending } = useMe();
  // Whether this visit started signed out: a sign-in made here goes on as SPEC §2 says.
  const sawSignedOut = useRef(false);
  if (isPending) return <FullPageStatus text="Checking authentication" />;
  if (!me) sawSignedOut.current = true;
  // SPEC §2: the pevo-only guard sent a signed-in non-PEVO here; stay, and say why.
  if (me && pevoLogin && me.user.role !== "pevo" && !sawSignedOut.current) {
    return (
      <AuthShell description="The PEVO portal">
        <div className="grid gap-4">
          <FormNote className="flex items-start gap-2">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span role="alert">
              The PEVO portal needs a PEVO account. You are signed in as {me.user.email}, which is not a PEVO
              account.
            </span>
          </FormNote>
          <Button asChild className="w-full">
            <Link to={homeFor(me)}>Go to dashboard</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  // Signed in (already, or just now through the login form): PEVOs to their portal, others back.
  if (me) return <Navigate to={homeFor(me, from)} replace />;

  const onSignedUp = (email: string) => {
    signupForm.reset();
    loginForm.reset({ email, password: "" });
    setVerifyNoticeFor(email);
    setForgotOpen(false);
    setTab("login");
  };

  return (
    <AuthShell description="Sign in to your account or create a new company account">
      <div className="grid gap-4">
        {pevoLogin ? (
          <FormNote className="flex items-start gap-2">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              The PEVO portal needs a PEVO account. Sign in with the account your company created for you.
            </span>
          </FormNote>
        ) : null}
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="grid gap-5">
          <TabsList>
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login" className="grid gap-4">
            {verifyNoticeFor && !forgotOpen ? (
              <FormNote className="flex items-start gap-2">
                <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>
                  We sent a verification link to {verifyNoticeFor}. Open it to confirm your email, then sign
                  in.
                </span>
              </FormNote>
            ) : null}
            {forgotOpen ? (
              <ForgotPasswordForm
                defaultEmail={loginForm.getValues("email")}
                onBack={() => setForgotOpen(false)}
              />
            ) : (
              <LoginForm form={loginForm} onForgotPassword={() => setForgotOpen(true)} />
            )}
          </TabsContent>
          <TabsContent value="signup">
            <SignupForm form={signupForm} onSignedUp={onSignedUp} />
          </TabsContent>
        </Tabs>
      </div>
    </AuthShell>
  );
}
