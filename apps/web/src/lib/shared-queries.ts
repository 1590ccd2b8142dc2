import type { TClient, TCompanySettings } from "@pevo/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { queryKeys } from "./query-keys";

/** The company's clients, ordered by name (the clients screen and the customer / client pickers). */
export function useClients() {
  return useQuery({ queryKey: queryKeys.clients, queryFn: () => api<TClient[]>("/api/clients") });
}

export type TActivePevo = { id: string; firstName: string; lastName: string };

/** The PEVO pickers: active PEVOs, ordered by last name (server side). */
export function useActivePevos() {
  return useQuery({
    queryKey: queryKeys.activePevos,
    queryFn: () => api<TActivePevo[]>("/api/pevos/active"),
  });
}

/** The company profile (letterhead) and invoice defaults (payment terms, tax rate, footer). */
export function useCompany() {
  return useQuery({ queryKey: queryKeys.company, queryFn: () => api<TCompanySettings>("/api/company") });
}
