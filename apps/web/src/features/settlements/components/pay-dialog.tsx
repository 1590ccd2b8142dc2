import { zodResolver } from "@hookform/resolvers/zod";
import {
  SETTLEMENT_PAY_METHOD_LABELS,
  type TMarkSettlementPaid,
  type TMarkSettlementPaidInput,
  type TSettlementSummary,
  ZMarkSettlementPaid,
} from "@pevo/shared";
import { useForm } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { DateField, InputField, optionsFrom, SelectField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatMoney, todayIso } from "@/lib/format";
import { toast } from "@/lib/toast";
import { usePaySettlement } from "../api";

/** Mark paid: the payment's date, method and reference; each PEVO is emailed their statement. */
export function PayDialog({ settlement, onClose }: { settlement: TSettlementSummary; onClose: () => void }) {
  const pay = usePaySettlement(settlement.id);
  const form = useForm<TMarkSettlementPaidInput, unknown, TMarkSettlementPaid>({
    resolver: zodResolver(ZMarkSettlementPaid),
    defaultValues: { date: todayIso(), method: "ach", reference: "" },
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await pay.mutateAsync(values);
      toast.success("Settlement marked paid: each PEVO is emailed their statement");
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, setError)) toast.error(failureMessage(error, "Could not mark it paid"));
    }
  });
  const count = settlement.pevoCount;
  return (
    <Dialog open onOpenChange={(open) => !open && !pay.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Mark settlement paid</DialogTitle>
          <DialogDescription>
            {formatMoney(settlement.net)} to {count} {count === 1 ? "PEVO" : "PEVOs"}. Each is emailed their
            statement; this cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <LimitedForm schema={ZMarkSettlementPaid} onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField control={control} name="date" id="pay-date" label="Payment date" />
            <SelectField
              control={control}
              name="method"
              id="pay-method"
              label="Method"
              options={optionsFrom(SETTLEMENT_PAY_METHOD_LABELS)}
            />
          </div>
          <InputField
            id="pay-reference"
            label="Reference (optional)"
            placeholder="ACH trace or check number"
            error={formState.errors.reference?.message}
            {...register("reference")}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pay.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pay.isPending}>
              {pay.isPending ? <Spinner /> : null}
              Mark paid
            </Button>
          </DialogFooter>
        </LimitedForm>
      </DialogContent>
    </Dialog>
  );
}
