import type { TDispatchBatchData } from "@pevo/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client";
import { invalidateAll, queryKeys } from "@/lib/query-keys";

/** 'Create Dispatch' from a rate confirmation: one dispatch per chosen position, in one request. */
export function useCreateDispatchBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TDispatchBatchData) => call(client.api.dispatches.batch.$post({ json: data })),
    // The lists, the rate confirmation's coverage and the dashboard's counts change.
    onSuccess: () =>
      void invalidateAll(queryClient, [
        queryKeys.dispatches,
        queryKeys.rateConfirmations,
        queryKeys.dashboard,
      ]),
  });
}
