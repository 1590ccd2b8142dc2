import { fromCents, toCents, ZApplyClientCredit } from "@pevo/shared";
import { Check } from "lucide-react";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { fieldErrorParts, firstErrorPerField } from "@/lib/field-errors";
import { formatMoney, todayIso } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useApplyClientCredit, useOpenInvoicesOf } from "../api";

type Fields = { invoiceId: string; date: string; amount: string; note: string };
type Errors = Partial<Record<keyof Fields, string>>;

/**
 * Apply the client's credit to one of its open invoices (DECISIONS 'Client credit'): at most the
 * credit and the invoice's balance; the office reviews the amount before it is applied. From the
 * client's Credit card (choose the invoice) or from an invoice (`invoice` fixed).
 */
export function ApplyCreditDialog({
  clientId,
  clientName,
  credit,
  invoice,
  onClose,
}: {
  clientId: string;
  clientName: string;
  credit: string;
  invoice?: { id: string; invoiceNumber: string; balance: string };
  onClose: () => void;
}) {
  const id = useId();
  const apply = useApplyClientCredit(clientId);
  const open = useOpenInvoicesOf(clientId, !invoice);
  const choices = invoice ? [invoice] : (open.data?.items ?? []);
  const suggested = (balance: string) => fromCents(Math.min(toCents(balance), toCents(credit)));
  const [values, setValues] = useState<Fields>({
    invoiceId: invoice?.id ?? "",
    date: todayIso(),
    amount: invoice ? suggested(invoice.balance) : "",
    note: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [reviewing, setReviewing] = useState(false);
  const chosen = choices.find((i) => i.id === values.invoiceId);
  const set = (key: keyof Fields, value: string) => {
    setReviewing(false);
    setValues((prev) => ({ ...prev, [key]: value }));
  };

  const review = () => {
    const parsed = ZApplyClientCredit.safeParse(values);
    const next: Errors = parsed.success ? {} : firstErrorPerField(parsed.error.issues);
    if (parsed.success) {
      const cents = toCents(parsed.data.amount);
      if (cents > toCents(credit)) next.amount = `The amount cannot exceed the client's credit of $${credit}`;
      else if (chosen && cents > toCents(chosen.balance))
        next.amount = `The amount cannot exceed the invoice's balance of $${chosen.balance}`;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setReviewing(true);
  };

  const confirm = () => {
    const parsed = ZApplyClientCredit.safeParse(values);
    if (!parsed.success) return;
    apply.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(
          `${formatMoney(parsed.data.amount)} applied to ${chosen?.invoiceNumber ?? "the invoice"}; credit left ${formatMoney(answer.credit)}`,
        );
        onClose();
      },
      onError: (error) => {
        setReviewing(false);
        if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
        toast.error(failureMessage(error, "Failed to apply the credit"));
      },
    });
  };

  const { error, aria } = fieldErrorParts(id, errors);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Apply client credit</DialogTitle>
          <DialogDescription>
            {clientName} has {formatMoney(credit)} of credit. It pays part or all of an open invoice; no money
            changes hands.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (reviewing) confirm();
            else review();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-invoiceId`}>Invoice</Label>
            {invoice ? (
              <p id={`${id}-invoiceId`} className="text-sm">
                {invoice.invoiceNumber} · {formatMoney(invoice.balance)} due
              </p>
            ) : open.isPending ? (
              <Skeleton className="h-9 w-full" />
            ) : open.isError ? (
              <p className="text-sm text-destructive">
                {failureMessage(open.error, "Error loading the client's invoices")}{" "}
                <Button
                  type="button"
                  variant="link"
                  className="h-auto p-0"
                  onClick={() => void open.refetch()}
                >
                  Retry
                </Button>
              </p>
            ) : choices.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                This client has no open invoice to apply credit to.
              </p>
            ) : (
              <Select
                value={values.invoiceId}
                onValueChange={(v) => {
                  const picked = choices.find((i) => i.id === v);
                  setReviewing(false);
                  setValues((prev) => ({
                    ...prev,
                    invoiceId: v,
                    amount: picked ? suggested(picked.balance) : prev.amount,
                  }));
                }}
              >
                <SelectTrigger id={`${id}-invoiceId`} className="w-full" {...aria("invoiceId")}>
                  <SelectValue placeholder="Choose an open invoice" />
                </SelectTrigger>
                <SelectContent>
                  {choices.map((i) => (
                    <SelectItem key={i.id} value={i.id}>
                      {i.invoiceNumber} · {formatMoney(i.balance)} due
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
            {error("invoiceId")}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-date`}>Date</Label>
              <Input
                id={`${id}-date`}
                type="date"
                value={values.date}
                onChange={(e) => set("date", e.target.value)}
                {...aria("date")}
              />
              {error("date")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-amount`}>Amount ($)</Label>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                value={values.amount}
                onChange={(e) => set("amount", e.target.value)}
                {...aria("amount")}
              />
              {error("amount")}
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Note</Label>
            <Textarea
              id={`${id}-note`}
              rows={2}
              value={values.note}
              onChange={(e) => set("note", e.target.value)}
              {...aria("note")}
            />
            {error("note")}
          </div>
          {reviewing && chosen ? (
            <p role="status" className="rounded-md border border-primary/50 bg-primary/10 p-3 text-sm">
              Apply {formatMoney(values.amount)} of {clientName}'s credit to invoice {chosen.invoiceNumber}?
              Its balance goes from {formatMoney(chosen.balance)} to{" "}
              {formatMoney(fromCents(toCents(chosen.balance) - toCents(values.amount)))}, and the credit left
              is {formatMoney(fromCents(toCents(credit) - toCents(values.amount)))}.
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={reviewing ? () => setReviewing(false) : onClose}>
              {reviewing ? "Back" : "Cancel"}
            </Button>
            <Button type="submit" disabled={apply.isPending || (!invoice && choices.length === 0)}>
              {apply.isPending ? <Spinner /> : <Check />}
              {reviewing ? "Confirm and apply" : "Review"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
