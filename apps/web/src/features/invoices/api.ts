import type { TInvoiceData, TInvoiceListItem } from "@pevo/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { usePagedQuery } from "@/lib/paged-query";
import { queryKeys } from "@/lib/query-keys";

const invoices = client.api.invoices;
const dispatches = client.api.dispatches;

/** The address of the invoice's PDF (a download). */
export const invoicePdfHref = (id: string) => invoices[":id"].pdf.$path({ param: pathParams({ id }) });

/** The invoice list's URL query (page, sort, dir and filters, with the API's names). */
export type InvoiceListQuery = Record<string, string>;

/** One page (desktop) or the loaded pages (phone) of the filtered, sorted invoices. */
export function useInvoiceList(query: InvoiceListQuery, page: number) {
  return usePagedQuery<TInvoiceListItem>([...queryKeys.invoices, "list", query], page, (p) =>
    call(invoices.$get({ query: { ...query, page: String(p) } })),
  );
}

/** The address of the CSV of the whole filtered list (the list's filters and sort, no page). */
export function invoiceExportHref(query: InvoiceListQuery) {
  const { page: _page, pageSize: _size, ...rest } = query;
  return invoices["export.csv"].$path({ query: rest });
}

/** One invoice with its line items and dispatch summary. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: queryKeys.invoice(id),
    queryFn: () => call(invoices[":id"].$get({ param: pathParams({ id }) })),
  });
}

/** The next free INV-YYYY-NNNN number of the company for the year of `day` (the create form's default). */
export function useNextInvoiceNumber(day: string) {
  return useQuery({
    queryKey: queryKeys.nextInvoiceNumber(day),
    queryFn: () => call(invoices["next-number"].$get({ query: { date: day } })),
    // Always ask again: another admin may have used the number meanwhile.
    staleTime: 0,
    gcTime: 0,
  });
}

/** One dispatch with its rate confirmation (job, route, standard rates, positions). */
export const invoiceDispatchQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.dispatch(id),
    queryFn: () => call(dispatches[":id"].$get({ param: pathParams({ id }) })),
  });

/** {@link invoiceDispatchQuery} once there is an id (the dispatch picker reads the same entry). */
export function useInvoiceDispatch(id: string | null | undefined) {
  return useQuery({ ...invoiceDispatchQuery(id ?? ""), enabled: Boolean(id) });
}

/**
 * What the job bills (rate confirmation × trip log) as suggested lines; asked again each time the
 * office opens the suggestions (a PEVO may have logged a trip meanwhile).
 */
export function useSuggestedLines(dispatchId: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.dispatchTripLogs(dispatchId ?? ""), "suggested-lines"],
    queryFn: () => call(invoices["suggested-lines"].$get({ query: { dispatchId: dispatchId ?? "" } })),
    enabled: Boolean(dispatchId) && enabled,
    staleTime: 0,
  });
}

function useRefreshRelated() {
  const queryClient = useQueryClient();
  return (skip?: string) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: queryKeys.invoices,
        // A deleted invoice is not fetched again (it would only answer 404).
        predicate: (query) => !skip || query.queryKey[1] !== skip,
      }),
      // Invoices change a dispatch's "has invoices" flag and the dashboard's activity.
      queryClient.invalidateQueries({ queryKey: queryKeys.dispatches }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
    ]);
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: (data: TInvoiceData) => call(invoices.$post({ json: data })),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.invoice(saved.id), saved);
      void refresh();
    },
  });
}

export function useUpdateInvoice(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: (data: TInvoiceData) => call(invoices[":id"].$put({ param: pathParams({ id }), json: data })),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.invoice(id), saved);
      void refresh();
    },
  });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: (id: string) => call(invoices[":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.invoice(id), exact: true });
      void refresh(id);
    },
  });
}

/** Bill jobs: the clients with uninvoiced completed jobs in a period (a page of them). */
export function useBillJobClients(query: Record<string, string>) {
  return useQuery({
    queryKey: [...queryKeys.invoices, "bill-jobs", "clients", query],
    queryFn: () => call(invoices["bill-jobs"].clients.$get({ query: { pageSize: "50", ...query } })),
  });
}

/** Bill jobs: one client's uninvoiced completed jobs, each with what it would bill (a page of them). */
export function useBillJobs(query: Record<string, string> | null) {
  return useQuery({
    queryKey: [...queryKeys.invoices, "bill-jobs", "jobs", query],
    queryFn: () =>
      call(invoices["bill-jobs"].$get({ query: { pageSize: "50", clientId: "", ...(query ?? {}) } })),
    enabled: query !== null,
  });
}

/** One draft invoice from the ticked jobs of one client (a consolidated one from two or more). */
export function useBillJobsInvoice() {
  const queryClient = useQueryClient();
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: (dispatchIds: string[]) => call(invoices["bill-jobs"].$post({ json: { dispatchIds } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.invoice(saved.id), saved);
      void refresh();
    },
  });
}
