import { fromCents, type TTripLog, toCents } from "@pevo/shared";
import { ArrowRight } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Pager } from "@/components/data-table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useIsMobile } from "@/components/ui/use-mobile";
import { formatDate, formatMoney, formatQuantity } from "@/lib/format";
import { inlineLinkClass } from "@/lib/utils";
import { TRIP_LOG_PAGE_SIZE, useDispatchTripLogs } from "../api";

const expensesCents = (trip: TTripLog) => trip.expenses.reduce((sum, e) => sum + toCents(e.amount), 0);

function Route({ trip }: { trip: TTripLog }) {
  return (
    <span className="[overflow-wrap:anywhere]">
      {trip.startLocation}
      <ArrowRight className="mx-1 inline size-3.5 align-[-2px] text-muted-foreground" aria-label="to" />
      {trip.endLocation}
      <TripFlags trip={trip} />
    </span>
  );
}

/** What the invoice bills beyond the day (wait, night, no-go), under the route. */
function TripFlags({ trip }: { trip: TTripLog }) {
  const flags = [
    Number(trip.waitHours) > 0 ? `Waited ${Number(trip.waitHours)} h` : null,
    Number(trip.standbyHours) > 0 ? `Standby ${Number(trip.standbyHours)} h` : null,
    trip.overnight ? "Overnight" : null,
    trip.noGo ? "No-go" : null,
  ].filter(Boolean);
  return flags.length ? (
    <span className="block text-xs text-muted-foreground">{flags.join(" · ")}</span>
  ) : null;
}

/** What the PEVOs logged against this dispatch (DECISIONS: Trip Log), read-only for the office. */
export function TripLogCard({ dispatchId }: { dispatchId: string }) {
  const [page, setPage] = useState(1);
  const trips = useDispatchTripLogs(dispatchId, page);
  const isMobile = useIsMobile();

  let body: ReactNode;
  if (trips.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Loading trip logs...
      </p>
    );
  } else if (trips.isError) {
    body = (
      <p role="alert" className="text-sm text-destructive">
        Could not load the trip log.{" "}
        <button type="button" className={inlineLinkClass} onClick={() => void trips.refetch()}>
          Retry
        </button>
      </p>
    );
  } else if (trips.data.total === 0) {
    body = <p className="text-sm text-muted-foreground">No trip logs recorded for this dispatch yet</p>;
  } else {
    const rows = trips.data.items;
    // The totals are of every trip of the dispatch (the server sums them), not just this page.
    const { totals } = trips.data;
    const totalMiles = toCents(totals.miles);
    const totalHours = toCents(totals.hours);
    const totalExpenses = toCents(totals.expenses);
    const totalLabel = trips.data.total > rows.length ? `Total of all ${trips.data.total} trips` : "Total";
    const table = isMobile ? (
      <ul className="grid gap-3">
        {rows.map((trip) => (
          <li key={trip.id} className="rounded-lg border p-3 text-sm">
            <p className="font-medium">{formatDate(trip.tripDate)}</p>
            <p className="mt-1">
              <Route trip={trip} />
            </p>
            <p className="mt-2 text-muted-foreground">
              {formatQuantity(trip.miles)} mi · {formatQuantity(trip.hours)} h ·{" "}
              {formatMoney(fromCents(expensesCents(trip)))} expenses
            </p>
          </li>
        ))}
        <li className="px-1 text-sm font-medium">
          {totalLabel}: {formatQuantity(fromCents(totalMiles))} mi · {formatQuantity(fromCents(totalHours))} h
          · {formatMoney(fromCents(totalExpenses))} expenses
        </li>
      </ul>
    ) : (
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Route</TableHead>
            <TableHead className="text-right">Miles</TableHead>
            <TableHead className="text-right">Hours</TableHead>
            <TableHead className="text-right">Expenses</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((trip) => (
            <TableRow key={trip.id}>
              <TableCell className="whitespace-nowrap">{formatDate(trip.tripDate)}</TableCell>
              <TableCell>
                <Route trip={trip} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatQuantity(trip.miles)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatQuantity(trip.hours)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoney(fromCents(expensesCents(trip)))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <tfoot className="border-t bg-muted/50">
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={2} className="font-medium">
              {totalLabel}
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatQuantity(fromCents(totalMiles))}
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatQuantity(fromCents(totalHours))}
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatMoney(fromCents(totalExpenses))}
            </TableCell>
          </TableRow>
        </tfoot>
      </Table>
    );
    body =
      trips.data.total > TRIP_LOG_PAGE_SIZE ? (
        <div className="grid gap-3">
          <div aria-busy={trips.isFetching} className={trips.isPlaceholderData ? "opacity-60" : undefined}>
            {table}
          </div>
          <Pager
            list={{ ...trips.data, isFetching: trips.isPlaceholderData }}
            noun="trips"
            onPageChange={setPage}
          />
        </div>
      ) : (
        table
      );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Trip Log</CardTitle>
        <CardDescription>Trips the PEVO recorded for this dispatch.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
