import type { TClient, TClientData } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** The one query key of the clients resource. */
export const clientsKey = ["clients"] as const;
/** The dashboard shows client activity, so client writes refresh it too. */
const dashboardKey = ["dashboard"] as const;

/** The company's clients, ordered by name (server side). */
export function useClients() {
  return useQuery({ queryKey: clientsKey, queryFn: () => api<TClient[]>("/api/clients") });
}

/** Creates a client, or updates it when an id is given. */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: string; data: TClientData }) =>
      id
        ? api<TClient>(`/api/clients/${id}`, { method: "PUT", body: data })
        : api<TClient>("/api/clients", { method: "POST", body: data }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}

/** Deletes a client; the server answers 409 when rate confirmations still use it. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/clients/${id}`, { method: "DELETE" }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}
