import { zodResolver } from "@hookform/resolvers/zod";
import {
  ADJUSTMENT_KIND_LABELS,
  type TSettlementAdjustment,
  type TSettlementAdjustmentInput,
  ZSettlementAdjustmentInput,
} from "@pevo/shared";
import { useForm } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { InputField, optionsFrom, SelectField, TextareaField } from "@/components/form-fields";
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
import { toast } from "@/lib/toast";
import { useAddAdjustment } from "../api";

/** Add adjustment: an advance already paid or a deduction lowers the net; a bonus or a reimbursement raises it. */
export function AdjustmentDialog({
  settlementId,
  pevo,
  onClose,
}: {
  settlementId: string;
  pevo: { id: string; name: string };
  onClose: () => void;
}) {
  const add = useAddAdjustment(settlementId);
  const form = useForm<TSettlementAdjustmentInput, unknown, TSettlementAdjustment>({
    resolver: zodResolver(ZSettlementAdjustmentInput),
    defaultValues: { pevoId: pevo.id, kind: "bonus", amount: "", note: "" },
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast.success(`Adjustment added to ${pevo.name}'s statement`);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, setError))
        toast.error(failureMessage(error, "Could not add the adjustment"));
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && !add.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add adjustment</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            On {pevo.name}'s statement. An advance or a deduction is taken off the net; a bonus or a
            reimbursement is added.
          </DialogDescription>
        </DialogHeader>
        <LimitedForm
          schema={ZSettlementAdjustmentInput}
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              control={control}
              name="kind"
              id="adjustment-kind"
              label="Kind"
              options={optionsFrom(ADJUSTMENT_KIND_LABELS)}
            />
            <InputField
              id="adjustment-amount"
              label="Amount ($)"
              inputMode="decimal"
              error={formState.errors.amount?.message}
              {...register("amount")}
            />
          </div>
          <TextareaField
            id="adjustment-note"
            label="Note"
            rows={2}
            error={formState.errors.note?.message}
            {...register("note")}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? <Spinner /> : null}
              Add adjustment
            </Button>
          </DialogFooter>
        </LimitedForm>
      </DialogContent>
    </Dialog>
  );
}
