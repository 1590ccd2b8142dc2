import { zodResolver } from "@hookform/resolvers/zod";
import { type TRateConfirmationData, ZRateConfirmation } from "@pevo/shared";
import { type ReactNode, useCallback, useEffect, useRef } from "react";
import { FormProvider, useForm, useFormContext, useWatch } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { DateField, FormActions, InputField, TextareaField } from "@/components/form-fields";
import { ClientPicker } from "@/components/pickers/client-picker";
import { PickerField } from "@/components/pickers/picker-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { controlProps, Field } from "@/components/ui/field";
import { useUnsavedChangesGuard } from "@/components/unsaved-changes";
import { clientPickerSource } from "@/features/clients";
import { toast } from "@/lib/toast";
import type { RcForm, RcFormValues } from "../form-values";
import { AdditionalRatesFields } from "./additional-rates-fields";
import { CustomRatesFields } from "./custom-rates-fields";
import { focusFirstInvalid } from "./field-ids";
import { LoadDetailsFields } from "./load-details-fields";
import { MoneyInput } from "./money-input";
import { PositionsFields } from "./positions-fields";

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
  notice,
  rateConfirmationId,
}: {
  defaultValues: RcFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (data: TRateConfirmationData, form: RcForm) => void;
  onCancel: () => void;
  /** Put in Job Number once, if the user has not typed one. */
  jobNumberSuggestion?: string;
  notice?: ReactNode;
  /** The rate confirmation being edited (its own positions do not make a PEVO busy); none for a new one. */
  rateConfirmationId?: string;
}) {
  const form: RcForm = useForm({
    resolver: zodResolver(ZRateConfirmation),
    defaultValues,
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const guard = useUnsavedChangesGuard(form.formState.isDirty, pending);

  const suggested = useRef(false);
  useEffect(() => {
    if (!jobNumberSuggestion || suggested.current) return;
    suggested.current = true;
    if (!form.getValues("jobNumber")) form.setValue("jobNumber", jobNumberSuggestion);
  }, [jobNumberSuggestion, form]);

  const submit = form.handleSubmit(
    (data) => {
      guard.allowLeave();
      onSubmit(data, form);
    },
    () => {
      // SPEC §5: with no position, say so and send nothing.
      if (form.getValues("positions").length === 0) toast.error(POSITIONS_REQUIRED);
      focusFirstInvalid(formRef.current);
    },
  );

  return (
    <FormProvider {...form}>
      <LimitedForm
        schema={ZRateConfirmation}
        ref={formRef}
        noValidate
        onSubmit={submit}
        className="grid gap-6"
        aria-busy={pending || undefined}
      >
        <fieldset disabled={pending} className="grid min-w-0 gap-6">
          <JobDetailsFields />
          <StandardRatesFields />
          <AdditionalRatesFields />
          <CustomRatesFields />
          <PositionsFields rateConfirmationId={rateConfirmationId} />
          <LoadDetailsFields />
        </fieldset>
        {notice}
        <FormActions pending={pending} submitLabel={submitLabel} onCancel={onCancel} />
      </LimitedForm>
    </FormProvider>
  );
}

function JobDetailsFields() {
  const { control, register, formState, setValue } = useFormContext<RcFormValues>();
  const { errors } = formState;
  const startDate = useWatch({ control, name: "startDate" });
  // A preselected client (?clientId=) that is not one of the company's clients is dropped.
  const dropMissingClient = useCallback(() => setValue("clientId", ""), [setValue]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Job Details</CardTitle>
        <CardDescription>Who the job is for, where it goes and when.</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 md:grid-cols-2">
        <PickerField control={control} name="clientId" id="rc-clientId" label="Client">
          {(bound) => (
            <ClientPicker {...bound} source={clientPickerSource} onSelectedMissing={dropMissingClient} />
          )}
        </PickerField>
        <InputField
          id="rc-jobNumber"
          label="Job Number"
          error={errors.jobNumber?.message}
          placeholder="RC-YYYYMMDD-###"
          autoComplete="off"
          {...register("jobNumber")}
        />
        <InputField
          id="rc-originAddress"
          label="Origin Address"
          error={errors.originAddress?.message}
          placeholder="Street, city, state"
          autoComplete="off"
          {...register("originAddress")}
        />
        <InputField
          id="rc-destinationAddress"
          label="Destination Address"
          error={errors.destinationAddress?.message}
          placeholder="Street, city, state"
          autoComplete="off"
          {...register("destinationAddress")}
        />
        <DateField control={control} name="startDate" id="rc-startDate" label="Start Date" />
        <DateField
          control={control}
          name="endDate"
          id="rc-endDate"
          label="End Date (optional)"
          hint="For jobs that run over several days."
          minDate={startDate || undefined}
          clearable
        />
        <TextareaField
          id="rc-description"
          label="Description"
          error={errors.description?.message}
          className="md:col-span-2"
          rows={4}
          placeholder="Load, dimensions, route notes and anything the escort needs to know"
          {...register("description")}
        />
        <TextareaField
          id="rc-additionalTerms"
          label="Additional Terms (optional)"
          error={errors.additionalTerms?.message}
          className="md:col-span-2"
          rows={3}
          {...register("additionalTerms")}
        />
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
        <InputField
          id="rc-standardRates-detentionThreshold"
          label="Detention Threshold (hours)"
          error={errors?.detentionThreshold?.message}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...register("standardRates.detentionThreshold")}
        />
      </CardContent>
    </Card>
  );
}
