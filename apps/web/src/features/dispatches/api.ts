import type { TDispatch, TDispatchData, TDispatchListItem } from "@pevo/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const dispatches = client.api.dispatches;

/** The company's dispatches, newest first (server side). */
export function useDispatches() {
  return useQuery({
    queryKey: queryKeys.dispatches,
    queryFn: () => call(dispatches.$get()),
  });
}

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

/** The list row of a saved dispatch, so the list is right the moment the user is back on it. */
function toListItem(d: TDispatch): TDispatchListItem {
  return {
    id: d.id,
    driverName: d.driverName,
    pickupDate: d.pickupDate,
    pickupTime: d.pickupTime,
    status: d.status,
    pevoId: d.pevoId,
    pevoName: d.pevoName,
    rateConfirmationId: d.rateConfirmationId,
    jobNumber: d.rateConfirmation?.jobNumber ?? null,
    createdAt: d.createdAt,
    invoices: d.invoices.map(({ id, invoiceNumber }) => ({ id, invoiceNumber })),
  };
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
      queryClient.setQueryData<TDispatchListItem[]>(queryKeys.dispatches, (rows) =>
        rows ? [toListItem(saved), ...rows.filter((r) => r.id !== saved.id)] : rows,
      );
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
      queryClient.setQueryData<TDispatchListItem[]>(queryKeys.dispatches, (rows) =>
        rows?.map((r) => (r.id === id ? toListItem(saved) : r)),
      );
      void invalidate();
    },
  });
}

/** Deletes a dispatch; the server answers 409 when invoices still use it. */
export function useDeleteDispatch() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDispatches();
  return useMutation({
    mutationFn: (id: string) => call(dispatches[":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: (_, id) => {
      queryClient.setQueryData<TDispatchListItem[]>(queryKeys.dispatches, (rows) =>
        rows?.filter((r) => r.id !== id),
      );
      void invalidate({ skip: id });
    },
  });
}

/** The rate confirmation picker: the company's active ones (newest first, one page; `q` searches). */
export function useRateConfirmationOptions(q = "") {
  return useQuery({
    queryKey: [...queryKeys.rateConfirmations, "options", q],
    queryFn: () =>
      call(
        client.api["rate-confirmations"].$get({
          query: { sort: "createdAt", pageSize: "100", ...(q ? { q } : {}) },
        }),
      ),
    select: (page) => page.items,
  });
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
