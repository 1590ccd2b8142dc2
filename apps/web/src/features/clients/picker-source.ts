import type { TClient } from "@pevo/shared";
import { PICKER_PAGE_SIZE, type PickerSource } from "@/components/server-combobox";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The client pickers' items: a search of the company's clients, and one client read by id. */
export const clientPickerSource: PickerSource<TClient> = {
  queryKey: queryKeys.clients,
  search: (q) => call(client.api.clients.$get({ query: { q, pageSize: String(PICKER_PAGE_SIZE) } })),
  fetchSelected: (id) => call(client.api.clients[":id"].$get({ param: pathParams({ id }) })),
};
