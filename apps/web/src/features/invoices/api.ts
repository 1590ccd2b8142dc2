import type {
  TClient,
  TCompanySettings,
  TDispatch,
  TDispatchListItem,
  TInvoice,
  TInvoiceData,
  TInvoiceListItem,
  TTripLog,
} from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";

/** The one query key of the invoices resource; one invoice sits under it. */
export const invoicesKey = ["invoices"] as const;
const invoiceKey = (id: string) => [...invoicesKey, id] as const;
/** Invoices change a dispatch's "has invoices" flag and the dashboard's activity. */
const dispatchesKey = ["dispatches"] as const;
const dashboardKey = ["dashboard"] as const;

const invoicePath = (id: string) => `/api/invoices/${encodeURIComponent(id)}`;
const dispatchPath = (id: string) => `/api/dispatches/${encodeURIComponent(id)}`;

/** The address of the invoice's PDF (a download). */
export const invoicePdfHref = (id: string) => `${invoicePath(id)}/pdf`;

/** A missing record stays missing: do not retry a 404 (or any other refusal). */
const retryServerErrors = (count: number, error: unknown) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** The company's invoices, newest first (server side). */
export function useInvoices() {
  return useQuery({ queryKey: invoicesKey, queryFn: () => api<TInvoiceListItem[]>("/api/invoices") });
}

/** One invoice with its line items and dispatch summary. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKey(id),
    queryFn: () => api<TInvoice>(invoicePath(id)),
    retry: retryServerErrors,
  });
}

/** The dispatch picker of the create form. */
export function useDispatchOptions(enabled = true) {
  return useQuery({
    queryKey: dispatchesKey,
    queryFn: () => api<TDispatchListItem[]>("/api/dispatches"),
    enabled,
  });
}

/** One dispatch with its rate confirmation (job, route, standard rates, positions). */
export function useInvoiceDispatch(id: string | null | undefined) {
  return useQuery({
    queryKey: [...dispatchesKey, id ?? ""],
    queryFn: () => api<TDispatch>(dispatchPath(id ?? "")),
    enabled: Boolean(id),
    retry: retryServerErrors,
  });
}

/** The trips PEVOs logged against a dispatch, to turn into line items. */
export function useDispatchTripLogs(id: string | null | undefined) {
  return useQuery({
    queryKey: [...dispatchesKey, id ?? "", "trip-logs"],
    queryFn: () => api<TTripLog[]>(`${dispatchPath(id ?? "")}/trip-logs`),
    enabled: Boolean(id),
    retry: retryServerErrors,
  });
}

/** The customer picker: the company's clients (id, name, address, contact person). */
export function useCustomerOptions() {
  return useQuery({ queryKey: ["clients"], queryFn: () => api<TClient[]>("/api/clients") });
}

export type TActivePevoOption = { id: string; firstName: string; lastName: string };

/** The PEVO Name picker: active PEVOs by last name. */
export function useActivePevos() {
  return useQuery({
    queryKey: ["pevos", "active"],
    queryFn: () => api<TActivePevoOption[]>("/api/pevos/active"),
  });
}

/** The company profile (letterhead) and invoice defaults (payment terms, tax rate, footer). */
export function useCompany() {
  return useQuery({ queryKey: ["company"], queryFn: () => api<TCompanySettings>("/api/company") });
}

function useRefreshRelated() {
  const queryClient = useQueryClient();
  return (skip?: string) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: invoicesKey,
        // A deleted invoice is not fetched again (it would only answer 404).
        predicate: (query) => !skip || query.queryKey[1] !== skip,
      }),
      queryClient.invalidateQueries({ queryKey: dispatchesKey }),
      queryClient.invalidateQueries({ queryKey: dashboardKey }),
    ]);
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: (data: TInvoiceData) => api<TInvoice>("/api/invoices", { method: "POST", body: data }),
    onSuccess: (saved) => {
      queryClient.setQueryData(invoiceKey(saved.id), saved);
      void refresh();
    },
  });
}

export function useUpdateInvoice(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: (data: TInvoiceData) => api<TInvoice>(invoicePath(id), { method: "PUT", body: data }),
    onSuccess: (saved) => {
      queryClient.setQueryData(invoiceKey(id), saved);
      void refresh();
    },
  });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  const refresh = useRefreshRelated();
  return useMutation({
    mutationFn: (id: string) => api<void>(invoicePath(id), { method: "DELETE" }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: invoiceKey(id), exact: true });
      queryClient.setQueryData<TInvoiceListItem[]>(invoicesKey, (rows) => rows?.filter((r) => r.id !== id));
      void refresh(id);
    },
  });
}
