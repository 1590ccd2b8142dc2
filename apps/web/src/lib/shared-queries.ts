import { useQuery } from "@tanstack/react-query";
import { call, client, pathParams } from "./api-client";
import { queryKeys } from "./query-keys";

/** One client, e.g. the customer of a dispatch's rate confirmation (its address prefills an invoice). */
export function useClientById(id: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.client(id ?? ""),
    queryFn: () => call(client.api.clients[":id"].$get({ param: pathParams({ id: id ?? "" }) })),
    enabled: Boolean(id),
  });
}

/** The company profile (letterhead) and invoice defaults (payment terms, tax rate, footer). */
export function useCompany() {
  return useQuery({ queryKey: queryKeys.company, queryFn: () => call(client.api.company.$get()) });
}
