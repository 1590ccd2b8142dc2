import { ChevronRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { DispatchStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useIsMobile } from "@/components/ui/use-mobile";
import { dash, formatDate } from "@/lib/format";
import type { TPortalDispatch } from "../api";
import { dispatchDetailsHref, formatTime, shortRoute, tapTarget } from "../lib";

type ListProps = {
  dispatches: TPortalDispatch[];
  /** Show the Driver column (My Dispatches). */
  showDriver?: boolean;
  /** The page a details view's Back button returns to. */
  from: string;
  /** Label of the last column: 'Actions' on the dashboard, 'Details' on My Dispatches. */
  actionsLabel?: string;
};

function DetailsButton({
  dispatch,
  from,
  className,
}: {
  dispatch: TPortalDispatch;
  from: string;
  className?: string;
}) {
  return (
    <Button variant="outline" size="sm" asChild className={className}>
      <Link
        to={dispatchDetailsHref(dispatch.id)}
        state={{ from }}
        aria-label={`Details of job ${dispatch.jobNumber ?? formatDate(dispatch.pickupDate)}`}
      >
        Details
        <ChevronRight aria-hidden />
      </Link>
    </Button>
  );
}

function DispatchTable({ dispatches, showDriver, from, actionsLabel = "Actions" }: ListProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Job #</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Position</TableHead>
          {showDriver ? <TableHead>Driver</TableHead> : null}
          <TableHead>Route</TableHead>
          <TableHead className="text-right">{actionsLabel}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {dispatches.map((dispatch) => (
          <TableRow key={dispatch.id}>
            <TableCell className="font-medium" truncate={dispatch.jobNumber}>
              {dash(dispatch.jobNumber)}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(dispatch.pickupDate)}</TableCell>
            <TableCell>
              <DispatchStatusBadge status={dispatch.status} />
            </TableCell>
            <TableCell truncate={dispatch.position}>{dash(dispatch.position)}</TableCell>
            {showDriver ? <TableCell truncate={dispatch.driverName}>{dispatch.driverName}</TableCell> : null}
            <TableCell className="min-w-40">{shortRoute(dispatch)}</TableCell>
            <TableCell className="text-right">
              <DetailsButton dispatch={dispatch} from={from} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Under 768 px each dispatch is a card: the route first, then date, time and driver. */
function DispatchCards({ dispatches, showDriver, from, columns }: ListProps & { columns: 1 | 2 }) {
  return (
    <ul className={columns === 2 ? "grid grid-cols-2 gap-3" : "grid grid-cols-[minmax(0,1fr)] gap-3"}>
      {dispatches.map((dispatch) => (
        <li
          key={dispatch.id}
          className="min-w-0 rounded-lg border bg-card p-4 text-sm [overflow-wrap:anywhere]"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground">Job #</p>
              <p className="font-medium [overflow-wrap:anywhere]">{dash(dispatch.jobNumber)}</p>
            </div>
            <DispatchStatusBadge status={dispatch.status} />
          </div>
          {dispatch.originAddress || dispatch.destinationAddress ? (
            <p className="mt-3 text-base font-medium [overflow-wrap:anywhere]">{shortRoute(dispatch)}</p>
          ) : null}
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
            {dispatch.position ? (
              <>
                <dt className="text-muted-foreground">Position</dt>
                <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{dispatch.position}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Date</dt>
            <dd>
              {formatDate(dispatch.pickupDate)}
              <span className="text-muted-foreground"> · {formatTime(dispatch.pickupTime)}</span>
            </dd>
            {dispatch.originAddress || dispatch.destinationAddress ? null : (
              <>
                <dt className="text-muted-foreground">Route</dt>
                <dd>-</dd>
              </>
            )}
            {showDriver ? (
              <>
                <dt className="text-muted-foreground">Driver</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{dispatch.driverName}</dd>
              </>
            ) : null}
          </dl>
          <DetailsButton dispatch={dispatch} from={from} className={`mt-3 w-full ${tapTarget}`} />
        </li>
      ))}
    </ul>
  );
}

type ListLayout = "table" | "cards" | "cards-2";

/** Stacked cards on a phone and wherever the table would not fit; two columns of them from 540 px. */
const layoutFor = (width: number, tableWidth: number, isMobile: boolean): ListLayout =>
  !isMobile && width >= tableWidth ? "table" : width >= 540 ? "cards-2" : "cards";

/**
 * The list's layout for the width it is given, followed as it changes. The first guess is the
 * window's width (right on a phone, where the list spans the screen), so the first paint needs no
 * measuring and, when the observer confirms it, no second render (docs/performance.md, "One first paint").
 */
function useListLayout(tableWidth: number) {
  const isMobile = useIsMobile();
  const ref = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState(() => layoutFor(window.innerWidth, tableWidth, isMobile));
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setLayout(layoutFor(entry.contentRect.width, tableWidth, isMobile));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [tableWidth, isMobile]);
  return [ref, layout] as const;
}

/**
 * The PEVO's dispatches: a table, or stacked cards under 768 px and wherever the table would not
 * fit without scrolling sideways (a narrow column beside the sidebar).
 */
export function DispatchList(props: ListProps) {
  const [ref, layout] = useListLayout(props.showDriver ? 880 : 760);
  return (
    <div ref={ref} className="min-w-0">
      {layout === "table" ? (
        <DispatchTable {...props} />
      ) : (
        <DispatchCards {...props} columns={layout === "cards-2" ? 2 : 1} />
      )}
    </div>
  );
}
