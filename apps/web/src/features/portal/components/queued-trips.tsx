import { Trash2 } from "lucide-react";
import { QueuedWriteStatus } from "@/components/queued-write-status";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { formatDate, formatQuantity } from "@/lib/format";
import type { QueuedWrite } from "@/lib/offline/queue";
import { useQueuedWrites, useSyncedWrites } from "@/lib/offline/use-queued-writes";
import { cn } from "@/lib/utils";
import { tapTarget } from "../lib";
import type { WaitingTrip } from "../trip-log-api";

// New trip entries made with no signal (ADR 0014) are listed ahead of the trip log until they reach
// the server, so the PEVO never reads "no trips" while their entry waits on the phone. They have no
// server id yet, so they cannot be edited here; deleting one takes it back from the phone. An edit of
// a synced entry shows in place; a delete waiting on the phone marks its entry as being deleted.

const NEW_TRIPS = "/api/portal/trip-logs";
const isNewTrip = (write: QueuedWrite): write is WaitingTrip =>
  write.method === "POST" && write.path === NEW_TRIPS && write.body !== undefined;

/** The new trip entries kept on this phone (waiting, or refused with the server's reason). */
export const useQueuedTrips = () => useQueuedWrites(isNewTrip);

const ONE_TRIP = `${NEW_TRIPS}/`;
const isTripDelete = (write: QueuedWrite): write is QueuedWrite =>
  write.method === "DELETE" && write.path.startsWith(ONE_TRIP);
const tripIdOf = (write: QueuedWrite) => decodeURIComponent(write.path.slice(ONE_TRIP.length));

/**
 * The trip entries deleted on this phone: `waiting` (entry id → its delete, kept until signal
 * returns) and `gone` (deletes that reached the server while the trip log is open: hidden at once,
 * before the list is read again). A refused delete is neither: its entry is shown as the server has it.
 */
export function useTripDeletes() {
  const queued = useQueuedWrites(isTripDelete);
  const synced = useSyncedWrites(isTripDelete);
  return {
    waiting: new Map(queued.filter((w) => w.state === "pending").map((w) => [tripIdOf(w), w])),
    gone: new Set(synced.map(tripIdOf)),
  };
}

export function QueuedTripCard({ write, onDelete }: { write: WaitingTrip; onDelete: () => void }) {
  const trip = write.body;
  return (
    <li className="min-w-0" data-testid="queued-trip">
      <Card className="gap-2 border-dashed py-4">
        <CardContent className="grid gap-2 px-4 sm:px-5">
          <p className="font-semibold">{formatDate(trip.tripDate)}</p>
          <p className="text-base font-medium [overflow-wrap:anywhere]">
            {trip.startLocation} → {trip.endLocation}
          </p>
          <p className="text-sm text-muted-foreground tabular-nums">
            {formatQuantity(trip.miles)} miles · {formatQuantity(trip.hours)} hours
          </p>
          <QueuedWriteStatus write={write} className="text-sm" />
          {write.state === "pending" ? (
            <div className="grid grid-cols-2 sm:flex sm:justify-end">
              <Button
                variant="outline"
                className={cn("col-start-2 text-destructive hover:text-destructive", tapTarget)}
                onClick={onDelete}
              >
                <Trash2 />
                Delete
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}
