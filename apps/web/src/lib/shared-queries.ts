import { useQuery } from "@tanstack/react-query";
import { call, client } from "./api-client";
import { queryKeys } from "./query-keys";

/** The company's clients, ordered by name (the clients screen and the customer / client pickers). */
export function useClients() {
  return useQuery({ queryKey: queryKeys.clients, queryFn: () => call(client.api.clients.$get()) });
}

export type TActivePevo = { id: string; firstName: string; lastName: string };

/** The PEVO pickers: active PEVOs, ordered by last name (server side). */
export function useActivePevos() {
  return useQuery({
    queryKey: queryKeys.activePevos,
    queryFn: () => call(client.api.pevos.active.$get()),
  });
}

/** The company profile (letterhead) and invoice defaults (payment terms, tax rate, footer). */
export function useCompany() {
  return useQuery({ queryKey: queryKeys.company, queryFn: () => call(client.api.company.$get()) });
}
