import { zodResolver } from "@hookform/resolvers/zod";
import { type TCompanySettings, type TCompanySettingsInput, ZCompanySettings } from "@pevo/shared";
import { Info, Truck } from "lucide-react";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import { LimitedForm } from "@/components/field-limits";
import { InputField, TextareaField } from "@/components/form-fields";
import { LogoUpload } from "@/components/logo-upload";
import { PickerField } from "@/components/pickers/picker-field";
import { TimeZonePicker } from "@/components/time-zone-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { applyFieldErrors } from "@/lib/api";
import { useFinishSetup, useOnboarding } from "@/lib/company-onboarding";
import { useCompany } from "@/lib/shared-queries";
import { toast } from "@/lib/toast";
import { useSaveCompany } from "../api";
import { TIME_ZONE_HINT, toForm } from "../components/company-form";

/**
 * The owner's first sign-in (DECISIONS 'Company set-up and logo'): what the first rate confirmation
 * and invoice print under the company name (address, phone, MC/DOT, logo) and the company's time
 * zone, taken from the browser at signup and confirmed here. Skippable; then the dashboard.
 */
export default function SetupPage() {
  const onboarding = useOnboarding();
  const company = useCompany();
  useEffect(() => {
    document.title = "Set up your company · PEVO Back Office";
    return () => {
      document.title = "PEVO Back Office";
    };
  }, []);
  // Done or skipped already (or a demo / seeded company): nothing to set up.
  if (onboarding.data && !onboarding.data.setupPending) return <Navigate to="/dashboard" replace />;
  const failed = onboarding.isError || company.isError;
  return (
    <main className="flex min-h-svh flex-col items-center bg-muted/40 px-4 py-8 sm:py-12">
      <Card className="w-full max-w-2xl gap-6 py-6">
        {failed ? (
          <CardContent className="flex items-center gap-3 text-destructive">
            Error loading your company
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                void onboarding.refetch();
                void company.refetch();
              }}
            >
              Retry
            </Button>
          </CardContent>
        ) : company.data && onboarding.data ? (
          <SetupForm company={company.data} />
        ) : (
          <CardContent role="status" className="flex items-center gap-2 text-muted-foreground">
            <Spinner /> Loading...
          </CardContent>
        )}
      </Card>
    </main>
  );
}

function SetupForm({ company }: { company: TCompanySettings }) {
  const navigate = useNavigate();
  const save = useSaveCompany();
  const finish = useFinishSetup();
  const form = useForm<TCompanySettingsInput, unknown, TCompanySettings>({
    resolver: zodResolver(ZCompanySettings),
    defaultValues: toForm(company),
  });
  const { register, handleSubmit, formState, control } = form;
  const e = formState.errors;
  const zone = useWatch({ control, name: "timeZone" });
  const done = (message?: string) =>
    finish.mutate(undefined, {
      onSuccess: () => {
        if (message) toast.success(message);
        navigate("/dashboard", { replace: true });
      },
      onError: (error) => toast.error(error.message || "Something went wrong. Please try again."),
    });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => done("Company details saved"),
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        toast.error(error.message || "Failed to save settings");
      },
    }),
  );
  const busy = save.isPending || finish.isPending;
  const text = (
    name: "phone" | "mcNumber" | "dotNumber",
    label: string,
    props: React.ComponentProps<"input">,
  ) => (
    <InputField id={`setup-${name}`} label={label} error={e[name]?.message} {...props} {...register(name)} />
  );
  return (
    <LimitedForm schema={ZCompanySettings} onSubmit={onSubmit} noValidate aria-label="Set up your company">
      <CardHeader className="mb-6 px-5 sm:px-8">
        <p className="mb-3 flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <span
            aria-hidden
            className="flex size-7 items-center justify-center rounded-md bg-amber-400 text-zinc-900"
          >
            <Truck className="size-4" />
          </span>
          PEVO Back Office · Welcome
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">Set up your company</h1>
        <CardDescription>
          What {company.name} prints on its rate confirmations and invoices, and the time zone of its jobs.
          Everything here can be changed later in Settings.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 px-5 sm:grid-cols-2 sm:px-8">
        <TextareaField
          id="setup-address"
          label="Company address"
          className="sm:col-span-2"
          error={e.address?.message}
          rows={2}
          autoComplete="street-address"
          placeholder={"1200 Main St\nAmarillo, TX 79101"}
          {...register("address")}
        />
        {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
        <div className="hidden sm:block" />
        {text("mcNumber", "MC Number", { inputMode: "numeric" })}
        {text("dotNumber", "DOT Number", { inputMode: "numeric" })}
        <div className="sm:col-span-2">
          <LogoUpload />
        </div>
        <div className="grid gap-2 sm:col-span-2">
          <PickerField
            control={control}
            name="timeZone"
            id="setup-timeZone"
            label="Time Zone"
            hint={TIME_ZONE_HINT}
          >
            {(bound) => <TimeZonePicker {...bound} />}
          </PickerField>
          <p className="flex items-start gap-2 rounded-md border bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {zone === "UTC" || zone?.startsWith("Etc/")
              ? "Your browser reported UTC when you signed up, which is rarely a company's zone: choose yours."
              : "Taken from your browser when you signed up: check it is your company's zone."}
          </p>
        </div>
      </CardContent>
      <div className="mt-6 flex flex-col-reverse gap-2 px-5 sm:flex-row sm:justify-end sm:px-8">
        <Button
          type="button"
          variant="ghost"
          disabled={busy}
          onClick={() => done()}
          className="w-full sm:w-auto"
        >
          Skip for now
        </Button>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? <Spinner /> : null}
          Save and continue
        </Button>
      </div>
    </LimitedForm>
  );
}
