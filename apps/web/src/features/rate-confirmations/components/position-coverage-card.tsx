import { POSITION_TYPES, type TRateConfirmation } from "@pevo/shared";
import { Link } from "react-router";
import { CoverageText } from "@/components/coverage-text";
import { DispatchStatusBadge } from "@/components/status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

type Position = TRateConfirmation["positions"][number];

const labelOf = (p: Position) =>
  p.positionType === "custom" ? p.customName || POSITION_TYPES.custom : POSITION_TYPES[p.positionType];

/**
 * Who covers each position of the job (DECISIONS 'One dispatch per position'): the covering
 * dispatch's PEVO and status, linked to the dispatch, or "Open". The form below keeps the PEVO
 * planned for a position; this card is what was dispatched.
 */
export function PositionCoverageCard({ rc }: { rc: TRateConfirmation }) {
  if (rc.positions.length === 0) return null;
  return (
    <Card className="mb-4 gap-3" role="region" aria-labelledby="coverage-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="coverage-title">Dispatched positions</CardTitle>
        <CoverageText coverage={rc.coverage} className="text-sm" />
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm" aria-label="Positions and their dispatches">
          {rc.positions.map((p, i) => {
            const label = labelOf(p);
            const by = p.coveredBy;
            return (
              <li
                key={p.id}
                aria-label={`Position ${i + 1}: ${label}`}
                className="flex min-w-0 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0"
              >
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">
                  <span className="text-muted-foreground tabular-nums">{i + 1}. </span>
                  {label}
                </span>
                {by ? (
                  <span className="flex min-w-0 flex-wrap items-center gap-2">
                    <Link
                      to={`/dispatching/${encodeURIComponent(by.dispatchId)}`}
                      className="font-medium [overflow-wrap:anywhere] hover:underline"
                    >
                      {by.pevoName}
                    </Link>
                    <DispatchStatusBadge status={by.status} />
                  </span>
                ) : (
                  <span className="font-medium text-amber-700 dark:text-amber-400">Open</span>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
