import { type TAging, type TReceivablesResponse, toCents } from "@pevo/shared";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

export const AGING_LABELS = [
  { key: "current", label: "Current" },
  { key: "days1to30", label: "1–30 days" },
  { key: "days31to60", label: "31–60 days" },
  { key: "days61to90", label: "61–90 days" },
  { key: "over90", label: "Over 90 days" },
  { key: "balance", label: "Total" },
] as const satisfies readonly { key: keyof TAging; label: string }[];

/**
 * The totals row of every client: one figure per bucket and the total open balance; with unapplied
 * client credit, the balance after it (DECISIONS 'Client credit': open invoices − unapplied credit).
 */
export function AgingTotals({ totals }: { totals?: TReceivablesResponse["totals"] }) {
  return (
    <>
      <AgingCards totals={totals} />
      {totals && toCents(totals.credit) > 0 ? (
        <p className="-mt-2 mb-4 text-sm text-muted-foreground" data-testid="total-credit">
          Less unapplied client credit {formatMoney(totals.credit)}: clients' balance{" "}
          <span className="font-semibold text-foreground tabular-nums">{formatMoney(totals.netBalance)}</span>
          .
        </p>
      ) : null}
    </>
  );
}

function AgingCards({ totals }: { totals?: TAging }) {
  return (
    <section aria-label="Totals" className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {AGING_LABELS.map(({ key, label }) => (
        <Card key={key} className="gap-1 py-3">
          <CardContent className="px-4">
            <p className="text-xs text-muted-foreground">{label}</p>
            {totals ? (
              <p
                className={cn(
                  "text-lg font-semibold tabular-nums",
                  key !== "current" && key !== "balance" && totals[key] !== "0.00" && "text-destructive",
                )}
                data-testid={`total-${key}`}
              >
                {formatMoney(totals[key])}
              </p>
            ) : (
              <Skeleton className="mt-1 h-6 w-20" />
            )}
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
