import {
  CASH_PAYMENT_METHODS,
  type CashPaymentMethod,
  fromCents,
  PAYMENT_METHOD_LABELS,
  type TInvoice,
  type TPayment,
  toCents,
  ZRecordPayment,
} from "@pevo/shared";
import { FileCheck2, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
import { ApplyCreditDialog, useClientCredit } from "@/features/client-credit";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { fieldErrorParts, firstErrorPerField } from "@/lib/field-errors";
import { formatDate, formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useDeletePayment, useInvoicePayments, useRecordPayment } from "../payments-api";

/** Today as YYYY-MM-DD in the browser (the default payment date; the office can change it). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** Payments on the invoice: total, paid, balance, the list, Record payment and delete. */
export function PaymentsCard({ invoice }: { invoice: TInvoice }) {
  const payments = useInvoicePayments(invoice.id);
  const remove = useDeletePayment(invoice.id);
  const [recording, setRecording] = useState(false);
  const [applying, setApplying] = useState(false);
  const [deleting, setDeleting] = useState<TPayment | null>(null);
  const data = payments.data;
  const canPay = invoice.status !== "void" && data && Number(data.balance) > 0;
  // The client's credit can pay a sent invoice (DECISIONS 'Client credit').
  const credit = useClientCredit(invoice.clientId);
  const sent =
    invoice.status === "sent" || invoice.status === "viewed" || invoice.status === "partially_paid";
  const canApply = canPay && sent && credit.data && toCents(credit.data.credit) > 0;

  return (
    <Card className="no-print mt-4" role="region" aria-labelledby="payments-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="payments-title">Payments</CardTitle>
        <div className="flex flex-wrap gap-2">
          {canApply && credit.data ? (
            <Button size="sm" variant="outline" onClick={() => setApplying(true)}>
              <FileCheck2 />
              Apply client credit ({formatMoney(credit.data.credit)})
            </Button>
          ) : null}
          {canPay ? (
            <Button size="sm" onClick={() => setRecording(true)}>
              <Plus />
              Record payment
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {payments.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !data ? (
          <ErrorState
            message={failureMessage(payments.error, "Error loading payments")}
            onRetry={() => void payments.refetch()}
          />
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-2 text-sm" aria-label="Balance">
              {(
                [
                  ["Total", data.total],
                  // A credit note's part is not money received: the box says so once there is one.
                  [data.payments.some((p) => p.creditNoteId) ? "Paid / credited" : "Paid", data.amountPaid],
                  ["Balance", data.balance],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-md border p-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-semibold tabular-nums">{formatMoney(value)}</dd>
                </div>
              ))}
            </dl>
            {data.payments.length === 0 ? (
              <p className="text-sm text-muted-foreground">No payments recorded yet.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Payments received">
                {data.payments.map((p) => (
                  <li
                    key={p.id}
                    className="flex items-start justify-between gap-2 rounded-md border p-2 text-sm"
                  >
                    <div className="min-w-0 [overflow-wrap:anywhere]">
                      <p className="font-medium">
                        {formatMoney(p.amount)} · {PAYMENT_METHOD_LABELS[p.method]} · {formatDate(p.date)}
                      </p>
                      {p.reference ? <p className="text-muted-foreground">Ref. {p.reference}</p> : null}
                      {p.note ? <p className="text-muted-foreground">{p.note}</p> : null}
                    </div>
                    {/* A credit note's part stays with the credit note (DECISIONS 'Credit notes'). */}
                    {p.creditNoteId ? null : (
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Delete payment of ${formatMoney(p.amount)}`}
                        onClick={() => setDeleting(p)}
                      >
                        <Trash2 />
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
      {recording && data ? (
        <RecordPaymentDialog invoice={invoice} balance={data.balance} onClose={() => setRecording(false)} />
      ) : null}
      {applying && data && credit.data && invoice.clientId ? (
        <ApplyCreditDialog
          clientId={invoice.clientId}
          clientName={invoice.customerName ?? "The client"}
          credit={credit.data.credit}
          invoice={{ id: invoice.id, invoiceNumber: invoice.invoiceNumber, balance: data.balance }}
          onClose={() => setApplying(false)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete payment"
        description={
          deleting
            ? deleting.method === "client_credit"
              ? `Delete the client credit of ${formatMoney(deleting.amount)} applied on ${formatDate(deleting.date)}? The balance goes up by that amount and the credit is the client's again.`
              : `Delete the payment of ${formatMoney(deleting.amount)} from ${formatDate(deleting.date)}? The balance goes up by that amount, and any part of it kept as the client's credit goes too.`
            : ""
        }
        confirmLabel="Delete payment"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success("Payment deleted");
            },
            onError: (error) => {
              setDeleting(null);
              toast.error(failureMessage(error, "Failed to delete the payment"));
            },
          })
        }
      />
    </Card>
  );
}

type Fields = {
  date: string;
  amount: string;
  method: CashPaymentMethod | "";
  reference: string;
  note: string;
};

/** The part of an amount typed above the balance, in cents (0 when the text is not an amount yet). */
function excessCents(amount: string, balance: string) {
  const text = amount.trim();
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return 0;
  return Math.max(0, toCents(text) - toCents(balance));
}

function RecordPaymentDialog({
  invoice,
  balance,
  onClose,
}: {
  invoice: TInvoice;
  balance: string;
  onClose: () => void;
}) {
  const record = useRecordPayment(invoice.id);
  const id = useId();
  const [values, setValues] = useState<Fields>({
    date: today(),
    amount: balance,
    method: "check",
    reference: "",
    note: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const set = (key: keyof Fields, value: string) => setValues((prev) => ({ ...prev, [key]: value }));
  const excess = excessCents(values.amount, balance);

  const submit = () => {
    const parsed = ZRecordPayment.safeParse(values);
    if (!parsed.success) {
      const next = firstErrorPerField<keyof Fields>(parsed.error.issues);
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    const kept = excessCents(parsed.data.amount, balance);
    record.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(
          answer.status === "paid"
            ? `Payment recorded: invoice ${invoice.invoiceNumber} is paid${kept > 0 ? `; ${formatMoney(fromCents(kept))} kept as the client's credit` : ""}`
            : `Payment recorded: ${formatMoney(answer.balance)} left`,
        );
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields)
          setErrors(error.fields as Partial<Record<keyof Fields, string>>);
        toast.error(failureMessage(error, "Failed to record the payment"));
      },
    });
  };

  const describedBy = (key: keyof Fields) => (errors[key] ? `${id}-${key}-error` : undefined);
  const { error } = fieldErrorParts(id, errors);
  const input = (key: "date" | "amount" | "reference", label: string, type: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type={type}
        inputMode={key === "amount" ? "decimal" : undefined}
        value={values[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(key)}
        onChange={(e) => set(key, e.target.value)}
      />
      {error(key)}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record payment</DialogTitle>
          <DialogDescription>
            Invoice {invoice.invoiceNumber}: {formatMoney(balance)} left to pay.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {input("date", "Payment date", "date")}
            {input("amount", "Amount ($)", "text")}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-method`}>Method</Label>
              <Select value={values.method} onValueChange={(v) => set("method", v)}>
                <SelectTrigger id={`${id}-method`} aria-describedby={describedBy("method")}>
                  <SelectValue placeholder="Choose a method" />
                </SelectTrigger>
                <SelectContent>
                  {CASH_PAYMENT_METHODS.map((m) => (
                    <SelectItem key={m} value={m}>
                      {PAYMENT_METHOD_LABELS[m]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {error("method")}
            </div>
            {input("reference", "Reference number", "text")}
          </div>
          {excess > 0 ? (
            <p role="status" className="rounded-md border border-primary/50 bg-primary/10 p-3 text-sm">
              {invoice.clientId
                ? `The amount is ${formatMoney(fromCents(excess))} more than the balance: the invoice will be paid in full and ${formatMoney(fromCents(excess))} will be kept as the client's credit.`
                : `The amount is ${formatMoney(fromCents(excess))} more than the balance, and this invoice has no client to keep it as credit: enter at most ${formatMoney(balance)}.`}
            </p>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Note</Label>
            <Textarea
              id={`${id}-note`}
              rows={3}
              value={values.note}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={describedBy("note")}
              onChange={(e) => set("note", e.target.value)}
            />
            {error("note")}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? <Spinner /> : <Plus />}
              Record payment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
