import { fromCents, type TTripLog, toCents } from "@pevo/shared";
import { CalendarPlus, CloudOff, Lock, NotebookPen, Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DateRangeFilter } from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ListSkeleton, QueryErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatMoney, formatQuantity } from "@/lib/format";
import { useListParams } from "@/lib/list-params";
import { SAVED_ON_PHONE } from "@/lib/offline/send";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useTripLogs } from "../api";
import { LoadMore } from "../components/load-more";
import { QueuedTripCard, useQueuedTrips, useTripDeletes } from "../components/queued-trips";
import { EXPENSE_LABELS, TripFormSheet, type TripPrefill } from "../components/trip-form-sheet";
import { tapTarget, tripLocked } from "../lib";
import { type TripToDelete, useDeleteTripLog } from "../trip-log-api";

/** '12.50' → '12.5'. */

const expensesTotal = (trip: TTripLog) =>
  formatMoney(fromCents(trip.expenses.reduce((sum, e) => sum + toCents(e.amount), 0)));

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-md bg-muted/60 px-3 py-2">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="font-semibold tabular-nums">{value}</p>
    </div>
  );
}

/** The calendar day after an ISO date ("2026-03-31" → "2026-04-01"), with no time zone in play. */
function nextDay(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * A multi-day job has one entry per day (DECISIONS 'Multi-day jobs'): "Next day" starts the following
 * day's entry on the same dispatch, from where this one ended.
 */
const nextDayPrefill = (trip: TTripLog): TripPrefill => ({
  tripDate: nextDay(trip.tripDate),
  dispatchId: trip.dispatchId ?? "",
  startLocation: trip.endLocation,
});

/** A delete waiting on the phone (ADR 0014): its entry stays listed, marked, with nothing to tap. */
function BeingDeleted() {
  return (
    <p className="flex items-start gap-1 text-sm font-medium text-destructive" data-testid="trip-deleting">
      <CloudOff className="mt-0.5 size-[1.1em] shrink-0" aria-hidden />
      <span>
        Being deleted
        <span className="block font-normal text-muted-foreground">{SAVED_ON_PHONE}</span>
      </span>
    </p>
  );
}

/**
 * An entry of a job whose pay is in an approved or paid settlement (DECISIONS 'PEVO pay', Trip entries
 * of a settled job): the server refuses its edit and delete (409), so the card offers neither and
 * says why before the PEVO tries.
 */
function PaySettled() {
  return (
    <p
      className="flex items-start gap-1.5 rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground"
      data-testid="trip-locked"
    >
      <Lock className="mt-0.5 size-[1.1em] shrink-0" aria-hidden />
      <span>
        Your pay for this job is settled — entries can no longer be changed. Ask the office to correct them.
      </span>
    </p>
  );
}

const buttonColumns = ["", "grid-cols-1", "grid-cols-2", "grid-cols-3"];

function TripCard({
  trip,
  deleting,
  onEdit,
  onNextDay,
  onDelete,
}: {
  trip: TTripLog;
  /** Deleted on this phone, the delete waiting for signal. */
  deleting: boolean;
  onEdit: () => void;
  onNextDay: (() => void) | null;
  onDelete: () => void;
}) {
  const locked = tripLocked(trip);
  const buttons = (onNextDay ? 1 : 0) + (locked ? 0 : 2);
  return (
    <li className="min-w-0">
      <Card className={cn("gap-3 py-4", deleting && "border-dashed bg-muted/40")}>
        <CardContent className="grid gap-3 px-4 sm:px-5">
          <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">{formatDate(trip.tripDate)}</p>
            {trip.jobNumber ? (
              <Badge variant="outline" className="block max-w-full truncate" title={trip.jobNumber}>
                Job #{trip.jobNumber}
              </Badge>
            ) : (
              <span className="text-xs text-muted-foreground">No dispatch</span>
            )}
          </div>
          <p className={cn("text-base font-medium [overflow-wrap:anywhere]", deleting && "line-through")}>
            {trip.startLocation} → {trip.endLocation}
          </p>
          <div className="grid grid-cols-3 gap-2 text-sm">
            <Stat label="Miles" value={formatQuantity(trip.miles)} />
            <Stat label="Hours" value={formatQuantity(trip.hours)} />
            <Stat label="Expenses" value={expensesTotal(trip)} />
          </div>
          {trip.expenses.length ? (
            <p className="text-xs text-muted-foreground">
              {trip.expenses.map((e) => `${EXPENSE_LABELS[e.type]} ${formatMoney(e.amount)}`).join(" · ")}
            </p>
          ) : null}
          {trip.notes ? (
            <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-line text-muted-foreground">
              {trip.notes}
            </p>
          ) : null}
          {deleting ? <BeingDeleted /> : null}
          {!deleting && locked ? <PaySettled /> : null}
          {!deleting && buttons > 0 ? (
            <div className={cn("grid gap-2 sm:flex sm:justify-end", buttonColumns[buttons])}>
              {/* A new entry for a settled job is taken (DECISIONS 'PEVO pay'): Next day stays. */}
              {onNextDay ? (
                <Button variant="outline" className={cn("px-2", tapTarget)} onClick={onNextDay}>
                  <CalendarPlus />
                  Next day
                </Button>
              ) : null}
              {locked ? null : (
                <>
                  <Button variant="outline" className={tapTarget} onClick={onEdit}>
                    <Pencil />
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    className={cn("text-destructive hover:text-destructive", tapTarget)}
                    onClick={onDelete}
                  >
                    <Trash2 />
                    Delete
                  </Button>
                </>
              )}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * /pevo/trip-log: the PEVO's trips, newest first, a page at a time ("Load more"), optionally between
 * two dates (in the address); new / edit in a panel, delete after confirming.
 */
export default function PortalTripLogPage() {
  const list = useListParams({ sort: "tripDate", dir: "desc" });
  const tripFrom = list.get("tripFrom");
  const tripTo = list.get("tripTo");
  const dated = Boolean(tripFrom || tripTo);
  const clearDates = () => list.set({ tripFrom: undefined, tripTo: undefined });
  const trips = useTripLogs({ tripFrom, tripTo });
  const queued = useQueuedTrips();
  const deletes = useTripDeletes();
  const remove = useDeleteTripLog();
  const [form, setForm] = useState<{ open: boolean; trip: TTripLog | null; prefill?: TripPrefill }>({
    open: false,
    trip: null,
  });
  const [deleting, setDeleting] = useState<TripToDelete | null>(null);
  const deletingTrip = deleting && ("trip" in deleting ? deleting.trip : deleting.waiting.body);

  const openNew = () => setForm({ open: true, trip: null });
  const newButton = (label: string, className?: string) => (
    <Button className={cn(tapTarget, className)} onClick={openNew}>
      <Plus />
      {label}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: ({ done }) => {
        if (done === "queued") toast.info(SAVED_ON_PHONE);
        else toast.success("Trip entry deleted");
        setDeleting(null);
      },
      onError: (error) => toast.error(error.message),
    });
  };

  // A delete that reached the server hides its entry at once, before the list is read again.
  const items = trips.items?.filter((trip) => !deletes.gone.has(trip.id));

  let body: ReactNode;
  if (trips.isError && !trips.items) {
    body = <QueryErrorState message="Error loading trip logs" query={trips} retryClassName={tapTarget} />;
  } else if (!items) {
    body = <ListSkeleton label="Loading trip logs" rows={3} />;
  } else if (items.length === 0 && queued.length === 0) {
    body = (
      <Card>
        <CardContent>
          {dated ? (
            <EmptyState
              icon={<NotebookPen className="size-6" aria-hidden />}
              text="No trips between these dates"
              action={
                <Button variant="outline" className={tapTarget} onClick={clearDates}>
                  Clear dates
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<NotebookPen className="size-6" aria-hidden />}
              text="No trip logs have been recorded yet"
              action={newButton("Record Your First Trip")}
            />
          )}
        </CardContent>
      </Card>
    );
  } else {
    body = (
      <div aria-busy={trips.isFetching} className={trips.isPlaceholderData ? "opacity-60" : undefined}>
        <ul aria-label="Trips" className="grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-2">
          {queued.map((write) => (
            <QueuedTripCard key={write.id} write={write} onDelete={() => setDeleting({ waiting: write })} />
          ))}
          {items.map((trip) => (
            <TripCard
              key={trip.id}
              trip={trip}
              deleting={deletes.waiting.has(trip.id)}
              onEdit={() => setForm({ open: true, trip })}
              onNextDay={
                trip.dispatchId
                  ? () => setForm({ open: true, trip: null, prefill: nextDayPrefill(trip) })
                  : null
              }
              onDelete={() => setDeleting({ trip })}
            />
          ))}
        </ul>
        {items.length > 0 ? <LoadMore list={trips} noun="trips" /> : null}
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title="Trip Log"
        subtitle="Your trips: miles, hours and expenses"
        actions={newButton("New Trip Entry", "w-full sm:w-auto")}
      />
      <div className="mb-4 flex min-w-0 flex-wrap items-end gap-2">
        <DateRangeFilter list={list} prefix="trip" label="Trips" />
        {dated ? (
          <Button variant="ghost" className={tapTarget} onClick={clearDates}>
            Clear dates
          </Button>
        ) : null}
        {trips.isFetching && trips.items ? <Spinner className="mb-2.5 size-4" aria-label="Updating" /> : null}
      </div>
      {body}
      <TripFormSheet
        open={form.open}
        trip={form.trip}
        prefill={form.prefill}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete trip entry"
        description={
          deletingTrip
            ? `The trip of ${formatDate(deletingTrip.tripDate)} (${deletingTrip.startLocation} → ${deletingTrip.endLocation}) and its expenses will be removed. This cannot be undone.`
            : ""
        }
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
