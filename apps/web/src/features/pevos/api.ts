import type { TPevo, TPevoData } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { invalidateAll, queryKeys } from "@/lib/query-keys";

/** The company's PEVOs, newest first (server side). */
export function usePevos() {
  return useQuery({ queryKey: queryKeys.pevos, queryFn: () => call(client.api.pevos.$get()) });
}

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
      // The list is not on screen while the form is, so it would only refetch once shown: put the saved
      // row in first, so going back to the list never flashes the old values.
      queryClient.setQueryData<TPevo[]>(queryKeys.pevos, (list) => {
        if (!list) return list;
        return list.some((p) => p.id === saved.id)
          ? list.map((p) => (p.id === saved.id ? saved : p))
          : [saved, ...list];
      });
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
