import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/format";
import { useJobMargin } from "../api";
import { MarginValue, PayValue } from "./margin-values";

/**
 * The dispatch page's margin (DECISIONS 'Margin'): what the job invoiced (its lines on sent invoices,
 * before tax) minus its PEVO's pay (the approved settlement's figure, else the plan's estimate).
 */
export function MarginCard({ dispatchId }: { dispatchId: string }) {
  const margin = useJobMargin(dispatchId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Margin</CardTitle>
        <CardDescription>
          What the job invoiced (before tax) minus what its PEVO is paid for it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {margin.isPending ? (
          <p className="text-sm text-muted-foreground">Loading margin…</p>
        ) : margin.isError ? (
          <p className="text-sm text-destructive">The margin could not be loaded.</p>
        ) : (
          <dl className="grid gap-2 text-sm sm:grid-cols-3" aria-label="Margin">
            <div>
              <dt className="text-muted-foreground">Invoiced</dt>
              <dd className="font-medium tabular-nums">
                {margin.data.invoiced === null ? "Not invoiced yet" : formatMoney(margin.data.invoiced)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">PEVO pay</dt>
              <dd className="font-medium tabular-nums">
                <PayValue margin={margin.data} />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Margin</dt>
              <dd className="font-medium tabular-nums">
                <MarginValue margin={margin.data} />
              </dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
