import type { TRateConfirmation, TRateConfirmationData, TRateConfirmationListItem } from "@pevo/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAll, queryKeys } from "@/lib/query-keys";

/** Dispatches and the dashboard show rate confirmation data, so writes refresh them too. */
const refreshedKeys = [queryKeys.rateConfirmations, queryKeys.dashboard, queryKeys.dispatches];

/** The company's rate confirmations, newest first; `search` matches job number, origin or destination. */
export function useRateConfirmations(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: queryKeys.rateConfirmationSearch(term),
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
    queryKey: queryKeys.rateConfirmation(id),
    queryFn: () => api<TRateConfirmation>(`/api/rate-confirmations/${encodeURIComponent(id)}`),
  });
}

/** The next free RC-YYYYMMDD-### of a day (YYYY-MM-DD). */
export function useNextJobNumber(day: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.nextJobNumber(day),
    queryFn: () => api<{ jobNumber: string }>(`/api/rate-confirmations/next-job-number?date=${day}`),
    enabled,
    staleTime: 0,
  });
}

function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => invalidateAll(queryClient, refreshedKeys);
}

export function useCreateRateConfirmation() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (data: TRateConfirmationData) =>
      api<TRateConfirmation>("/api/rate-confirmations", { method: "POST", body: data }),
    onSuccess: (record) => {
      queryClient.setQueryData(queryKeys.rateConfirmation(record.id), record);
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
      queryClient.setQueryData(queryKeys.rateConfirmation(id), record);
      void invalidate();
    },
  });
}
