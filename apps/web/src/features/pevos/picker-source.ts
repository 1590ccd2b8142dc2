import type { QueryClient } from "@tanstack/react-query";
import type { PickerPevo } from "@/components/pickers/pevo-picker";
import { PICKER_PAGE_SIZE, type PickerSource } from "@/components/server-combobox";
import { call, client, pathParams } from "@/lib/api-client";
import { checkPevos, type QualificationJob, qualificationKey, qualificationQuery } from "@/lib/assignment";
import { queryKeys } from "@/lib/query-keys";

const searchActivePevos = (q: string) =>
  call(client.api.pevos.$get({ query: { q, status: "active", pageSize: String(PICKER_PAGE_SIZE) } }));

/**
 * The page of matches with each PEVO's check for the job (and their bookings at its time), qualified first (the order among each
 * group stays the list's: by last name). Only the page is checked: the server bounds it.
 */
async function searchQualified(
  q: string,
  job: NonNullable<ReturnType<typeof qualificationQuery>>,
  queryClient: QueryClient,
) {
  const page = await searchActivePevos(q);
  if (page.items.length === 0) return page;
  // The same check the panel under the picker reads (checkPevos keeps each PEVO's).
  const checked = await checkPevos(
    queryClient,
    job,
    page.items.map((p) => p.id),
  );
  const byId = new Map(checked.results.map((r) => [r.pevoId, r]));
  const items: PickerPevo[] = page.items.map((p) => ({ ...p, qualification: byId.get(p.id) }));
  const rank = (p: PickerPevo) => (p.qualification?.qualified ? 0 : 1);
  return { ...page, items: items.sort((a, b) => rank(a) - rank(b)) };
}

/**
 * The PEVO pickers' items: the company's active PEVOs (a chosen one read by id, active or not);
 * with a job (`qualifyFor`), each with their check for it, qualified first.
 */
export function pevoPickerSource(qualifyFor?: QualificationJob | null): PickerSource<PickerPevo> {
  const job = qualificationQuery(qualifyFor);
  return {
    queryKey: job ? [...qualificationKey(job), "picker"] : queryKeys.pevos,
    search: job ? (q, { client }) => searchQualified(q, job, client) : searchActivePevos,
    fetchSelected: (id) => call(client.api.pevos[":id"].$get({ param: pathParams({ id }) })),
  };
}
