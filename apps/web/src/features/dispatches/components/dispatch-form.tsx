import { zodResolver } from "@hookform/resolvers/zod";
import { EARLIEST_PICKUP_DATE, type TDispatchData, ZDispatch } from "@pevo/shared";
import { useCallback } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { LimitedForm } from "@/components/field-limits";
import { DateField, FormActions } from "@/components/form-fields";
import { PevoPicker } from "@/components/pickers/pevo-picker";
import { PickerField } from "@/components/pickers/picker-field";
import { QualificationMarks } from "@/components/qualification";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useUnsavedChangesGuard } from "@/components/unsaved-changes";
import { pevoPickerSource } from "@/features/pevos";
import { inlineLinkClass } from "@/lib/utils";
import type { DispatchForm as DispatchFormApi, DispatchFormValues } from "../form-values";
import { DriverAndPickupFields } from "./driver-and-pickup-fields";
import { PositionField } from "./position-field";
import { RateConfirmationPicker, rateConfirmationLabel } from "./rate-confirmation-picker";
import { RateConfirmationSummary, type RateConfirmationSummaryData } from "./rate-confirmation-summary";

/**
 * The dispatch form (SPEC §2, §5), shared by the new, edit and details screens. Validation is the
 * shared schema; `onSubmit` gets the parsed data and the form, to put server field errors on it.
 */
export function DispatchForm({
  defaultValues,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  knownRateConfirmation,
  dispatchId,
}: {
  defaultValues: DispatchFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (data: TDispatchData, form: DispatchFormApi) => void;
  onCancel: () => void;
  /** The rate confirmation summary the dispatch came with (saves a request). */
  knownRateConfirmation?: RateConfirmationSummaryData | null;
  /** The dispatch being edited (its own booking does not make its PEVO busy); none for a new one. */
  dispatchId?: string;
}) {
  const form: DispatchFormApi = useForm({ resolver: zodResolver(ZDispatch), defaultValues });
  const { control, formState, setValue } = form;
  const guard = useUnsavedChangesGuard(formState.isDirty, pending);

  const rcId = useWatch({ control, name: "rateConfirmationId" }) ?? "";
  const pevoId = useWatch({ control, name: "pevoId" });
  const pickupDate = useWatch({ control, name: "pickupDate" });
  // The check needs the route: a dispatch without a rate confirmation has none. The pickup date
  // and the dispatch itself let the picker mark who is busy that day, as the save would.
  const job = rcId ? { rateConfirmationId: rcId, from: pickupDate, pickupDate, dispatchId } : null;
  const knownRc = knownRateConfirmation?.id === rcId ? knownRateConfirmation : null;
  // A preselected rate confirmation (?rcId=) that is not one of the company's is dropped.
  const dropMissingRc = useCallback(() => setValue("rateConfirmationId", ""), [setValue]);

  return (
    <LimitedForm
      schema={ZDispatch}
      noValidate
      onSubmit={form.handleSubmit((data) => {
        guard.allowLeave();
        onSubmit(data, form);
      })}
      className="grid gap-6"
      aria-busy={pending || undefined}
    >
      <Card>
        <CardHeader>
          <CardTitle>Dispatch Information</CardTitle>
          <CardDescription>The job, the PEVO and the driver to meet at pickup.</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset disabled={pending} className="grid min-w-0 gap-4 md:grid-cols-2">
            <PickerField
              control={control}
              name="rateConfirmationId"
              id="dispatch-rateConfirmationId"
              label="Rate Confirmation (optional)"
              className="content-start"
              hint={
                <>
                  Type to search.{" "}
                  <Link to="/rate-confirmations/new" className={inlineLinkClass}>
                    New rate confirmation
                  </Link>
                </>
              }
            >
              {(bound) => (
                <RateConfirmationPicker
                  {...bound}
                  noneLabel="None"
                  selectedLabel={knownRc ? rateConfirmationLabel(knownRc) : undefined}
                  onSelectedMissing={dropMissingRc}
                />
              )}
            </PickerField>
            {rcId ? (
              <div className="md:col-span-2 md:row-start-2">
                <RateConfirmationSummary id={rcId} known={knownRateConfirmation} />
              </div>
            ) : null}
            {rcId ? (
              // A row of its own (half width): the driver's name and phone stay side by side.
              <div className="grid min-w-0 gap-4 md:col-span-2 md:grid-cols-2">
                <PositionField form={form} rcId={rcId} known={knownRateConfirmation} />
              </div>
            ) : null}
            {/* The PEVO and, right under it, whether they are qualified for the job's route. */}
            <div className="grid min-w-0 content-start gap-2 md:col-start-2 md:row-start-1">
              <PickerField
                control={control}
                name="pevoId"
                id="dispatch-pevoId"
                label="PEVO (optional)"
                className="content-start"
              >
                {/* The PEVO already on the dispatch stays shown ("(inactive)" when no longer active). */}
                {(bound) => <PevoPicker {...bound} noneLabel="Unassigned" source={pevoPickerSource(job)} />}
              </PickerField>
              <QualificationMarks job={job} pevoId={pevoId} />
            </div>
            <DriverAndPickupFields
              form={form}
              pickupDate={
                <DateField
                  control={control}
                  name="pickupDate"
                  id="dispatch-pickupDate"
                  label="Pickup Date"
                  className="content-start"
                  minDate={EARLIEST_PICKUP_DATE}
                />
              }
              notesRows={4}
              notesPlaceholder="Anything the PEVO and driver should know"
            />
          </fieldset>
        </CardContent>
      </Card>
      <FormActions pending={pending} submitLabel={submitLabel} onCancel={onCancel} />
    </LimitedForm>
  );
}
