import { zodResolver } from "@hookform/resolvers/zod";
import {
  EARLIEST_PICKUP_DATE,
  positionLabel,
  type TDispatchBatchData,
  type TRateConfirmation,
  ZDispatch,
  ZDispatchBatchShared,
} from "@pevo/shared";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { LimitedForm } from "@/components/field-limits";
import { DateField, FormActions } from "@/components/form-fields";
import { PevoPicker } from "@/components/pickers/pevo-picker";
import { PickerField } from "@/components/pickers/picker-field";
import { QualificationMarks } from "@/components/qualification";
import { DispatchStatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { useUnsavedChangesGuard } from "@/components/unsaved-changes";
import { pevoPickerSource } from "@/features/pevos";
import { applyFieldErrors } from "@/lib/api";
import { DriverAndPickupFields } from "./driver-and-pickup-fields";

/** The form: the shared driver part, and one row per position (ticked: a dispatch is made for it). */
const ZPositionsForm = ZDispatchBatchShared.extend({
  rows: z.array(
    z.object({
      selected: z.boolean(),
      positionType: ZDispatch.shape.positionType,
      positionName: ZDispatch.shape.positionName,
      pevoId: ZDispatch.shape.pevoId,
      pickupDate: ZDispatch.shape.pickupDate,
    }),
  ),
}).refine((f) => f.rows.some((r) => r.selected), { path: ["rows"], message: "Choose at least one position" });
type FormInput = z.input<typeof ZPositionsForm>;
type FormData = z.output<typeof ZPositionsForm>;

/**
 * Every position still open ticked (one already covered by a dispatch with a PEVO is not, and cannot
 * be), with its PEVO and the rate confirmation's start date (DECISIONS 'One dispatch per position').
 */
function defaultsOf(rc: TRateConfirmation): FormInput {
  return {
    driverName: "",
    driverPhone: "",
    driverCompany: "",
    pickupTime: "09:00",
    notes: "",
    status: "pending",
    rows: rc.positions.map((p) => ({
      selected: !p.coveredBy,
      positionType: p.positionType,
      positionName: p.customName ?? "",
      pevoId: p.pevoId ?? "",
      pickupDate: rc.startDate,
    })),
  };
}

/**
 * A position a dispatch already covers: shown, not offered (DECISIONS 'One dispatch per position':
 * the server refuses a second dispatch of it), with the covering dispatch's PEVO and status.
 */
function CoveredPosition({
  n,
  label,
  by,
}: {
  n: number;
  label: string | null;
  by: NonNullable<TRateConfirmation["positions"][number]["coveredBy"]>;
}) {
  return (
    <fieldset
      disabled
      aria-label={`Position ${n}: ${label}`}
      className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-dashed bg-muted/40 p-3 text-sm"
    >
      <label htmlFor={`positions-${n - 1}-selected`} className="flex min-w-0 items-center gap-2 font-medium">
        <Checkbox id={`positions-${n - 1}-selected`} checked={false} disabled />
        <span className="break-words">{label}</span>
      </label>
      <Badge variant="secondary">Already dispatched</Badge>
      <span className="flex min-w-0 flex-wrap items-center gap-2 text-muted-foreground">
        <span>
          PEVO <span className="font-medium text-foreground">{by.pevoName}</span>
        </span>
        <DispatchStatusBadge status={by.status} />
      </span>
    </fieldset>
  );
}

/**
 * 'Create Dispatch' from a rate confirmation with positions: one dispatch per ticked position, each
 * prefilled with the position's PEVO and the job's start date; the driver and pickup time are shared.
 */
export function DispatchPositionsForm({
  rc,
  pending,
  onSubmit,
  onCancel,
}: {
  rc: TRateConfirmation;
  pending: boolean;
  /** The batch to create; `fail` puts the server's field messages back on the form. */
  onSubmit: (data: TDispatchBatchData, fail: (error: unknown) => boolean) => void;
  onCancel: () => void;
}) {
  const form = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(ZPositionsForm),
    defaultValues: defaultsOf(rc),
  });
  const { control, formState } = form;
  const { errors } = formState;
  const guard = useUnsavedChangesGuard(formState.isDirty, pending);
  const { fields } = useFieldArray({ control, name: "rows" });
  const rows = useWatch({ control, name: "rows" });
  const chosen = rows.filter((r) => r.selected).length;

  return (
    <LimitedForm
      schema={ZDispatch}
      noValidate
      onSubmit={form.handleSubmit(({ rows: all, ...shared }) => {
        guard.allowLeave();
        // Server messages name positions.N of the ticked rows: map them back to the row's index.
        const ticked = all.flatMap((r, i) => (r.selected ? [i] : []));
        const fail = (error: unknown) =>
          applyFieldErrors(error, (name: string, e: { type: string; message: string }) =>
            form.setError(
              name.replace(/^positions\.(\d+)\./, (_, n) => `rows.${ticked[Number(n)]}.`) as never,
              e,
            ),
          );
        onSubmit(
          {
            ...shared,
            rateConfirmationId: rc.id,
            allowConflict: false,
            qualificationOverride: null,
            positions: all.filter((r) => r.selected).map(({ selected: _s, ...p }) => p),
          },
          fail,
        );
      })}
      className="grid gap-6"
      aria-busy={pending || undefined}
    >
      <Card>
        <CardHeader>
          <CardTitle>Positions</CardTitle>
          <CardDescription>
            One dispatch per ticked position of {rc.jobNumber}. Untick a position to leave it for later; one
            already dispatched is shown with its PEVO and cannot be dispatched again.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {fields.map((field, i) => {
            const label = positionLabel({
              positionType: rows[i]?.positionType || null,
              positionName: rows[i]?.positionName,
            });
            const selected = rows[i]?.selected;
            const coveredBy = rc.positions[i]?.coveredBy;
            if (coveredBy) return <CoveredPosition key={field.id} n={i + 1} label={label} by={coveredBy} />;
            return (
              <fieldset
                key={field.id}
                disabled={pending}
                aria-label={`Position ${i + 1}: ${label}`}
                className="grid min-w-0 gap-3 rounded-md border p-3 md:grid-cols-[minmax(0,12rem)_1fr_1fr] md:items-start"
              >
                <Controller
                  control={control}
                  name={`rows.${i}.selected`}
                  render={({ field: box }) => (
                    <label
                      htmlFor={`positions-${i}-selected`}
                      className="flex min-w-0 flex-wrap items-center gap-2 pt-1 text-sm font-medium md:pt-8"
                    >
                      <Checkbox
                        id={`positions-${i}-selected`}
                        checked={box.value}
                        onCheckedChange={(v) => box.onChange(v === true)}
                        onBlur={box.onBlur}
                      />
                      <span className="break-words">{label}</span>
                    </label>
                  )}
                />
                <PickerField
                  control={control}
                  name={`rows.${i}.pevoId`}
                  id={`positions-${i}-pevoId`}
                  label="PEVO"
                  className="content-start"
                >
                  {(bound) => (
                    <PevoPicker
                      {...bound}
                      disabled={!selected || pending}
                      noneLabel="Unassigned"
                      source={pevoPickerSource({
                        rateConfirmationId: rc.id,
                        from: rows[i]?.pickupDate,
                        pickupDate: rows[i]?.pickupDate,
                      })}
                    />
                  )}
                </PickerField>
                {selected ? (
                  <QualificationMarks
                    job={{
                      rateConfirmationId: rc.id,
                      from: rows[i]?.pickupDate,
                      pickupDate: rows[i]?.pickupDate,
                    }}
                    pevoId={rows[i]?.pevoId}
                    className="md:col-span-3"
                  />
                ) : null}
                <DateField
                  control={control}
                  name={`rows.${i}.pickupDate`}
                  id={`positions-${i}-pickupDate`}
                  label="Pickup Date"
                  className="content-start"
                  minDate={EARLIEST_PICKUP_DATE}
                  disabled={!selected || pending}
                />
              </fieldset>
            );
          })}
          {errors.rows?.message || errors.rows?.root?.message ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.rows?.message ?? errors.rows?.root?.message}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Driver and Pickup</CardTitle>
          <CardDescription>The same driver and pickup time for every dispatch.</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset disabled={pending} className="grid min-w-0 gap-4 md:grid-cols-2">
            <DriverAndPickupFields
              form={form}
              notesRows={3}
              notesPlaceholder="Anything the PEVOs and driver should know"
            />
          </fieldset>
        </CardContent>
      </Card>
      <FormActions
        pending={pending}
        submitLabel={chosen === 1 ? "Create 1 Dispatch" : `Create ${chosen} Dispatches`}
        onCancel={onCancel}
      />
    </LimitedForm>
  );
}
