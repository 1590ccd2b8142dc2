import type { CursorPage, TTripLog, TTripLogData } from "@pevo/shared";
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { sendQueued } from "@/lib/offline/send";
import { queryKeys } from "@/lib/query-keys";

// The trip log's writes, apart from ./api (which the portal's first load holds): the write queue
// they go through loads only with the trip log form (ADR 0014).

/** What stays when the server refuses a queued edit (ADR 0014). */
const EDIT_KEPT = "The trip entry as the server has it was kept; open it to enter your change again.";

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
          path: `/api/portal/trip-logs/${encodeURIComponent(trip.id)}`,
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

export function useDeleteTripLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(client.api.portal["trip-logs"][":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.portalTripLogs }),
  });
}
