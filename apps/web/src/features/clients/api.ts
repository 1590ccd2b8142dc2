import type { TClient, TClientData } from "@pevo/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAll, queryKeys } from "@/lib/query-keys";

/** The dashboard shows client activity, so client writes refresh it too. */
const refreshedKeys = [queryKeys.clients, queryKeys.dashboard];

/** Creates a client, or updates it when an id is given. */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: string; data: TClientData }) =>
      id
        ? api<TClient>(`/api/clients/${id}`, { method: "PUT", body: data })
        : api<TClient>("/api/clients", { method: "POST", body: data }),
    onSuccess: () => invalidateAll(queryClient, refreshedKeys),
  });
}

/** Deletes a client; the server answers 409 when rate confirmations still use it. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/clients/${id}`, { method: "DELETE" }),
    onSuccess: () => invalidateAll(queryClient, refreshedKeys),
  });
}
