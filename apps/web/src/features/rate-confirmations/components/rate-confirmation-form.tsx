import { zodResolver } from "@hookform/resolvers/zod";
import { type TRateConfirmationData, ZRateConfirmation } from "@pevo/shared";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { Controller, FormProvider, useForm, useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DatePicker } from "@/components/ui/date-picker";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useActivePevos, useClientOptions } from "../api";
import type { RcForm, RcFormValues } from "../form-values";
import { CustomRatesFields } from "./custom-rates-fields";
import { focusFirstInvalid } from "./field-ids";
import { MoneyInput } from "./money-input";
import { type PevoOption, PositionsFields } from "./positions-fields";

const POSITIONS_REQUIRED = "At least one position is required";

/**
 * The rate confirmation form (SPEC §2, §5), used to create and to edit. Validation is the shared
 * schema; `onSubmit` gets the parsed data and the form, to put server field errors on it or reset it.
 */
export function RateConfirmationForm({
  defaultValues,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  jobNumberSuggestion,
  assignedPevos = [],
  notice,
}: {
  defaultValues: RcFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (data: TRateConfirmationData, form: RcForm) => void;
  onCancel: () => void;
  /** Put in Job Number once, if the user has not typed one. */
  jobNumberSuggestion?: string;
  /** PEVOs already on the record, listed even when no longer active. */
  assignedPevos?: PevoOption[];
  notice?: ReactNode;
}) {
  const form: RcForm = useForm({
    resolver: zodResolver(ZRateConfirmation),
    defaultValues,
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);

  const suggested = useRef(false);
  useEffect(() => {
    if (!jobNumberSuggestion || suggested.current) return;
    suggested.current = true;
    if (!form.getValues("jobNumber")) form.setValue("jobNumber", jobNumberSuggestion);
  }, [jobNumberSuggestion, form]);

  const activePevos = useActivePevos();
  const pevoOptions = useMemo(() => {
    const options: PevoOption[] = (activePevos.data ?? []).map((p) => ({
      id: p.id,
      name: `${p.firstName} ${p.lastName}`,
    }));
    const known = new Set(options.map((p) => p.id));
    for (const p of assignedPevos) {
      if (!known.has(p.id)) {
        known.add(p.id);
        options.push({ id: p.id, name: `${p.name} (inactive)` });
      }
    }
    return options;
  }, [activePevos.data, assignedPevos]);

  const submit = form.handleSubmit(
    (data) => onSubmit(data, form),
    () => {
      // SPEC §5: with no position, say so and send nothing.
      if (form.getValues("positions").length === 0) toast.error(POSITIONS_REQUIRED);
      focusFirstInvalid(formRef.current);
    },
  );

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className="grid gap-6"
        aria-busy={pending || undefined}
      >
        <fieldset disabled={pending} className="grid min-w-0 gap-6">
          <JobDetailsFields />
          <StandardRatesFields />
          <CustomRatesFields />
          <PositionsFields pevos={pevoOptions} pevosLoading={activePevos.isPending} />
        </fieldset>
        {notice}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : null}
            {submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function JobDetailsFields() {
  const { control, register, formState, setValue, getValues } = useFormContext<RcFormValues>();
  const { errors } = formState;
  const clients = useClientOptions();
  const startDate = useWatch({ control, name: "startDate" });

  // A preselected client (?clientId=) that is not one of the company's clients is dropped.
  useEffect(() => {
    if (!clients.isSuccess || clients.isFetching) return;
    const current = getValues("clientId");
    if (current && !clients.data.some((c) => c.id === current)) setValue("clientId", "");
  }, [clients.isSuccess, clients.isFetching, clients.data, getValues, setValue]);

  const noClients = clients.isSuccess && clients.data.length === 0;
  const text = (name: "jobNumber" | "originAddress" | "destinationAddress", id: string) =>
    controlProps(id, errors[name]?.message);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Job Details</CardTitle>
        <CardDescription>Who the job is for, where it goes and when.</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 md:grid-cols-2">
        <Controller
          control={control}
          name="clientId"
          render={({ field, fieldState }) => (
            <Field
              label="Client"
              htmlFor="rc-clientId"
              error={fieldState.error?.message}
              hint={
                noClients ? (
                  <>
                    You have no clients yet.{" "}
                    <Link to="/clients" className="font-medium text-foreground underline underline-offset-4">
                      Add a client
                    </Link>
                  </>
                ) : clients.isError ? (
                  <>
                    Clients could not be loaded.{" "}
                    <button
                      type="button"
                      className="font-medium text-foreground underline underline-offset-4"
                      onClick={() => void clients.refetch()}
                    >
                      Retry
                    </button>
                  </>
                ) : undefined
              }
            >
              <Select
                // Radix shows a value only if its item exists when it mounts: remount once clients arrive.
                key={clients.data ? "loaded" : "loading"}
                value={field.value ?? ""}
                onValueChange={field.onChange}
                disabled={field.disabled || noClients}
              >
                <SelectTrigger
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...controlProps("rc-clientId", fieldState.error?.message)}
                >
                  <SelectValue placeholder="Select a client" />
                </SelectTrigger>
                <SelectContent>
                  {(clients.data ?? []).map((client) => (
                    <SelectItem key={client.id} value={client.id}>
                      {client.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          )}
        />
        <Field label="Job Number" htmlFor="rc-jobNumber" error={errors.jobNumber?.message}>
          <Input
            {...text("jobNumber", "rc-jobNumber")}
            placeholder="RC-YYYYMMDD-###"
            autoComplete="off"
            {...register("jobNumber")}
          />
        </Field>
        <Field label="Origin Address" htmlFor="rc-originAddress" error={errors.originAddress?.message}>
          <Input
            {...text("originAddress", "rc-originAddress")}
            placeholder="Street, city, state"
            autoComplete="off"
            {...register("originAddress")}
          />
        </Field>
        <Field
          label="Destination Address"
          htmlFor="rc-destinationAddress"
          error={errors.destinationAddress?.message}
        >
          <Input
            {...text("destinationAddress", "rc-destinationAddress")}
            placeholder="Street, city, state"
            autoComplete="off"
            {...register("destinationAddress")}
          />
        </Field>
        <Controller
          control={control}
          name="startDate"
          render={({ field, fieldState }) => (
            <Field label="Start Date" htmlFor="rc-startDate" error={fieldState.error?.message}>
              <DatePicker
                id="rc-startDate"
                value={field.value}
                onChange={(value) => field.onChange(value ?? "")}
                disabled={field.disabled}
                invalid={Boolean(fieldState.error)}
              />
            </Field>
          )}
        />
        <Controller
          control={control}
          name="endDate"
          render={({ field, fieldState }) => (
            <Field
              label="End Date (optional)"
              htmlFor="rc-endDate"
              error={fieldState.error?.message}
              hint="For jobs that run over several days."
            >
              <DatePicker
                id="rc-endDate"
                value={field.value}
                onChange={field.onChange}
                disabled={field.disabled}
                invalid={Boolean(fieldState.error)}
                minDate={startDate || undefined}
                clearable
              />
            </Field>
          )}
        />
        <Field
          label="Description"
          htmlFor="rc-description"
          error={errors.description?.message}
          className="md:col-span-2"
        >
          <Textarea
            {...controlProps("rc-description", errors.description?.message)}
            rows={4}
            placeholder="Load, dimensions, route notes and anything the escort needs to know"
            {...register("description")}
          />
        </Field>
        <Field
          label="Additional Terms (optional)"
          htmlFor="rc-additionalTerms"
          error={errors.additionalTerms?.message}
          className="md:col-span-2"
        >
          <Textarea
            {...controlProps("rc-additionalTerms", errors.additionalTerms?.message)}
            rows={3}
            {...register("additionalTerms")}
          />
        </Field>
      </CardContent>
    </Card>
  );
}

const MONEY_RATES = [
  { name: "minimumDailyRate", label: "Minimum Daily Rate" },
  { name: "mileageRate", label: "Mileage Rate (per mile)" },
  { name: "overnightRate", label: "Overnight Rate" },
  { name: "noGoRate", label: "No-Go Rate" },
  { name: "detentionRate", label: "Detention Rate" },
] as const;

function StandardRatesFields() {
  const { register, formState } = useFormContext<RcFormValues>();
  const errors = formState.errors.standardRates;
  const thresholdError = errors?.detentionThreshold?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Standard Rates</CardTitle>
        <CardDescription>The rates every escort job is billed on.</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {MONEY_RATES.map(({ name, label }) => {
          const id = `rc-standardRates-${name}`;
          const error = errors?.[name]?.message;
          return (
            <Field key={name} label={label} htmlFor={id} error={error}>
              <MoneyInput {...controlProps(id, error)} {...register(`standardRates.${name}`)} />
            </Field>
          );
        })}
        <Field
          label="Detention Threshold (hours)"
          htmlFor="rc-standardRates-detentionThreshold"
          error={thresholdError}
        >
          <Input
            {...controlProps("rc-standardRates-detentionThreshold", thresholdError)}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...register("standardRates.detentionThreshold")}
          />
        </Field>
      </CardContent>
    </Card>
  );
}
