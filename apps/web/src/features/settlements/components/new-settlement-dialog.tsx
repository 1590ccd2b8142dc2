import { zodResolver } from "@hookform/resolvers/zod";
import {
  addDays,
  PAY_PERIOD_LABELS,
  type PayPeriodKind,
  periodEnd,
  type TCreateSettlement,
  type TCreateSettlementInput,
  ZCreateSettlement,
} from "@pevo/shared";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { DateField, optionsFrom, SelectField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { todayIso } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCreateSettlement } from "../api";

/**
 * New settlement run (DECISIONS 'PEVO pay'): a pay period (its end follows the start unless the dates
 * are custom) and whether jobs not invoiced yet are paid now or held. The draft it makes is the
 * preview: every figure is recomputed until it is approved.
 */
export function NewSettlementDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateSettlement();
  const navigate = useNavigate();
  const today = todayIso();
  const form = useForm<TCreateSettlementInput, unknown, TCreateSettlement>({
    resolver: zodResolver(ZCreateSettlement),
    defaultValues: {
      periodKind: "biweekly",
      periodStart: addDays(today, -13),
      periodEnd: today,
      includeUninvoiced: false,
    },
  });
  const { control, handleSubmit, setError, setValue, getValues, watch } = form;
  const kind = watch("periodKind");
  /** A fixed period's end follows its start; custom dates keep what the office picked. */
  const followStart = (nextKind: PayPeriodKind, start: string) => {
    if (nextKind !== "custom" && start)
      setValue("periodEnd", periodEnd(nextKind, start), { shouldValidate: true });
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      const settlement = await create.mutateAsync(values);
      toast.success("Settlement run started: a draft to review");
      onClose();
      navigate(`/settlements/${settlement.id}`);
    } catch (error) {
      if (!applyFieldErrors(error, setError))
        toast.error(failureMessage(error, "Could not start the settlement run"));
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>New settlement run</DialogTitle>
          <DialogDescription>
            Pays each PEVO's completed jobs of the period that no settlement pays yet, by their pay plan.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <SelectField
            control={control}
            name="periodKind"
            id="settlement-period-kind"
            label="Pay period"
            options={optionsFrom(PAY_PERIOD_LABELS)}
            onValueChange={(next) => followStart(next as PayPeriodKind, getValues("periodStart"))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField
              control={control}
              name="periodStart"
              id="settlement-period-start"
              label="From"
              onValueChange={(start) => followStart(getValues("periodKind") as PayPeriodKind, start)}
            />
            <DateField
              control={control}
              name="periodEnd"
              id="settlement-period-end"
              label="To"
              disabled={kind !== "custom"}
            />
          </div>
          <Controller
            control={control}
            name="includeUninvoiced"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Switch
                  id="settlement-uninvoiced"
                  checked={Boolean(field.value)}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
                <Label htmlFor="settlement-uninvoiced" className="leading-snug">
                  Also pay jobs not invoiced yet (otherwise they are held for a later run)
                </Label>
              </div>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : null}
              Start run
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
