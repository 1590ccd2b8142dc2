import type { TPevoData } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { invalidateAll, queryKeys } from "@/lib/query-keys";

/** One PEVO, for the edit form; a missing id answers 404 ('PEVO not found'). */
export function usePevo(id: string) {
  return useQuery({
    queryKey: queryKeys.pevo(id),
    queryFn: () => call(client.api.pevos[":id"].$get({ param: pathParams({ id }) })),
  });
}

function useInvalidatePevos() {
  const queryClient = useQueryClient();
  // The dashboard counts active PEVOs.
  return () => invalidateAll(queryClient, [queryKeys.pevos, queryKeys.dashboard]);
}

/** Adds a PEVO (with an email: creates the login and sends the invitation), or updates it when an id is given. */
export function useSavePevo() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePevos();
  return useMutation({
    mutationFn: ({ id, data }: { id?: string; data: TPevoData }) =>
      id
        ? call(client.api.pevos[":id"].$put({ param: pathParams({ id }), json: data }))
        : call(client.api.pevos.$post({ json: data })),
    onSuccess: (saved) => {
      // The edit form reads the saved PEVO; the lists (and pickers) under ['pevos'] refetch.
      queryClient.setQueryData(queryKeys.pevo(saved.id), saved);
      return invalidate();
    },
  });
}

/** Deletes a PEVO and its portal login; the server answers 409 while the PEVO is assigned somewhere. */
export function useDeletePevo() {
  const invalidate = useInvalidatePevos();
  return useMutation({
    mutationFn: (id: string) => call(client.api.pevos[":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: invalidate,
  });
}
