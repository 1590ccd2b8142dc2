import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney, formatMonth } from "@/lib/format";
import { useMonthlyMargins } from "../api";

// recharts loads with the chart only (never in the portal's or another screen's first load), and
// only once the chart's place nears the screen: below the fold on a phone, its 127 KB (gzip) and
// their run stay out of the dashboard's first load (docs/performance.md).
const MonthlyChart = lazy(() => import("./monthly-chart"));

/**
 * Whether the element given to `ref` has come within 200 px of the viewport (from then on, true),
 * watched from when `settled` is true. A callback ref: the chart's place is drawn only once the
 * figures are in.
 */
function useNearViewport(settled: boolean) {
  const [element, ref] = useState<HTMLDivElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element || !settled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, settled]);
  return { ref, near };
}

/**
 * The dashboard's last 12 months (DECISIONS 'Margin'): invoiced, collected, PEVO pay and margin per
 * month, as a chart and, for screen readers, the same figures as a visually hidden table.
 * `settled`: the screen above the card has its final height (before, the skeletons above it are
 * shorter and would put the chart's place on a phone's screen for a moment).
 */
export function MonthlyMarginCard({ settled = true }: { settled?: boolean }) {
  const months = useMonthlyMargins();
  const chartPlace = useNearViewport(settled);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Last 12 months</CardTitle>
          <CardDescription>
            Invoiced, PEVO pay and margin of the jobs done each month; cash collected by payment date.
          </CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/reports/jobs">Jobs report</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {months.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : months.isError ? (
          <p className="text-sm text-destructive">The monthly figures could not be loaded.</p>
        ) : (
          <>
            <div ref={chartPlace.ref}>
              {chartPlace.near ? (
                <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                  <MonthlyChart months={months.data.months} />
                </Suspense>
              ) : (
                <Skeleton className="h-72 w-full" />
              )}
            </div>
            {/* The hidden box, not the table: a table is as wide as its figures whatever its own
                width, and would widen a phone's page. */}
            <div className="sr-only">
              <table>
                <caption>Invoiced, collected, PEVO pay and margin per month, the last 12 months</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Invoiced</th>
                    <th scope="col">Collected</th>
                    <th scope="col">PEVO pay</th>
                    <th scope="col">Margin</th>
                  </tr>
                </thead>
                <tbody>
                  {months.data.months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{formatMonth(m.month)}</th>
                      <td>{formatMoney(m.invoiced)}</td>
                      <td>{formatMoney(m.collected)}</td>
                      <td>{formatMoney(m.pevoPay)}</td>
                      <td>{formatMoney(m.margin)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
