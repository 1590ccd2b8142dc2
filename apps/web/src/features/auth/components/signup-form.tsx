import { type TSignupForm, ZSignupForm } from "@pevo/shared";
import type { UseFormReturn } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, applyFieldErrors } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useSignup } from "../api";

const DUPLICATE_EMAIL =
  "An account with this email already exists. Please use a different email or try logging in.";

type FieldName = keyof TSignupForm;
const FIELDS: { name: FieldName; label: string; type: string; autoComplete: string; placeholder?: string }[] =
  [
    { name: "email", label: "Email", type: "email", autoComplete: "email", placeholder: "you@company.com" },
    { name: "companyName", label: "Company Name", type: "text", autoComplete: "organization" },
    { name: "contactPerson", label: "Contact Person", type: "text", autoComplete: "name" },
    { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
    { name: "confirmPassword", label: "Confirm Password", type: "password", autoComplete: "new-password" },
  ];

/** The signup tab: creates a company and its first admin. */
export function SignupForm({
  form,
  onSignedUp,
}: {
  form: UseFormReturn<TSignupForm>;
  onSignedUp: (email: string) => void;
}) {
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors, isValid },
  } = form;

  const onSubmit = handleSubmit(({ email, password, companyName, contactPerson }) =>
    signup.mutate(
      { email, password, companyName, contactPerson },
      {
        onSuccess: () => {
          toast.success("Account created successfully! Please check your email.");
          onSignedUp(email);
        },
        onError: (error) => {
          if (error.message.includes("already exists")) {
            setError("email", { type: "server", message: DUPLICATE_EMAIL }, { shouldFocus: true });
            toast.error(DUPLICATE_EMAIL);
            return;
          }
          if (error instanceof ApiError) applyFieldErrors(error, setError);
          toast.error(error.message || "Failed to create account");
        },
      },
    ),
  );

  return (
    <LimitedForm
      schema={ZSignupForm}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label="Create an account"
    >
      {FIELDS.map((field) => {
        const id = `signup-${field.name}`;
        const error = errors[field.name]?.message;
        return (
          <Field key={field.name} label={field.label} htmlFor={id} error={error}>
            <Input
              id={id}
              type={field.type}
              autoComplete={field.autoComplete}
              inputMode={field.type === "email" ? "email" : undefined}
              placeholder={field.placeholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...register(field.name, {
                // Editing the password re-checks a confirmation already typed.
                onChange:
                  field.name === "password"
                    ? () => {
                        if (getValues("confirmPassword")) void trigger("confirmPassword");
                      }
                    : undefined,
              })}
            />
          </Field>
        );
      })}
      <Button type="submit" className="w-full" disabled={!isValid || signup.isPending}>
        {signup.isPending ? <Spinner /> : null}
        Create Account
      </Button>
    </LimitedForm>
  );
}
