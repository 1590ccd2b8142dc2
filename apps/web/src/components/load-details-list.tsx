import {
  HEIGHT_POLE_WARNING,
  hasLoadDetails,
  heightPoleWithoutHeight,
  loadDetailRows,
  type PositionType,
  type TLoadDetails,
} from "@pevo/shared";
import { ArrowRight, TriangleAlert } from "lucide-react";
import { Fragment } from "react";
import { cn } from "@/lib/utils";

/**
 * A rate confirmation's load details, read-only: the dispatch page, the PEVO's job
 * details and the signing page. The rows and their wording come from the shared loadDetailRows (the
 * PDF prints the same); the route's states show as an ordered chain. With `positions`, a High Pole
 * Car on a load without a height gets the warning.
 */
export function LoadDetailsList({
  details,
  positions,
  className,
  emptyText = "No load details yet",
}: {
  details: TLoadDetails;
  positions?: readonly { positionType: PositionType }[];
  className?: string;
  emptyText?: string;
}) {
  const warn = positions ? heightPoleWithoutHeight(positions, details) : false;
  const rows = loadDetailRows(details);
  return (
    <div className={cn("grid gap-3 text-sm", className)}>
      {warn ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {HEIGHT_POLE_WARNING}
        </p>
      ) : null}
      {hasLoadDetails(details) ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
          {rows.map(({ label, value }) => (
            <Fragment key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere] whitespace-pre-line">
                {label === "States on route" ? <RouteChain states={details.routeStates} /> : value}
              </dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p className="text-muted-foreground">{emptyText}</p>
      )}
    </div>
  );
}

/** TX → OK → KS as chips, in driving order (read as a list by screen readers). */
function RouteChain({ states }: { states: readonly string[] }) {
  return (
    <ol aria-label="States on the route, in order" className="flex flex-wrap items-center gap-1">
      {states.map((state, index) => (
        <li key={state} className="inline-flex items-center gap-1">
          {index > 0 ? <ArrowRight className="size-3 text-muted-foreground" aria-hidden /> : null}
          <span className="rounded-md border bg-secondary px-1.5 py-0.5 text-xs font-medium">{state}</span>
        </li>
      ))}
    </ol>
  );
}
