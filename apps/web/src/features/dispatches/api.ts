import type { TDispatchData } from "@pevo/shared";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

/** One rate confirmation (same key and shape as the rate confirmations screen). */
export const rateConfirmationRecordQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.rateConfirmation(id),
    queryFn: () => call(client.api["rate-confirmations"][":id"].$get({ param: pathParams({ id }) })),
  });

/** One rate confirmation, for the summary card (the picker reads the same entry). */
export function useRateConfirmationRecord(id: string | null) {
  return useQuery({ ...rateConfirmationRecordQuery(id ?? ""), enabled: Boolean(id) });
}
