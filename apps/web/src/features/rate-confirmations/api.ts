import type {
  TClient,
  TRateConfirmation,
  TRateConfirmationData,
  TRateConfirmationListItem,
} from "@pevo/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";

/** The one query key of the rate confirmations resource; lists, records and job numbers sit under it. */
export const rateConfirmationsKey = ["rate-confirmations"] as const;
const recordKey = (id: string) => [...rateConfirmationsKey, id] as const;
/** Dispatches and the dashboard show rate confirmation data, so writes refresh them too. */
const dependentKeys = [["dashboard"], ["dispatches"]] as const;

/** The company's rate confirmations, newest first; `search` matches job number, origin or destination. */
export function useRateConfirmations(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: [...rateConfirmationsKey, "list", term],
    queryFn: () =>
      api<TRateConfirmationListItem[]>(
        term ? `/api/rate-confirmations?search=${encodeURIComponent(term)}` : "/api/rate-confirmations",
      ),
    // Keep the rows on screen while the next search is on its way.
    placeholderData: keepPreviousData,
  });
}

/** One rate confirmation with its client name, standard rates, custom rates and positions. */
export function useRateConfirmation(id: string) {
  return useQuery({
    queryKey: recordKey(id),
    queryFn: () => api<TRateConfirmation>(`/api/rate-confirmations/${encodeURIComponent(id)}`),
    // A missing record stays missing: do not retry a 404.
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

/** The next free RC-YYYYMMDD-### of a day (YYYY-MM-DD). */
export function useNextJobNumber(day: string, enabled = true) {
  return useQuery({
    queryKey: [...rateConfirmationsKey, "next-job-number", day],
    queryFn: () => api<{ jobNumber: string }>(`/api/rate-confirmations/next-job-number?date=${day}`),
    enabled,
    staleTime: 0,
  });
}

function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [rateConfirmationsKey, ...dependentKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useCreateRateConfirmation() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (data: TRateConfirmationData) =>
      api<TRateConfirmation>("/api/rate-confirmations", { method: "POST", body: data }),
    onSuccess: (record) => {
      queryClient.setQueryData(recordKey(record.id), record);
      void invalidate();
    },
  });
}

export function useUpdateRateConfirmation(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (data: TRateConfirmationData) =>
      api<TRateConfirmation>(`/api/rate-confirmations/${encodeURIComponent(id)}`, {
        method: "PUT",
        body: data,
      }),
    onSuccess: (record) => {
      queryClient.setQueryData(recordKey(id), record);
      void invalidate();
    },
  });
}

/** The client picker: the company's clients by name (same key as the clients screen). */
export function useClientOptions() {
  return useQuery({ queryKey: ["clients"], queryFn: () => api<TClient[]>("/api/clients") });
}

export type TActivePevo = { id: string; firstName: string; lastName: string };

/** The PEVO picker: active PEVOs by last name. */
export function useActivePevos() {
  return useQuery({ queryKey: ["pevos", "active"], queryFn: () => api<TActivePevo[]>("/api/pevos/active") });
}
