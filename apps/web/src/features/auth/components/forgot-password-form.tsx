import { zodResolver } from "@hookform/resolvers/zod";
import { ZForgotPassword } from "@pevo/shared";
import { ArrowLeft, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useRequestPasswordReset } from "../api";
import { FormAlert } from "./auth-shell";

/** The small 'Forgot password?' view of the login tab. */
export function ForgotPasswordForm({ defaultEmail, onBack }: { defaultEmail: string; onBack: () => void }) {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZForgotPassword),
    mode: "onChange",
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => toast.error(error.message || "Failed to send the reset link"),
    }),
  );

  if (sentTo) {
    return (
      <div className="grid gap-4 text-center">
        <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
        <p role="status" className="text-sm">
          If an account exists for {sentTo}, we sent a link to reset the password.
        </p>
        <Button variant="outline" className="w-full" onClick={onBack}>
          <ArrowLeft />
          Back to login
        </Button>
      </div>
    );
  }

  return (
    <LimitedForm
      schema={ZForgotPassword}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label="Reset your password"
    >
      <div className="grid gap-1">
        <h3 className="font-medium">Reset your password</h3>
        <p className="text-sm text-muted-foreground">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
      </div>
      {request.isError ? (
        <FormAlert>{request.error.message || "Failed to send the reset link"}</FormAlert>
      ) : null}
      <Field label="Email" htmlFor="forgot-email" error={errors.email?.message}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          autoFocus
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "forgot-email-error" : undefined}
          {...register("email")}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? <Spinner /> : null}
        Send reset link
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft />
        Back to login
      </Button>
    </LimitedForm>
  );
}
