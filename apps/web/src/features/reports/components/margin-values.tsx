import type { TJobMargin } from "@pevo/shared";
import { Badge } from "@/components/ui/badge";
import { formatMoney } from "@/lib/format";

/** A margin in money and percent, red below zero; a dash while the job is not invoiced. */
export function MarginValue({ margin }: { margin: Pick<TJobMargin, "margin" | "marginPercent"> }) {
  if (margin.margin === null) return <span className="text-muted-foreground">-</span>;
  const negative = margin.margin.startsWith("-");
  return (
    <span className={negative ? "text-destructive" : undefined}>
      {formatMoney(margin.margin)}
      {margin.marginPercent === null ? null : (
        <span className="ml-1 text-xs text-muted-foreground">({margin.marginPercent}%)</span>
      )}
    </span>
  );
}

/** The PEVO's pay: settled (an approved or paid settlement) or an estimate from the pay plan. */
export function PayValue({
  margin,
}: {
  margin: Pick<TJobMargin, "pevoPay" | "paySource" | "settlementStatus">;
}) {
  if (margin.pevoPay === null) return <span className="text-muted-foreground">No pay plan</span>;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      {formatMoney(margin.pevoPay)}
      {margin.paySource === "estimated" ? (
        <Badge
          variant="outline"
          className="font-normal"
          title="Computed from the pay plan in force; not settled yet"
        >
          Estimated
        </Badge>
      ) : margin.paySource === "settlement" ? (
        <Badge variant="secondary" className="font-normal">
          {margin.settlementStatus === "paid" ? "Paid" : "Approved"}
        </Badge>
      ) : null}
    </span>
  );
}
