import type { TClientData } from "@pevo/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { invalidateAll, queryKeys } from "@/lib/query-keys";

/** The dashboard shows client activity, so client writes refresh it too. */
const refreshedKeys = [queryKeys.clients, queryKeys.dashboard];

/** Creates a client, or updates it when an id is given. */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: string; data: TClientData }) =>
      id
        ? call(client.api.clients[":id"].$put({ param: pathParams({ id }), json: data }))
        : call(client.api.clients.$post({ json: data })),
    onSuccess: () => invalidateAll(queryClient, refreshedKeys),
  });
}

/** Deletes a client; the server answers 409 when rate confirmations still use it. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.api.clients[":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: () => invalidateAll(queryClient, refreshedKeys),
  });
}
