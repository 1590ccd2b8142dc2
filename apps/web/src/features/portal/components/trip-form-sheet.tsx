import { zodResolver } from "@hookform/resolvers/zod";
import {
  EXPENSE_TYPES,
  type ExpenseType,
  fromCents,
  type TTripLog,
  type TTripLogData,
  type TTripLogInput,
  toCents,
  ZTripLog,
} from "@pevo/shared";
import { Plus, Trash2 } from "lucide-react";
import { type RefObject, useRef } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { DateField, InputField, TextareaField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { useConfirmDiscard } from "@/components/unsaved-changes";
import { applyFieldErrors } from "@/lib/api";
import { formatDate, formatMoney, todayIso } from "@/lib/format";
import { SAVED_ON_PHONE } from "@/lib/offline/send";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { usePortalDispatchOptions } from "../api";
import { dispatchLabel, tapTarget } from "../lib";
import { useSaveTripLog } from "../trip-log-api";

export const EXPENSE_LABELS: Record<ExpenseType, string> = {
  fuel: "Fuel",
  lodging: "Lodging",
  tolls: "Tolls",
  other: "Other",
};

/** The Select's value for "no dispatch" (Radix items cannot have an empty value). */
const NONE = "none";

/** Miles and hours '12.50' → '12.5' for editing; the server always answers with two decimals. */
const plain = (value: string) =>
  value === "" || Number.isNaN(Number(value)) ? value : String(Number(value));

type FormValues = {
  tripDate: string;
  dispatchId: string;
  startLocation: string;
  endLocation: string;
  miles: string;
  hours: string;
  waitHours: string;
  standbyHours: string;
  overnight: boolean;
  noGo: boolean;
  notes: string;
  expenses: { type: ExpenseType; amount: string }[];
};

/** What a new entry starts with (completing a job prefills its date, dispatch, start and end). */
export type TripPrefill = Partial<
  Pick<FormValues, "tripDate" | "dispatchId" | "startLocation" | "endLocation">
>;

function toFormValues(trip: TTripLog | null, prefill?: TripPrefill): FormValues {
  return {
    tripDate: trip?.tripDate ?? prefill?.tripDate ?? todayIso(),
    dispatchId: trip?.dispatchId ?? prefill?.dispatchId ?? "",
    startLocation: trip?.startLocation ?? prefill?.startLocation ?? "",
    endLocation: trip?.endLocation ?? prefill?.endLocation ?? "",
    miles: trip ? plain(trip.miles) : "",
    hours: trip ? plain(trip.hours) : "",
    waitHours: trip && Number(trip.waitHours) > 0 ? plain(trip.waitHours) : "",
    standbyHours: trip && Number(trip.standbyHours) > 0 ? plain(trip.standbyHours) : "",
    overnight: trip?.overnight ?? false,
    noGo: trip?.noGo ?? false,
    notes: trip?.notes ?? "",
    expenses: trip?.expenses.map((e) => ({ type: e.type, amount: e.amount })) ?? [],
  };
}

/** The sum of the typed amounts that are valid money; the rest count as 0. */
function expensesTotal(expenses: { amount: string }[] | undefined) {
  const cents = (expenses ?? []).reduce(
    (sum, e) => sum + (/^\d{1,10}(\.\d{1,2})?$/.test(e.amount?.trim() ?? "") ? toCents(e.amount) : 0),
    0,
  );
  return formatMoney(fromCents(cents));
}

/**
 * New / edit trip entry in a panel from the right (full width on a phone). The form is mounted fresh
 * each time it opens, so it always starts from `trip`.
 */
export function TripFormSheet({
  open,
  trip,
  prefill,
  onClose,
}: {
  open: boolean;
  trip: TTripLog | null;
  /** A new entry's starting values. */
  prefill?: TripPrefill;
  onClose: () => void;
}) {
  const save = useSaveTripLog();
  const editing = Boolean(trip);
  // The form asks before discarding what was typed (useConfirmDiscard); it sets how to close.
  const requestClose = useRef(onClose);
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (!next && !save.isPending) requestClose.current();
      }}
    >
      <SheetContent side="right" className="w-full gap-0 sm:max-w-lg">
        <div className="border-b px-4 py-4 pr-12 sm:px-6">
          <SheetTitle>{editing ? "Edit Trip Entry" : "New Trip Entry"}</SheetTitle>
          <SheetDescription>
            {editing
              ? "Update this trip's details."
              : "Record a trip: where, how far, how long and what it cost."}
          </SheetDescription>
        </div>
        {open ? (
          <TripForm
            key={trip?.id ?? "new"}
            trip={trip}
            prefill={prefill}
            onClose={onClose}
            requestClose={requestClose}
            save={save}
          />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function TripForm({
  trip,
  prefill,
  onClose,
  requestClose,
  save,
}: {
  trip: TTripLog | null;
  prefill?: TripPrefill;
  onClose: () => void;
  requestClose: RefObject<() => void>;
  save: ReturnType<typeof useSaveTripLog>;
}) {
  const form = useForm<TTripLogInput, unknown, TTripLogData>({
    resolver: zodResolver(ZTripLog),
    defaultValues: toFormValues(trip, prefill),
  });
  // The picker offers the PEVO's dispatches with a pickup near the trip's date.
  const tripDate = useWatch({ control: form.control, name: "tripDate" }) as string | undefined;
  const dispatches = usePortalDispatchOptions(
    tripDate && /^\d{4}-\d{2}-\d{2}$/.test(tripDate) ? tripDate : todayIso(),
  );
  const { errors } = form.formState;
  const discard = useConfirmDiscard(form.formState.isDirty, onClose);
  requestClose.current = discard.requestClose;
  const expenses = useFieldArray({ control: form.control, name: "expenses" });
  const watchedExpenses = useWatch({ control: form.control, name: "expenses" }) as FormValues["expenses"];

  const onSubmit = form.handleSubmit((data) =>
    save.mutate(
      { trip: trip ?? undefined, data },
      {
        onSuccess: ({ queued }) => {
          if (queued) toast.info(SAVED_ON_PHONE);
          else toast.success(trip ? "Trip entry updated" : "Trip entry saved");
          onClose();
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError);
          toast.error(error.message);
        },
      },
    ),
  );

  // A trip of a dispatch that is no longer listed (reassigned) still shows its job number.
  const options = dispatches.data?.items ?? [];
  const missing = trip?.dispatchId && !options.some((d) => d.id === trip.dispatchId) ? trip : null;

  return (
    <LimitedForm schema={ZTripLog} noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <fieldset
        disabled={save.isPending}
        className="grid min-w-0 flex-1 content-start gap-4 overflow-y-auto px-4 py-4 sm:px-6"
      >
        <div className="grid gap-4">
          <DateField
            control={form.control}
            name="tripDate"
            id="trip-tripDate"
            label="Date"
            className="[&>button]:h-11 md:[&>button]:h-9"
          />
          <Field label="Dispatch (optional)" htmlFor="trip-dispatchId" error={errors.dispatchId?.message}>
            <Controller
              control={form.control}
              name="dispatchId"
              render={({ field }) => (
                <Select
                  value={field.value || NONE}
                  onValueChange={(value) => field.onChange(value === NONE ? "" : value)}
                >
                  <SelectTrigger
                    {...controlProps("trip-dispatchId", errors.dispatchId?.message)}
                    // The chosen dispatch (its span: Radix's SelectValue takes no class) has no width of
                    // its own (contain) and is cut: a long job number does not widen the panel past a
                    // phone's screen.
                    className={cn(
                      tapTarget,
                      "[&>span]:min-w-0 [&>span]:flex-1 [&>span]:truncate [&>span]:text-left [&>span]:[contain:inline-size]",
                    )}
                  >
                    <SelectValue placeholder={dispatches.isPending ? "Loading dispatches..." : "None"} />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE} className="py-2.5 md:py-1.5">
                      None
                    </SelectItem>
                    {missing?.dispatchId ? (
                      <SelectItem value={missing.dispatchId} className="py-2.5 md:py-1.5">
                        {missing.jobNumber ?? "No job #"}
                      </SelectItem>
                    ) : null}
                    {options.map((d) => (
                      <SelectItem key={d.id} value={d.id} className="py-2.5 md:py-1.5">
                        {dispatchLabel(d, formatDate(d.pickupDate))}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
        </div>

        <InputField
          id="trip-startLocation"
          label="Start Location"
          error={errors.startLocation?.message}
          inputClassName={tapTarget}
          placeholder="e.g. Dallas, TX"
          autoComplete="off"
          {...form.register("startLocation")}
        />
        <InputField
          id="trip-endLocation"
          label="End Location"
          error={errors.endLocation?.message}
          inputClassName={tapTarget}
          placeholder="e.g. Tulsa, OK"
          autoComplete="off"
          {...form.register("endLocation")}
        />

        <div className="grid grid-cols-2 items-start gap-4">
          <InputField
            id="trip-miles"
            label="Miles"
            error={errors.miles?.message}
            inputClassName={tapTarget}
            inputMode="decimal"
            placeholder="0"
            autoComplete="off"
            {...form.register("miles")}
          />
          <InputField
            id="trip-hours"
            label="Hours"
            error={errors.hours?.message}
            inputClassName={tapTarget}
            inputMode="decimal"
            placeholder="0"
            autoComplete="off"
            {...form.register("hours")}
          />
        </div>

        {/* What the office bills beyond the day: waiting on the load, a night away, a called-off move. */}
        <div className="grid grid-cols-2 items-start gap-4">
          <InputField
            id="trip-waitHours"
            label="Wait time (optional)"
            hint="Hours waiting on the load"
            error={errors.waitHours?.message}
            inputClassName={tapTarget}
            inputMode="decimal"
            placeholder="0"
            autoComplete="off"
            {...form.register("waitHours")}
          />
          <InputField
            id="trip-standbyHours"
            label="Standby (optional)"
            hint="Hours held with the load parked"
            error={errors.standbyHours?.message}
            inputClassName={tapTarget}
            inputMode="decimal"
            placeholder="0"
            autoComplete="off"
            {...form.register("standbyHours")}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="overnight"
            render={({ field }) => (
              <Label className={cn("flex items-center gap-3 rounded-md border p-3 font-normal", tapTarget)}>
                <Checkbox
                  checked={field.value ?? false}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
                Stayed overnight
              </Label>
            )}
          />
          <Controller
            control={form.control}
            name="noGo"
            render={({ field }) => (
              <Label className={cn("flex items-center gap-3 rounded-md border p-3 font-normal", tapTarget)}>
                <Checkbox
                  checked={field.value ?? false}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
                No-go (move called off)
              </Label>
            )}
          />
        </div>

        <TextareaField
          id="trip-notes"
          label="Notes"
          error={errors.notes?.message}
          rows={3}
          {...form.register("notes")}
        />

        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-2 flex w-full items-center justify-between text-sm font-medium">
            <span>Expenses</span>
            {expenses.fields.length ? (
              <span className="font-normal text-muted-foreground">
                Total {expensesTotal(watchedExpenses)}
              </span>
            ) : null}
          </legend>
          {expenses.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">No expenses on this trip.</p>
          ) : null}
          {expenses.fields.map((row, index) => {
            const typeError = errors.expenses?.[index]?.type?.message;
            const amountError = errors.expenses?.[index]?.amount?.message;
            const amountId = `trip-expenses-${index}-amount`;
            return (
              <div key={row.id} className="grid gap-1.5">
                <div className="flex items-start gap-2">
                  <Controller
                    control={form.control}
                    name={`expenses.${index}.type`}
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange}>
                        <SelectTrigger
                          aria-label={`Expense ${index + 1} type`}
                          aria-invalid={typeError ? true : undefined}
                          className={cn("min-w-0 flex-1", tapTarget)}
                        >
                          <SelectValue placeholder="Type" />
                        </SelectTrigger>
                        <SelectContent>
                          {EXPENSE_TYPES.map((type) => (
                            <SelectItem key={type} value={type} className="py-2.5 md:py-1.5">
                              {EXPENSE_LABELS[type]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                  <div className="relative w-32 shrink-0">
                    <span
                      aria-hidden
                      className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
                    >
                      $
                    </span>
                    <Input
                      id={amountId}
                      aria-label={`Expense ${index + 1} amount`}
                      aria-invalid={amountError ? true : undefined}
                      aria-describedby={amountError ? `${amountId}-error` : undefined}
                      className={cn("pl-6", tapTarget)}
                      inputMode="decimal"
                      placeholder="0.00"
                      autoComplete="off"
                      {...form.register(`expenses.${index}.amount`)}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-11 shrink-0 text-muted-foreground hover:text-destructive md:size-9"
                    aria-label={`Remove expense ${index + 1}`}
                    onClick={() => expenses.remove(index)}
                  >
                    <Trash2 />
                  </Button>
                </div>
                {typeError || amountError ? (
                  <p id={`${amountId}-error`} role="alert" className="text-sm text-destructive">
                    {amountError ?? typeError}
                  </p>
                ) : null}
              </div>
            );
          })}
          <Button
            variant="outline"
            className={cn("w-full sm:w-auto sm:justify-self-start", tapTarget)}
            onClick={() => expenses.append({ type: "fuel", amount: "" })}
          >
            <Plus />
            Add Expense
          </Button>
        </fieldset>
      </fieldset>

      <div className="grid grid-cols-2 gap-2 border-t px-4 py-3 sm:flex sm:justify-end sm:px-6">
        <Button
          variant="outline"
          className={tapTarget}
          disabled={save.isPending}
          onClick={discard.requestClose}
        >
          Cancel
        </Button>
        <Button type="submit" className={tapTarget} disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {save.isPending ? "Saving..." : trip ? "Update Entry" : "Save Entry"}
        </Button>
      </div>
      {discard.prompt}
    </LimitedForm>
  );
}
