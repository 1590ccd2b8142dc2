import {
  creditLineAmountCents,
  creditRoomCents,
  fromCents,
  splitCreditNote,
  type TInvoice,
  toCents,
  ZIssueCreditNote,
} from "@pevo/shared";
import { FileMinus, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatMoney, todayIso } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useIssueCreditNote } from "../api";

type Line = { key: number; description: string; quantity: string; rate: string };

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,5}(\.\d{1,2})?$/;
/** A line's amount as the server computes it, or 0 while it is being typed. */
const amountOf = (l: Line) =>
  QUANTITY.test(l.quantity.trim()) && MONEY.test(l.rate.trim())
    ? creditLineAmountCents(l.quantity.trim(), l.rate.trim())
    : 0;

let nextKey = 1;
const blank = (): Line => ({ key: nextKey++, description: "", quantity: "1", rate: "" });

/**
 * Issue credit note (DECISIONS 'Credit notes'): date, a required reason, and lines typed or picked
 * from the invoice's; the total and where it goes (applied to the invoice, credited to the client's
 * account) are shown live, and a review step comes before the credit note is issued: it is a record,
 * never edited.
 */
export function IssueCreditNoteDialog({
  invoice,
  creditedCents,
  onClose,
}: {
  invoice: TInvoice;
  /** The total of the credit notes already issued against this invoice. */
  creditedCents: number;
  onClose: () => void;
}) {
  const issue = useIssueCreditNote(invoice.id);
  const id = useId();
  const [date, setDate] = useState(todayIso());
  const [reason, setReason] = useState("");
  const [lines, setLines] = useState<Line[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reviewing, setReviewing] = useState(false);

  const totalCents = lines.reduce((sum, l) => sum + amountOf(l), 0);
  const room = creditRoomCents(toCents(invoice.total), creditedCents);
  const { appliedCents, toCreditCents } = splitCreditNote(totalCents, toCents(invoice.balance));
  const body = () => ({
    date,
    reason,
    lines: lines.map(({ description, quantity, rate }) => ({ description, quantity, rate })),
  });

  /** A field's message goes as soon as it is changed (the next Review checks again). */
  const forget = (path: string) =>
    setErrors((prev) => {
      const { [path]: _gone, ...rest } = prev;
      return rest;
    });
  const change = (key: number, field: keyof Omit<Line, "key">, value: string) => {
    setLines((prev) => prev.map((l) => (l.key === key ? { ...l, [field]: value } : l)));
    const index = lines.findIndex((l) => l.key === key);
    forget(`lines.${index}.${field}`);
    forget("lines");
  };

  const review = () => {
    const parsed = ZIssueCreditNote.safeParse(body());
    const next: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[issue.path.join(".")] ??= issue.message;
    } else if (totalCents > room) {
      next.lines = `A credit note cannot exceed what is left to credit on this invoice: ${formatMoney(fromCents(room))}`;
    }
    setErrors(next);
    if (Object.keys(next).length === 0) setReviewing(true);
  };

  const submit = () =>
    issue.mutate(body(), {
      onSuccess: (note) => {
        toast.success(`Credit note ${note.creditNoteNumber} issued`);
        onClose();
      },
      onError: (error) => {
        setReviewing(false);
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        toast.error(failureMessage(error, "Failed to issue the credit note"));
      },
    });

  const fieldError = (path: string) =>
    errors[path] ? (
      <p id={`${id}-${path}-error`} className="text-sm text-destructive">
        {errors[path]}
      </p>
    ) : null;

  return (
    <Dialog open onOpenChange={(open) => !open && !issue.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {reviewing ? "Review credit note" : `Issue credit note on ${invoice.invoiceNumber}`}
          </DialogTitle>
          <DialogDescription>
            A credit note is a numbered record: once issued it cannot be edited. Up to the invoice's balance (
            {formatMoney(invoice.balance)}) is applied to it; the rest is credited to the client's account.
          </DialogDescription>
        </DialogHeader>
        {reviewing ? (
          <div className="grid gap-3 text-sm">
            <p>
              Credit note of <strong>{formatMoney(fromCents(totalCents))}</strong> on invoice{" "}
              {invoice.invoiceNumber}, dated {date}.
            </p>
            <p className="whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">
              Reason: {reason}
            </p>
            <Totals total={totalCents} applied={appliedCents} toCredit={toCreditCents} />
            <DialogFooter>
              <Button variant="outline" onClick={() => setReviewing(false)} disabled={issue.isPending}>
                Back
              </Button>
              <Button onClick={submit} disabled={issue.isPending}>
                <FileMinus />
                {issue.isPending ? "Issuing..." : "Issue credit note"}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              review();
            }}
          >
            <div className="grid gap-1.5 sm:max-w-48">
              <Label htmlFor={`${id}-date`}>Date</Label>
              <Input
                id={`${id}-date`}
                type="date"
                value={date}
                aria-invalid={errors.date ? true : undefined}
                onChange={(e) => {
                  setDate(e.target.value);
                  forget("date");
                }}
              />
              {fieldError("date")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-reason`}>Reason</Label>
              <Textarea
                id={`${id}-reason`}
                rows={2}
                value={reason}
                maxLength={1000}
                placeholder="e.g. Mileage billed twice on day 2"
                aria-invalid={errors.reason ? true : undefined}
                onChange={(e) => {
                  setReason(e.target.value);
                  forget("reason");
                }}
              />
              {fieldError("reason")}
            </div>
            {invoice.lineItems.length > 0 ? (
              <div className="grid gap-1.5">
                <p className="text-sm font-medium">Start from the invoice's lines</p>
                <div className="flex flex-wrap gap-2">
                  {invoice.lineItems.map((l) => (
                    <Button
                      key={l.id}
                      type="button"
                      variant="outline"
                      size="sm"
                      className="h-auto max-w-full py-1 text-left whitespace-normal"
                      onClick={() =>
                        setLines((prev) => [
                          ...prev,
                          { key: nextKey++, description: l.location, quantity: "1", rate: l.charge },
                        ])
                      }
                    >
                      <Plus />
                      <span className="[overflow-wrap:anywhere]">
                        {l.location} · {formatMoney(l.charge)}
                      </span>
                    </Button>
                  ))}
                </div>
              </div>
            ) : null}
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-medium">Lines</legend>
              {lines.length === 0 ? (
                <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
                  No lines yet: pick one of the invoice's lines above or add a line.
                </p>
              ) : null}
              {lines.map((l, i) => (
                <div
                  key={l.key}
                  className="grid grid-cols-2 gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_6rem_7rem_6rem_auto] sm:items-start"
                >
                  <div className="col-span-2 grid gap-1 sm:col-span-1">
                    <Label htmlFor={`${id}-l${l.key}-d`} className="text-xs">
                      Description
                    </Label>
                    <Input
                      id={`${id}-l${l.key}-d`}
                      value={l.description}
                      maxLength={300}
                      onChange={(e) => change(l.key, "description", e.target.value)}
                    />
                    {fieldError(`lines.${i}.description`)}
                  </div>
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-l${l.key}-q`} className="text-xs">
                      Quantity
                    </Label>
                    <Input
                      id={`${id}-l${l.key}-q`}
                      inputMode="decimal"
                      value={l.quantity}
                      onChange={(e) => change(l.key, "quantity", e.target.value)}
                    />
                    {fieldError(`lines.${i}.quantity`)}
                  </div>
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-l${l.key}-r`} className="text-xs">
                      Rate ($)
                    </Label>
                    <Input
                      id={`${id}-l${l.key}-r`}
                      inputMode="decimal"
                      value={l.rate}
                      onChange={(e) => change(l.key, "rate", e.target.value)}
                    />
                    {fieldError(`lines.${i}.rate`)}
                  </div>
                  <div className="grid gap-1">
                    <span className="text-xs font-medium">Amount</span>
                    <span className="py-2 text-sm tabular-nums">{formatMoney(fromCents(amountOf(l)))}</span>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="self-end justify-self-end"
                    aria-label={`Remove line ${i + 1}`}
                    onClick={() => setLines((prev) => prev.filter((x) => x.key !== l.key))}
                  >
                    <Trash2 />
                  </Button>
                </div>
              ))}
              <Button
                type="button"
                variant="outline"
                className="justify-self-start"
                onClick={() => setLines((p) => [...p, blank()])}
              >
                <Plus />
                Add line
              </Button>
              {fieldError("lines")}
            </fieldset>
            <Totals total={totalCents} applied={appliedCents} toCredit={toCreditCents} />
            <p className="text-xs text-muted-foreground">
              Up to {formatMoney(fromCents(room))} can still be credited on this invoice (its total minus the
              credit notes already issued).
            </p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Review</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The credit note's total and where it goes, live. */
function Totals({ total, applied, toCredit }: { total: number; applied: number; toCredit: number }) {
  return (
    <dl
      className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm"
      aria-live="polite"
    >
      <dt className="font-semibold">Credit total</dt>
      <dd className="text-right font-semibold tabular-nums">{formatMoney(fromCents(total))}</dd>
      <dt className="text-muted-foreground">Applied to the invoice</dt>
      <dd className="text-right tabular-nums">{formatMoney(fromCents(applied))}</dd>
      <dt className="text-muted-foreground">Credited to the client's account</dt>
      <dd className="text-right tabular-nums">{formatMoney(fromCents(toCredit))}</dd>
    </dl>
  );
}
