import { zodResolver } from "@hookform/resolvers/zod";
import {
  displayPhone,
  type TCompanySettings,
  type TCompanySettingsInput,
  ZCompanySettings,
} from "@pevo/shared";
import { Controller, useForm } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { InputField, TextareaField } from "@/components/form-fields";
import { LogoUpload } from "@/components/logo-upload";
import { PickerField } from "@/components/pickers/picker-field";
import { TimeZonePicker } from "@/components/time-zone-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useUnsavedChangesGuard } from "@/components/unsaved-changes";
import { applyFieldErrors } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useSaveCompany } from "../api";

/** What the company's zone is for (Settings and the first-sign-in set-up). */
export const TIME_ZONE_HINT =
  "Pickup dates and times are local times of this zone; PEVO pickup reminders and every time in an email follow it.";

/** The saved settings as the form (and a PUT) takes them: empty text for what is not set. */
export const toForm = (c: TCompanySettings): TCompanySettingsInput => ({
  ...c,
  contactPerson: c.contactPerson ?? "",
  address: c.address ?? "",
  phone: displayPhone(c.phone),
  email: c.email ?? "",
  mcNumber: c.mcNumber ?? "",
  dotNumber: c.dotNumber ?? "",
  invoiceFooter: c.invoiceFooter ?? "",
});

/** Company profile (printed on invoices) and invoice defaults. */
export function CompanyForm({ company }: { company: TCompanySettings }) {
  const save = useSaveCompany();
  const form = useForm<TCompanySettingsInput, unknown, TCompanySettings>({
    resolver: zodResolver(ZCompanySettings),
    defaultValues: toForm(company),
  });
  const { register, handleSubmit, formState, control } = form;
  const e = formState.errors;
  useUnsavedChangesGuard(formState.isDirty, save.isPending);
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success("Settings saved");
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        toast.error(error.message || "Failed to save settings");
      },
    }),
  );
  const text = (
    name: keyof TCompanySettingsInput,
    label: string,
    props: React.ComponentProps<"input"> = {},
  ) => (
    <InputField
      id={`company-${name}`}
      label={label}
      error={e[name]?.message}
      {...props}
      {...register(name)}
    />
  );
  return (
    <LimitedForm schema={ZCompanySettings} onSubmit={onSubmit} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Company profile</CardTitle>
          <CardDescription>Shown on your invoices and PDFs.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <LogoUpload />
          </div>
          {text("name", "Company Name")}
          {text("contactPerson", "Contact Person")}
          <TextareaField
            id="company-address"
            label="Address"
            className="sm:col-span-2"
            error={e.address?.message}
            rows={2}
            {...register("address")}
          />
          {text("phone", "Phone", { type: "tel" })}
          {text("email", "Email", { type: "email" })}
          {text("mcNumber", "MC Number")}
          {text("dotNumber", "DOT Number")}
          <PickerField
            control={control}
            name="timeZone"
            id="company-timeZone"
            label="Time Zone"
            hint={TIME_ZONE_HINT}
            className="sm:col-span-2"
          >
            {(bound) => <TimeZonePicker {...bound} />}
          </PickerField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Invoice defaults</CardTitle>
          <CardDescription>New invoices use these terms; tax is the subtotal times the rate.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {text("paymentTermsDays", "Payment terms (days)", { type: "number", min: 0, max: 365, step: 1 })}
          {text("taxRate", "Tax rate (%)", { type: "number", min: 0, max: 100, step: 0.01 })}
          <TextareaField
            id="company-invoiceFooter"
            label="Invoice footer note"
            className="sm:col-span-2"
            error={e.invoiceFooter?.message}
            rows={3}
            {...register("invoiceFooter")}
          />
          <div className="flex items-start justify-between gap-4 rounded-md border p-3 sm:col-span-2">
            <div className="grid gap-1">
              <Label htmlFor="company-invoiceReminders">Invoice reminders</Label>
              <p id="company-invoiceReminders-hint" className="text-sm text-muted-foreground">
                Email the client when a sent invoice is overdue: 1, 7 and 30 days after its due date.
              </p>
            </div>
            <Controller
              control={control}
              name="invoiceReminders"
              render={({ field }) => (
                <Switch
                  id="company-invoiceReminders"
                  aria-describedby="company-invoiceReminders-hint"
                  checked={field.value ?? true}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </div>
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !formState.isDirty}>
          {save.isPending ? <Spinner /> : null}
          Save Settings
        </Button>
      </div>
    </LimitedForm>
  );
}
