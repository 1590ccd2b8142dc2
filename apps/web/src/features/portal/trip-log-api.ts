import type { TTripLogData } from "@pevo/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { sendQueued } from "@/lib/offline/send";
import { queryKeys } from "@/lib/query-keys";

// The trip log's writes, apart from ./api (which the portal's first load holds): the write queue
// they go through loads only with the trip log form (ADR 0014).

/**
 * Creates a trip entry, or updates it when an id is given. A new entry goes through the phone's
 * queue (ADR 0014): with no signal it answers `{ queued: true }` and is sent when signal returns.
 */
export function useSaveTripLog() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async ({ id, data }: { id?: string; data: TTripLogData }): Promise<{ queued: boolean }> => {
      if (id) {
        await call(client.api.portal["trip-logs"][":id"].$put({ param: pathParams({ id }), json: data }));
        return { queued: false };
      }
      const sent = await sendQueued({
        label: `Trip log entry ${data.startLocation} → ${data.endLocation}`,
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
