import { type TLogin, ZLogin } from "@pevo/shared";
import { ShieldCheck, Truck } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { loginErrorMessage, type TDemoAccount, useDemoAccounts, useSignIn } from "../api";
import { FormAlert } from "./auth-shell";

/** The login tab: email and password, 'Forgot password?', and the demo account buttons. */
export function LoginForm({
  form,
  onForgotPassword,
}: {
  form: UseFormReturn<TLogin>;
  onForgotPassword: () => void;
}) {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((values) => signIn.mutate(values));
  const failure = signIn.isError ? loginErrorMessage(signIn.error) : null;

  return (
    <div className="grid gap-6">
      <LimitedForm schema={ZLogin} onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Field label="Email" htmlFor="login-email" error={errors.email?.message}>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "login-email-error" : undefined}
            {...register("email")}
          />
        </Field>
        <div className="relative grid gap-2">
          <Label htmlFor="login-password">Password</Label>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "login-password-error" : undefined}
            {...register("password")}
          />
          {errors.password?.message ? (
            <p id="login-password-error" role="alert" className="text-sm text-destructive">
              {errors.password.message}
            </p>
          ) : null}
          {/* After the input in tab order, shown in the label row. */}
          <Button
            variant="link"
            className="absolute top-0 right-0 h-auto p-0 text-sm leading-none font-normal text-muted-foreground hover:text-foreground"
            onClick={onForgotPassword}
          >
            Forgot password?
          </Button>
        </div>
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? <Spinner /> : null}
          Sign In
        </Button>
      </LimitedForm>
      <DemoButtons form={form} />
    </div>
  );
}

/** Fills the form with a demo account (never signs in by itself); hidden when the server has none. */
function DemoButtons({ form }: { form: UseFormReturn<TLogin> }) {
  const { data: accounts } = useDemoAccounts();
  if (!accounts) return null;

  const fill = (account: TDemoAccount) => {
    const options = { shouldValidate: true, shouldDirty: true, shouldTouch: true };
    form.setValue("email", account.email, options);
    form.setValue("password", account.password, options);
    toast.info(`Form filled with ${account.email} credentials`);
  };

  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        Try a demo account
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => fill(accounts.admin)}>
          <ShieldCheck />
          Demo Admin
        </Button>
        <Button variant="outline" onClick={() => fill(accounts.pevo)}>
          <Truck />
          Demo PEVO
        </Button>
      </div>
    </div>
  );
}
