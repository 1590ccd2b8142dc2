import type { CursorPage, TTripLog, TTripLogData } from "@pevo/shared";
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { QueuedWrite } from "@/lib/offline/queue";
import { sendQueued } from "@/lib/offline/send";
import { queryKeys } from "@/lib/query-keys";

// The trip log's writes, apart from ./api (which the portal's first load holds): the write queue
// they go through loads only with the trip log form (ADR 0014).

/** What stays when the server refuses a queued edit (ADR 0014). */
const EDIT_KEPT = "The trip entry as the server has it was kept; open it to enter your change again.";
/**
 * What stays when the server refuses a queued delete (ADR 0014): the entry of a job whose pay is
 * approved, which the PEVO cannot delete again (the server's reason says to ask the office).
 */
const DELETE_KEPT = "The trip entry as the server has it was kept.";

/** The address of one of the PEVO's trip entries (edits and deletes, online or queued). */
const tripPath = (id: string) => `/api/portal/trip-logs/${encodeURIComponent(id)}`;

/**
 * Every loaded page of the trip log with `trip` in place of the entry of the same id: an edit kept
 * on the phone shows ahead, with its key as the revision a later edit names (the server's is the key).
 */
function showAhead(queryClient: QueryClient, trip: TTripLog) {
  queryClient.setQueriesData<InfiniteData<CursorPage<TTripLog>>>(
    { queryKey: queryKeys.portalTripLogs },
    (old) =>
      old?.pages
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === trip.id ? trip : item)),
            })),
          }
        : old,
  );
}

/**
 * Creates a trip entry, or updates `trip` when it is given. Both go through the phone's queue
 * (ADR 0014): with no signal they answer `{ queued: true }` and are sent when signal returns. An edit
 * names the revision it was made on (If-Match), so a change made meanwhile is refused, not
 * overwritten; queued, it shows ahead in the list.
 */
export function useSaveTripLog() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async ({
      trip,
      data,
    }: {
      trip?: TTripLog;
      data: TTripLogData;
    }): Promise<{ queued: boolean }> => {
      const route = `${data.startLocation} → ${data.endLocation}`;
      if (trip) {
        const id = crypto.randomUUID();
        const sent = await sendQueued({
          id,
          method: "PUT",
          label: `Edited trip log entry ${route}`,
          path: tripPath(trip.id),
          // An entry read before revisions existed (a copy cached on the phone) names none.
          headers: trip.revision ? { "If-Match": `"${trip.revision}"` } : {},
          body: data,
          kept: EDIT_KEPT,
        });
        if (sent.queued) {
          const expenses = data.expenses.map((e, i) => ({ ...e, id: trip.expenses[i]?.id ?? `${id}-${i}` }));
          showAhead(queryClient, { ...trip, ...data, expenses, revision: id });
        }
        return { queued: sent.queued };
      }
      const sent = await sendQueued({
        label: `Trip log entry ${route}`,
        path: "/api/portal/trip-logs",
        body: data,
      });
      return { queued: sent.queued };
    },
    onSuccess: ({ queued }) =>
      queued ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.portalTripLogs }),
  });
}

/** A new trip entry kept on this phone, not sent yet (listed ahead of the trip log). */
export type WaitingTrip = QueuedWrite & { body: TTripLogData };

/** What the PEVO deletes: an entry of their trip log, or a new entry still waiting on this phone. */
export type TripToDelete = { trip: TTripLog } | { waiting: WaitingTrip };

/**
 * Deletes a trip entry through the phone's queue (ADR 0014): with no signal it answers
 * `{ queued: true }`, the trip log marks the entry as being deleted, and the delete is sent in its
 * turn (the server answers a repeat as done). Edits of the entry still waiting are taken back first:
 * the delete makes them moot (one already on its way goes first). A new entry still waiting on the
 * phone is only taken back, so nothing of it reaches the server; had it reached it that very moment,
 * its delete is sent after it.
 */
export function useDeleteTripLog() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async (target: TripToDelete): Promise<{ done: "sent" | "queued" | "taken back" }> => {
      const { listWrites, withdraw } = await import("@/lib/offline/queue");
      let trip: TTripLog;
      if ("waiting" in target) {
        const taken = await withdraw(target.waiting.id);
        if (!taken.sent) return { done: "taken back" };
        trip = taken.data as TTripLog;
      } else {
        trip = target.trip;
        for (const write of await listWrites()) {
          if (write.state === "pending" && write.method === "PUT" && write.path === tripPath(trip.id)) {
            await withdraw(write.id);
          }
        }
      }
      const sent = await sendQueued({
        method: "DELETE",
        label: `Deleted trip log entry ${trip.startLocation} → ${trip.endLocation}`,
        path: tripPath(trip.id),
        // The entry's id names the delete: the server answers a repeat of it as done.
        keyHeader: false,
        kept: DELETE_KEPT,
      });
      return { done: sent.queued ? "queued" : "sent" };
    },
    // Only a delete the server made changes its list (one taken back never left the phone).
    onSuccess: ({ done }) =>
      done === "sent" ? queryClient.invalidateQueries({ queryKey: queryKeys.portalTripLogs }) : undefined,
  });
}
