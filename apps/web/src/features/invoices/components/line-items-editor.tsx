import { LINE_KIND_LABELS, LINE_KINDS, type LineKind } from "@pevo/shared";
import { Plus, Trash2 } from "lucide-react";
import { useCallback } from "react";
import { Controller, useFieldArray, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import {
  chargeFor,
  type DispatchSummary,
  type InvoiceForm,
  isPlaceholderLine,
  type LineItemValues,
  previewTotals,
} from "../form-values";
import { SuggestedLinesDialog } from "./suggested-lines-dialog";

/** Kinds whose charge is not miles × rate: typing miles on them leaves the charge alone. */
const FIXED_AMOUNT_KINDS: LineKind[] = ["overnight", "no_go", "detention", "expense", "discount"];

/** Desktop: one grid row per line; under 768 px each line is a card with its own labels. */
const ROW_GRID = "md:grid md:grid-cols-[10.5rem_minmax(0,1fr)_7.5rem_8.5rem_2.25rem] md:gap-3";

function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

/**
 * The line items editor (SPEC §2, §5): date, kind, location, mileage and charge per line; changing the
 * mileage of a day or mileage line sets the charge by the rate rule (the user may still type a
 * charge); the job's suggested lines; live totals.
 */
export function LineItemsEditor({
  form,
  dispatch,
  taxRate,
  disabled,
}: {
  form: InvoiceForm;
  dispatch: DispatchSummary | null;
  taxRate: string;
  disabled: boolean;
}) {
  const { control, register, setValue, getValues, formState } = form;
  const { fields, append, replace, remove } = useFieldArray({ control, name: "lineItems" });
  const rates = dispatch?.standardRates ?? null;
  const lineErrors = formState.errors.lineItems;
  const listError = lineErrors?.root?.message ?? lineErrors?.message;

  const addLine = () => {
    const lines = getValues("lineItems");
    const date = lines.at(-1)?.date || dispatch?.pickupDate || getValues("issueDate");
    append(
      { kind: "day", date, location: "", mileage: "0", charge: rates ? rates.minimumDailyRate : "0.00" },
      { focusName: `lineItems.${lines.length}.location` },
    );
  };

  const currentLines = useCallback(() => getValues("lineItems"), [getValues]);
  const addSuggested = (picked: LineItemValues[]) => {
    // The untouched line prefilled from the dispatch (or a blank row) gives way to the job's lines.
    const kept = getValues("lineItems").filter((line) => !isPlaceholderLine(line, dispatch));
    replace([...kept, ...picked]);
    toast.success(`Added ${picked.length} line${picked.length === 1 ? "" : "s"}`);
  };

  return (
    <div className="grid gap-4">
      {fields.length > 0 ? (
        <div
          aria-hidden
          className={cn(
            "hidden px-1 text-sm font-medium text-muted-foreground md:grid md:items-end",
            ROW_GRID,
          )}
        >
          <span>Date / Kind</span>
          <span>Location</span>
          <span>Mileage</span>
          <span>Charge ($)</span>
          <span />
        </div>
      ) : (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No line items yet. Add a line for each day or leg of the job.
        </p>
      )}
      <ol aria-label="Line items" className="grid gap-3 empty:hidden">
        {fields.map((field, index) => {
          const base = `line-${index}`;
          const errors = lineErrors?.[index];
          return (
            <li
              key={field.id}
              className={cn(
                "relative grid gap-3 rounded-lg border bg-card p-3 md:items-start md:rounded-none md:border-0 md:bg-transparent md:p-0",
                ROW_GRID,
              )}
            >
              <p className="flex h-6 items-center text-sm font-medium md:hidden">Line {index + 1}</p>
              <div className="grid gap-1.5">
                <Label htmlFor={`${base}-date`} className="md:sr-only">
                  Date
                </Label>
                <Controller
                  control={control}
                  name={`lineItems.${index}.date`}
                  render={({ field: f, fieldState }) => (
                    <DatePicker
                      id={`${base}-date`}
                      value={f.value}
                      onChange={(value) => f.onChange(value ?? "")}
                      disabled={disabled}
                      invalid={Boolean(fieldState.error)}
                    />
                  )}
                />
                <ErrorText id={`${base}-date`} message={errors?.date?.message} />
                <Label htmlFor={`${base}-kind`} className="md:sr-only">
                  Kind
                </Label>
                <Controller
                  control={control}
                  name={`lineItems.${index}.kind`}
                  render={({ field: f }) => (
                    <Select
                      value={f.value}
                      onValueChange={(v) => f.onChange(v as LineKind)}
                      disabled={disabled}
                    >
                      <SelectTrigger id={`${base}-kind`} className="w-full" data-testid="line-kind">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {LINE_KINDS.map((kind) => (
                          <SelectItem key={kind} value={kind}>
                            {LINE_KIND_LABELS[kind]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${base}-location`} className="md:sr-only">
                  Location
                </Label>
                <Input
                  {...controlProps(`${base}-location`, errors?.location?.message)}
                  autoComplete="off"
                  placeholder="City, ST or start → end"
                  disabled={disabled}
                  {...register(`lineItems.${index}.location`)}
                />
                <ErrorText id={`${base}-location`} message={errors?.location?.message} />
              </div>
              <div className="grid grid-cols-2 gap-3 md:contents">
                <div className="grid content-start gap-1.5">
                  <Label htmlFor={`${base}-mileage`} className="md:sr-only">
                    Mileage
                  </Label>
                  <Input
                    {...controlProps(`${base}-mileage`, errors?.mileage?.message)}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    disabled={disabled}
                    {...register(`lineItems.${index}.mileage`, {
                      onChange: (event: { target: { value: string } }) => {
                        // A night, a no-go, a wait or an expense keeps its own amount; days, mileage
                        // and lines typed by hand follow the rate rule as they always did.
                        const kind = getValues(`lineItems.${index}.kind`);
                        if (!rates || FIXED_AMOUNT_KINDS.includes(kind)) return;
                        const charge = chargeFor(event.target.value, rates);
                        if (charge !== null) {
                          setValue(`lineItems.${index}.charge`, charge, {
                            shouldDirty: true,
                            shouldValidate: formState.isSubmitted,
                          });
                        }
                      },
                    })}
                  />
                  <ErrorText id={`${base}-mileage`} message={errors?.mileage?.message} />
                </div>
                <div className="grid content-start gap-1.5">
                  <Label htmlFor={`${base}-charge`} className="md:sr-only">
                    Charge ($)
                  </Label>
                  <div className="relative">
                    <span
                      aria-hidden
                      className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
                    >
                      $
                    </span>
                    <Input
                      {...controlProps(`${base}-charge`, errors?.charge?.message)}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step={0.01}
                      className="pl-6"
                      disabled={disabled}
                      {...register(`lineItems.${index}.charge`)}
                    />
                  </div>
                  <ErrorText id={`${base}-charge`} message={errors?.charge?.message} />
                </div>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="absolute top-1.5 right-1.5 text-muted-foreground hover:text-destructive md:static"
                aria-label={`Remove line item ${index + 1}`}
                title="Remove line item"
                disabled={disabled}
                onClick={() => remove(index)}
              >
                <Trash2 />
              </Button>
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p role="alert" className="text-sm text-destructive">
          {listError}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" onClick={addLine} disabled={disabled}>
          <Plus />
          Add Line Item
        </Button>
        {dispatch ? (
          <SuggestedLinesDialog
            dispatchId={dispatch.id}
            current={currentLines}
            disabled={disabled}
            onAdd={addSuggested}
          />
        ) : null}
      </div>
      <InvoiceTotals form={form} taxRate={taxRate} />
    </div>
  );
}

/** Subtotal, Tax and Total, live from the line charges (exact cents; shared invoice math). */
function InvoiceTotals({ form, taxRate }: { form: InvoiceForm; taxRate: string }) {
  const lines = useWatch({ control: form.control, name: "lineItems" }) ?? [];
  const totals = previewTotals(lines, taxRate);
  const showRate = Number(taxRate) > 0;
  return (
    <dl
      aria-label="Invoice totals"
      aria-live="polite"
      className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-2 border-t pt-4 text-sm"
    >
      <dt className="text-muted-foreground">Subtotal</dt>
      <dd className="text-right tabular-nums" data-testid="invoice-subtotal">
        {formatMoney(totals.subtotal)}
      </dd>
      <dt className="text-muted-foreground">
        Tax{showRate ? <span className="ml-1 text-xs">({Number(taxRate)}%)</span> : null}
      </dt>
      <dd className="text-right tabular-nums" data-testid="invoice-tax">
        {formatMoney(totals.tax)}
      </dd>
      <div className="col-span-2 grid grid-cols-subgrid border-t pt-2 font-semibold">
        <dt>Total</dt>
        <dd className="text-right tabular-nums" data-testid="invoice-total">
          {formatMoney(totals.total)}
        </dd>
      </div>
    </dl>
  );
}
