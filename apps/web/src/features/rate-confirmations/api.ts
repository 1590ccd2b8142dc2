import type { TRateConfirmationData, TSendForSignature } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { usePagedQuery } from "@/lib/paged-query";
import { invalidateAll, queryKeys } from "@/lib/query-keys";

const rcs = client.api["rate-confirmations"];

/** Dispatches and the dashboard show rate confirmation data, so writes refresh them too. */
const refreshedKeys = [queryKeys.rateConfirmations, queryKeys.dashboard, queryKeys.dispatches];

/**
 * A page of the list, as the address says (`list.query`: page, sort, filters). Canceled ones are
 * listed (with a badge) unless the address filters by `canceled`.
 */
export function useRateConfirmationList(query: Record<string, string>, page: number) {
  return usePagedQuery([...queryKeys.rateConfirmations, "list", query], page, (p) =>
    call(rcs.$get({ query: { includeCanceled: "true", ...query, page: String(p) } })),
  );
}

/** One rate confirmation with its client name, standard rates, custom rates and positions. */
export function useRateConfirmation(id: string) {
  return useQuery({
    queryKey: queryKeys.rateConfirmation(id),
    queryFn: () => call(rcs[":id"].$get({ param: pathParams({ id }) })),
  });
}

/** The next free RC-YYYYMMDD-### of a day (YYYY-MM-DD). */
export function useNextJobNumber(day: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.nextJobNumber(day),
    queryFn: () => call(rcs["next-job-number"].$get({ query: { date: day } })),
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
    mutationFn: (data: TRateConfirmationData) => call(rcs.$post({ json: data })),
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
      call(rcs[":id"].$put({ param: pathParams({ id }), json: data })),
    onSuccess: (record) => {
      queryClient.setQueryData(queryKeys.rateConfirmation(id), record);
      void invalidate();
    },
  });
}

/** Cancel (`true`) or restore (`false`): the answer is the record, kept on its page. */
export function useSetCanceled(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (canceled: boolean) =>
      call(
        canceled
          ? rcs[":id"].cancel.$post({ param: pathParams({ id }) })
          : rcs[":id"].restore.$post({ param: pathParams({ id }) }),
      ),
    onSuccess: (record) => {
      queryClient.setQueryData(queryKeys.rateConfirmation(id), record);
      void invalidate();
    },
  });
}

/** A new draft copied from it (today's next job number, no PEVO assigned). */
export function useDuplicateRateConfirmation(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: () => call(rcs[":id"].duplicate.$post({ param: pathParams({ id }) })),
    onSuccess: (record) => {
      queryClient.setQueryData(queryKeys.rateConfirmation(record.id), record);
      void invalidate();
    },
  });
}

/** Deletes it (refused with a message while dispatches refer to it). */
export function useDeleteRateConfirmation(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: () => call(rcs[":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.rateConfirmation(id) });
      void invalidate();
    },
  });
}

/** Its signature: the state and every request, newest first. */
export function useRateConfirmationSignature(id: string) {
  return useQuery({
    queryKey: queryKeys.rateConfirmationSignature(id),
    queryFn: () => call(rcs[":id"].signature.$get({ param: pathParams({ id }) })),
  });
}

/** Send for signature (or send again: a new link, any open one withdrawn). `mailSent` false: offer Retry. */
export function useSendForSignature(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (data: TSendForSignature) =>
      call(rcs[":id"].signature.$post({ param: pathParams({ id }), json: data })),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.rateConfirmationSignature(id), answer.signature);
      void invalidate();
    },
  });
}

/** Withdraws the open request: its link stops working. */
export function useCancelSignatureRequest(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: () => call(rcs[":id"].signature.cancel.$post({ param: pathParams({ id }) })),
    onSuccess: (signature) => {
      queryClient.setQueryData(queryKeys.rateConfirmationSignature(id), signature);
      void invalidate();
    },
  });
}
