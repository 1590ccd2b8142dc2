import {
  CASH_PAYMENT_METHODS,
  type CashPaymentMethod,
  fromCents,
  PAYMENT_METHOD_LABELS,
  toCents,
  ZRefundClientCredit,
} from "@pevo/shared";
import { Undo2 } from "lucide-react";
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
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { fieldErrorParts, firstErrorPerField } from "@/lib/field-errors";
import { formatMoney, todayIso } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useRefundClientCredit } from "../api";

type Fields = {
  date: string;
  amount: string;
  method: CashPaymentMethod | "";
  reference: string;
  note: string;
};
type Errors = Partial<Record<keyof Fields, string>>;

/** Record money of the client's credit paid back to it (at most the credit), after a review step. */
export function RefundCreditDialog({
  clientId,
  clientName,
  credit,
  onClose,
}: {
  clientId: string;
  clientName: string;
  credit: string;
  onClose: () => void;
}) {
  const id = useId();
  const refund = useRefundClientCredit(clientId);
  const [values, setValues] = useState<Fields>({
    date: todayIso(),
    amount: credit,
    method: "check",
    reference: "",
    note: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [reviewing, setReviewing] = useState(false);
  const set = (key: keyof Fields, value: string) => {
    setReviewing(false);
    setValues((prev) => ({ ...prev, [key]: value }));
  };

  const review = () => {
    const parsed = ZRefundClientCredit.safeParse(values);
    const next: Errors = parsed.success ? {} : firstErrorPerField(parsed.error.issues);
    if (parsed.success && toCents(parsed.data.amount) > toCents(credit)) {
      next.amount = `The refund cannot exceed the client's credit of $${credit}`;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setReviewing(true);
  };

  const confirm = () => {
    const parsed = ZRefundClientCredit.safeParse(values);
    if (!parsed.success) return;
    refund.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(
          `Refund of ${formatMoney(parsed.data.amount)} recorded; credit left ${formatMoney(answer.credit)}`,
        );
        onClose();
      },
      onError: (error) => {
        setReviewing(false);
        if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
        toast.error(failureMessage(error, "Failed to record the refund"));
      },
    });
  };

  const { error, aria } = fieldErrorParts(id, errors);
  const input = (key: "date" | "amount" | "reference", label: string, type: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type={type}
        inputMode={key === "amount" ? "decimal" : undefined}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        {...aria(key)}
      />
      {error(key)}
    </div>
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record refund</DialogTitle>
          <DialogDescription>
            Money of {clientName}'s credit ({formatMoney(credit)}) paid back to the client.
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
          <div className="grid gap-4 sm:grid-cols-2">
            {input("date", "Refund date", "date")}
            {input("amount", "Amount ($)", "text")}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-method`}>Method</Label>
              <Select value={values.method} onValueChange={(v) => set("method", v)}>
                <SelectTrigger id={`${id}-method`} className="w-full" {...aria("method")}>
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
          {reviewing ? (
            <p role="status" className="rounded-md border border-primary/50 bg-primary/10 p-3 text-sm">
              Record a refund of {formatMoney(values.amount)} to {clientName}
              {values.method ? ` by ${PAYMENT_METHOD_LABELS[values.method]}` : ""}? The credit left is{" "}
              {formatMoney(fromCents(toCents(credit) - toCents(values.amount)))}.
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={reviewing ? () => setReviewing(false) : onClose}>
              {reviewing ? "Back" : "Cancel"}
            </Button>
            <Button type="submit" disabled={refund.isPending}>
              {refund.isPending ? <Spinner /> : <Undo2 />}
              {reviewing ? "Confirm refund" : "Review"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
