import type { TDispatchData } from "@pevo/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ComboboxSearch } from "@/components/search-combobox";
import { call, client, pathParams } from "@/lib/api-client";
import { usePagedQuery } from "@/lib/paged-query";
import { queryKeys } from "@/lib/query-keys";

const dispatches = client.api.dispatches;

type ListQuery = Record<string, string>;

/**
 * One page of the dispatch list (the address's page, sort and filters, with the API's names), kept
 * on screen while the next one loads; phones append pages ("Load more").
 */
export function useDispatchPage(query: ListQuery, page: number) {
  return usePagedQuery([...queryKeys.dispatches, "list", query], page, (p) =>
    call(dispatches.$get({ query: { ...query, page: String(p) } })),
  );
}

/** The CSV download of the whole filtered list (same filters and sort; no paging). */
export function dispatchExportHref(query: ListQuery) {
  const { page: _page, pageSize: _size, ...filters } = query;
  return `${dispatches["export.csv"].$path()}${searchOf(filters)}`;
}

const searchOf = (params: ListQuery) => {
  const search = new URLSearchParams(params).toString();
  return search ? `?${search}` : "";
};

/** One dispatch with its PEVO name, invoice flag and rate confirmation summary. */
export function useDispatch(id: string) {
  return useQuery({
    queryKey: queryKeys.dispatch(id),
    queryFn: () => call(dispatches[":id"].$get({ param: pathParams({ id }) })),
  });
}

export const TRIP_LOG_PAGE_SIZE = 10;

/**
 * One page of the trips PEVOs logged against one dispatch (newest trip first), with the totals of
 * all of them; the previous page stays on screen while the next loads.
 */
export function useDispatchTripLogs(id: string, page: number) {
  const query = { page: String(page), pageSize: String(TRIP_LOG_PAGE_SIZE) };
  return useQuery({
    queryKey: [...queryKeys.dispatchTripLogs(id), query],
    queryFn: () =>
      call(dispatches[":dispatchId"]["trip-logs"].$get({ param: pathParams({ dispatchId: id }), query })),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateDispatches() {
  const queryClient = useQueryClient();
  return (options: { skip?: string } = {}) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: queryKeys.dispatches,
        // A deleted dispatch is not fetched again (it would only answer 404).
        predicate: (query) => !options.skip || query.queryKey[1] !== options.skip,
      }),
      // The dashboard counts and lists dispatches.
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
    ]);
}

export function useCreateDispatch() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDispatches();
  return useMutation({
    mutationFn: (data: TDispatchData) => call(dispatches.$post({ json: data })),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.dispatch(saved.id), saved);
      void invalidate();
    },
  });
}

export function useUpdateDispatch(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDispatches();
  return useMutation({
    mutationFn: (data: TDispatchData) =>
      call(dispatches[":id"].$put({ param: pathParams({ id }), json: data })),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.dispatch(id), saved);
      void invalidate();
    },
  });
}

/** Deletes a dispatch; the server answers 409 when invoices still use it. */
export function useDeleteDispatch() {
  const invalidate = useInvalidateDispatches();
  return useMutation({
    mutationFn: (id: string) => call(dispatches[":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: (_, id) => {
      void invalidate({ skip: id });
    },
  });
}

/** How many options a picker shows for one search. */
const PICKER_SIZE = 20;

/** The rate confirmation picker's search (job number, origin, destination): active ones, newest first. */
async function searchRateConfirmations(term: string) {
  const page = await call(
    client.api["rate-confirmations"].$get({
      query: { sort: "createdAt", pageSize: String(PICKER_SIZE), ...(term ? { q: term } : {}) },
    }),
  );
  return page.items;
}

export const rateConfirmationLabel = (rc: {
  jobNumber: string;
  originAddress: string;
  destinationAddress: string;
}) => `${rc.jobNumber} — ${rc.originAddress} → ${rc.destinationAddress}`;

/** The rate confirmation picker: searches on the server as the user types. */
export function useRateConfirmationSearch(term: string, enabled: boolean): ComboboxSearch {
  const search = useQuery({
    queryKey: [...queryKeys.rateConfirmations, "picker", term],
    queryFn: () => searchRateConfirmations(term),
    enabled,
    placeholderData: keepPreviousData,
  });
  return {
    options: (search.data ?? []).map((rc) => ({ value: rc.id, label: rateConfirmationLabel(rc) })),
    isPending: search.isFetching,
    isError: search.isError,
  };
}

/** One rate confirmation (same key and shape as the rate confirmations screen), for the summary card. */
export function useRateConfirmationRecord(id: string | null) {
  return useQuery({
    queryKey: queryKeys.rateConfirmation(id ?? ""),
    queryFn: () =>
      call(client.api["rate-confirmations"][":id"].$get({ param: pathParams({ id: id ?? "" }) })),
    enabled: Boolean(id),
  });
}
