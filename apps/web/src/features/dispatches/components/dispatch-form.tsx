import { zodResolver } from "@hookform/resolvers/zod";
import {
  DISPATCH_STATUSES,
  type DispatchStatus,
  EARLIEST_PICKUP_DATE,
  type TDispatchData,
  ZDispatch,
} from "@pevo/shared";
import { type ReactNode, useEffect, useMemo } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DatePicker } from "@/components/ui/date-picker";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useActivePevoOptions, useRateConfirmationOptions } from "../api";
import type { DispatchForm as DispatchFormApi, DispatchFormValues } from "../form-values";
import { RateConfirmationSummary, type RateConfirmationSummaryData } from "./rate-confirmation-summary";

/** Radix Select items cannot have an empty value: this stands for 'None' / 'Unassigned'. */
const NONE = "none";

const STATUS_LABELS: Record<DispatchStatus, string> = {
  pending: "Pending",
  dispatched: "Dispatched",
  completed: "Completed",
  canceled: "Canceled",
};

/** Long option texts end in an ellipsis instead of running out of the trigger. */
const TRIGGER_CLASS = "min-w-0 [&>span]:min-w-0 [&>span]:truncate";

const linkClass = "font-medium text-foreground underline underline-offset-4";

function RetryHint({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <>
      {what} could not be loaded.{" "}
      <button type="button" className={linkClass} onClick={onRetry}>
        Retry
      </button>
    </>
  );
}

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
  currentPevo,
  knownRateConfirmation,
}: {
  defaultValues: DispatchFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (data: TDispatchData, form: DispatchFormApi) => void;
  onCancel: () => void;
  /** The PEVO already on the dispatch: still offered when no longer active. */
  currentPevo?: { id: string; name: string } | null;
  /** The rate confirmation summary the dispatch came with (saves a request). */
  knownRateConfirmation?: RateConfirmationSummaryData | null;
}) {
  const form: DispatchFormApi = useForm({ resolver: zodResolver(ZDispatch), defaultValues });
  const { control, register, formState, getValues, setValue } = form;
  const { errors } = formState;

  const rateConfirmations = useRateConfirmationOptions();
  const activePevos = useActivePevoOptions();
  const rcId = useWatch({ control, name: "rateConfirmationId" }) ?? "";

  // A preselected rate confirmation (?rcId=) that is not one of the company's is dropped.
  useEffect(() => {
    if (!rateConfirmations.isSuccess || rateConfirmations.isFetching) return;
    const current = getValues("rateConfirmationId");
    if (current && !rateConfirmations.data.some((rc) => rc.id === current)) {
      setValue("rateConfirmationId", "");
    }
  }, [
    rateConfirmations.isSuccess,
    rateConfirmations.isFetching,
    rateConfirmations.data,
    getValues,
    setValue,
  ]);

  const pevoOptions = useMemo(() => {
    const options = (activePevos.data ?? []).map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}` }));
    if (currentPevo && !options.some((p) => p.id === currentPevo.id)) {
      options.push({ id: currentPevo.id, name: `${currentPevo.name} (inactive)` });
    }
    return options;
  }, [activePevos.data, currentPevo]);

  const noRateConfirmations = rateConfirmations.isSuccess && rateConfirmations.data.length === 0;
  const noPevos = activePevos.isSuccess && pevoOptions.length === 0;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((data) => onSubmit(data, form))}
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
            <Controller
              control={control}
              name="rateConfirmationId"
              render={({ field, fieldState }) => (
                <Field
                  label="Rate Confirmation (optional)"
                  htmlFor="dispatch-rateConfirmationId"
                  error={fieldState.error?.message}
                  className="min-w-0 content-start"
                  hint={
                    noRateConfirmations ? (
                      <>
                        No rate confirmations yet.{" "}
                        <Link to="/rate-confirmations/new" className={linkClass}>
                          Create one
                        </Link>
                      </>
                    ) : rateConfirmations.isError ? (
                      <RetryHint what="Rate confirmations" onRetry={() => void rateConfirmations.refetch()} />
                    ) : undefined
                  }
                >
                  <Select
                    value={field.value || NONE}
                    onValueChange={(value) => field.onChange(value === NONE ? "" : value)}
                    disabled={field.disabled}
                  >
                    <SelectTrigger
                      ref={field.ref}
                      className={TRIGGER_CLASS}
                      onBlur={field.onBlur}
                      {...controlProps("dispatch-rateConfirmationId", fieldState.error?.message)}
                    >
                      <SelectValue placeholder="Select a rate confirmation" />
                    </SelectTrigger>
                    <SelectContent className="w-(--radix-select-trigger-width) max-w-[calc(100vw-2rem)]">
                      <SelectItem value={NONE}>None</SelectItem>
                      {(rateConfirmations.data ?? []).map((rc) => (
                        <SelectItem key={rc.id} value={rc.id}>
                          {`${rc.jobNumber} — ${rc.originAddress} → ${rc.destinationAddress}`}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              )}
            />
            {rcId ? (
              <div className="md:col-span-2 md:row-start-2">
                <RateConfirmationSummary id={rcId} known={knownRateConfirmation} />
              </div>
            ) : null}
            <Controller
              control={control}
              name="pevoId"
              render={({ field, fieldState }) => (
                <Field
                  label="PEVO (optional)"
                  htmlFor="dispatch-pevoId"
                  error={fieldState.error?.message}
                  className="min-w-0 content-start md:col-start-2 md:row-start-1"
                  hint={
                    noPevos ? (
                      <>
                        No active PEVOs.{" "}
                        <Link to="/pevos/new" className={linkClass}>
                          Add a PEVO
                        </Link>
                      </>
                    ) : activePevos.isError ? (
                      <RetryHint what="PEVOs" onRetry={() => void activePevos.refetch()} />
                    ) : undefined
                  }
                >
                  <Select
                    value={field.value || NONE}
                    onValueChange={(value) => field.onChange(value === NONE ? "" : value)}
                    disabled={field.disabled}
                  >
                    <SelectTrigger
                      ref={field.ref}
                      className={TRIGGER_CLASS}
                      onBlur={field.onBlur}
                      {...controlProps("dispatch-pevoId", fieldState.error?.message)}
                    >
                      <SelectValue placeholder="Select a PEVO" />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NONE}>Unassigned</SelectItem>
                      {pevoOptions.map((p) => (
                        <SelectItem key={p.id} value={p.id}>
                          {p.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              )}
            />
            <Field
              label="Driver Name"
              htmlFor="dispatch-driverName"
              error={errors.driverName?.message}
              className="content-start"
            >
              <Input
                {...controlProps("dispatch-driverName", errors.driverName?.message)}
                autoComplete="off"
                {...register("driverName")}
              />
            </Field>
            <Field
              label="Driver Phone"
              htmlFor="dispatch-driverPhone"
              error={errors.driverPhone?.message}
              className="content-start"
            >
              <Input
                {...controlProps("dispatch-driverPhone", errors.driverPhone?.message)}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="(555) 123-4567"
                {...register("driverPhone")}
              />
            </Field>
            <Field
              label="Driver Company (optional)"
              htmlFor="dispatch-driverCompany"
              error={errors.driverCompany?.message}
              className="content-start md:col-span-2"
            >
              <Input
                {...controlProps("dispatch-driverCompany", errors.driverCompany?.message)}
                autoComplete="off"
                {...register("driverCompany")}
              />
            </Field>
            <Controller
              control={control}
              name="pickupDate"
              render={({ field, fieldState }) => (
                <Field
                  label="Pickup Date"
                  htmlFor="dispatch-pickupDate"
                  error={fieldState.error?.message}
                  className="content-start"
                >
                  <DatePicker
                    id="dispatch-pickupDate"
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? "")}
                    disabled={field.disabled}
                    invalid={Boolean(fieldState.error)}
                    minDate={EARLIEST_PICKUP_DATE}
                  />
                </Field>
              )}
            />
            <Field
              label="Pickup Time"
              htmlFor="dispatch-pickupTime"
              error={errors.pickupTime?.message}
              className="content-start"
            >
              <Input
                {...controlProps("dispatch-pickupTime", errors.pickupTime?.message)}
                type="time"
                className="dark:scheme-dark"
                {...register("pickupTime")}
              />
            </Field>
            <Field
              label="Notes (optional)"
              htmlFor="dispatch-notes"
              error={errors.notes?.message}
              className="content-start md:col-span-2"
            >
              <Textarea
                {...controlProps("dispatch-notes", errors.notes?.message)}
                rows={4}
                placeholder="Anything the PEVO and driver should know"
                {...register("notes")}
              />
            </Field>
            <Controller
              control={control}
              name="status"
              render={({ field, fieldState }) => (
                <Field
                  label="Status"
                  htmlFor="dispatch-status"
                  error={fieldState.error?.message}
                  className="content-start"
                >
                  <Select
                    value={field.value ?? "pending"}
                    onValueChange={field.onChange}
                    disabled={field.disabled}
                  >
                    <SelectTrigger
                      ref={field.ref}
                      className={TRIGGER_CLASS}
                      onBlur={field.onBlur}
                      {...controlProps("dispatch-status", fieldState.error?.message)}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {DISPATCH_STATUSES.map((status) => (
                        <SelectItem key={status} value={status}>
                          {STATUS_LABELS[status]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              )}
            />
          </fieldset>
        </CardContent>
      </Card>
      <FormButtons pending={pending} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

function FormButtons({
  pending,
  submitLabel,
  onCancel,
}: {
  pending: boolean;
  submitLabel: ReactNode;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {submitLabel}
      </Button>
    </div>
  );
}
