import { zodResolver } from "@hookform/resolvers/zod";
import { ZResetPassword } from "@pevo/shared";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { LimitedForm } from "@/components/field-limits";
import { InputField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useUnsavedChangesGuard } from "@/components/unsaved-changes";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api";

const ZChangePassword = z
  .object({ currentPassword: z.string().min(1, { message: "Enter your current password" }) })
  .and(ZResetPassword);
type ChangePassword = z.infer<typeof ZChangePassword>;

/** Change password (Better Auth; other sessions are signed out). */
export function AccountCard() {
  const change = useChangePassword();
  const form = useForm<ChangePassword>({
    resolver: zodResolver(ZChangePassword),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });
  const e = form.formState.errors;
  useUnsavedChangesGuard(form.formState.isDirty, change.isPending);
  const onSubmit = form.handleSubmit(({ currentPassword, password }) =>
    change.mutate(
      { currentPassword, newPassword: password },
      {
        onSuccess: () => {
          toast.success("Password changed");
          form.reset();
        },
        onError: (error) => {
          const message =
            error instanceof ApiError && error.code === "INVALID_PASSWORD"
              ? "Your current password is not correct"
              : error.message;
          form.setError("currentPassword", { type: "server", message });
          toast.error(message || "Failed to change the password");
        },
      },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Change your password. Your other sessions are signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <LimitedForm
          schema={ZChangePassword}
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4 sm:grid-cols-3 sm:items-start"
        >
          <InputField
            id="current-password"
            label="Current Password"
            error={e.currentPassword?.message}
            type="password"
            autoComplete="current-password"
            {...form.register("currentPassword")}
          />
          <InputField
            id="new-password"
            label="New Password"
            error={e.password?.message}
            type="password"
            autoComplete="new-password"
            {...form.register("password")}
          />
          <InputField
            id="confirm-new-password"
            label="Confirm New Password"
            error={e.confirmPassword?.message}
            type="password"
            autoComplete="new-password"
            {...form.register("confirmPassword")}
          />
          <div className="sm:col-span-3 flex justify-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? <Spinner /> : null}
              Change Password
            </Button>
          </div>
        </LimitedForm>
      </CardContent>
    </Card>
  );
}
