import type { TTripLogData } from "@pevo/shared";
import { QueuedWriteStatus } from "@/components/queued-write-status";
import { Card, CardContent } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import type { QueuedWrite } from "@/lib/offline/queue";
import { useQueuedWrites } from "@/lib/offline/use-queued-writes";

// New trip entries made with no signal (ADR 0014) are listed ahead of the trip log until they reach
// the server, so the PEVO never reads "no trips" while their entry waits on the phone. They have no
// server id yet, so they cannot be edited or deleted here; an edit of a synced entry shows in place.

type QueuedTrip = QueuedWrite & { body: TTripLogData };

const NEW_TRIPS = "/api/portal/trip-logs";
const isNewTrip = (write: QueuedWrite): write is QueuedTrip =>
  write.method === "POST" && write.path === NEW_TRIPS && write.body !== undefined;

/** The new trip entries kept on this phone (waiting, or refused with the server's reason). */
export const useQueuedTrips = () => useQueuedWrites(isNewTrip);

const quantity = (value: string) => Number(value).toLocaleString("en-US", { maximumFractionDigits: 2 });

export function QueuedTripCard({ write }: { write: QueuedTrip }) {
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
            {quantity(trip.miles)} miles · {quantity(trip.hours)} hours
          </p>
          <QueuedWriteStatus write={write} className="text-sm" />
        </CardContent>
      </Card>
    </li>
  );
}
