import type {
  TCreateSettlementInput,
  TMarkSettlementPaidInput,
  TPayPlanInput,
  TPayPlans,
  TSettlementAdjustmentInput,
  TSettlementPevo,
  TSettlementSummary,
} from "@pevo/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { invalidateAll, queryKeys } from "@/lib/query-keys";

const settlements = client.api.settlements;
const payPlans = client.api["pay-plans"];

/** Whose pay plan: the company default (null) or a PEVO's own. */
type PlanOwner = string | null;

export function usePayPlans(pevoId: PlanOwner) {
  return useQuery<TPayPlans>({
    queryKey: queryKeys.payPlans(pevoId),
    queryFn: () =>
      pevoId === null
        ? call(payPlans.default.$get())
        : call(payPlans.pevos[":id"].$get({ param: pathParams({ id: pevoId }) })),
  });
}

/** A new plan version: every plan query (a PEVO's shows the default) and the drafts recompute. */
export function useSavePayPlan(pevoId: PlanOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: TPayPlanInput) =>
      pevoId === null
        ? call(payPlans.default.$post({ json }))
        : call(payPlans.pevos[":id"].$post({ param: pathParams({ id: pevoId }), json })),
    onSuccess: (plans) => {
      queryClient.setQueryData(queryKeys.payPlans(pevoId), plans);
      void invalidateAll(queryClient, [queryKeys.payPlansAll, queryKeys.settlements]);
    },
  });
}

export function useSettlementList(page: number) {
  return useQuery({
    queryKey: [...queryKeys.settlements, "list", page],
    queryFn: () => call(settlements.$get({ query: { page: String(page), pageSize: "25" } })),
  });
}

/** The run: its state and totals (its PEVOs are read a page at a time, their jobs per PEVO). */
export function useSettlement(id: string) {
  return useQuery<TSettlementSummary>({
    queryKey: queryKeys.settlement(id),
    queryFn: () => call(settlements[":id"].$get({ param: pathParams({ id }) })),
  });
}

/** PEVO statements shown at first and added by "Load more": each card reads its own jobs. */
const PEVOS_PER_PAGE = 20;

const pevoPages = (id: string) => [...queryKeys.settlement(id), "pevo-pages"] as const;

/** The run's PEVOs with their totals, in name order, a page at a time ("Load more" appends the next). */
export function useSettlementPevos(id: string) {
  return useInfiniteQuery({
    queryKey: pevoPages(id),
    queryFn: ({ pageParam }) =>
      call(
        settlements[":id"].pevos.$get({
          param: pathParams({ id }),
          query: { page: String(pageParam), pageSize: String(PEVOS_PER_PAGE) },
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

const pevoStatements = (id: string) => [...queryKeys.settlement(id), "pevos"] as const;

/** One PEVO's statement of the run: jobs with pay lines, expenses, adjustments. */
export function useSettlementPevo(id: string, pevoId: string) {
  return useQuery<TSettlementPevo>({
    queryKey: [...pevoStatements(id), pevoId],
    queryFn: () => call(settlements[":id"].pevos[":pevoId"].$get({ param: pathParams({ id, pevoId }) })),
  });
}

/**
 * A change to a run: the run's answer replaces its state and totals; its pages of PEVOs (their
 * totals), their statements and the list (net, counts) refetch.
 */
function useSettlementChange<V>(id: string, request: (value: V) => Promise<TSettlementSummary>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (settlement) => {
      queryClient.setQueryData(queryKeys.settlement(id), settlement);
      void invalidateAll(queryClient, [
        pevoPages(id),
        pevoStatements(id),
        [...queryKeys.settlements, "list"],
        queryKeys.activity,
      ]);
    },
  });
}

export function useCreateSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: TCreateSettlementInput) => call(settlements.$post({ json })),
    onSuccess: (settlement) => {
      queryClient.setQueryData(queryKeys.settlement(settlement.id), settlement);
      void invalidateAll(queryClient, [[...queryKeys.settlements, "list"], queryKeys.activity]);
    },
  });
}

export function useDeleteSettlement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(settlements[":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.settlement(id) });
      void invalidateAll(queryClient, [[...queryKeys.settlements, "list"], queryKeys.activity]);
    },
  });
}

export const useAddAdjustment = (id: string) =>
  useSettlementChange(id, (json: TSettlementAdjustmentInput) =>
    call(settlements[":id"].adjustments.$post({ param: pathParams({ id }), json })),
  );

export const useRemoveAdjustment = (id: string) =>
  useSettlementChange(id, (adjustmentId: string) =>
    call(
      settlements[":id"].adjustments[":adjustmentId"].$delete({ param: pathParams({ id, adjustmentId }) }),
    ),
  );

export const useHoldJob = (id: string) =>
  useSettlementChange(id, (dispatchId: string) =>
    call(settlements[":id"].jobs[":dispatchId"].$delete({ param: pathParams({ id, dispatchId }) })),
  );

export const useApproveSettlement = (id: string) =>
  useSettlementChange(id, () => call(settlements[":id"].approve.$post({ param: pathParams({ id }) })));

export const usePaySettlement = (id: string) =>
  useSettlementChange(id, (json: TMarkSettlementPaidInput) =>
    call(settlements[":id"].pay.$post({ param: pathParams({ id }), json })),
  );

/** The address of one PEVO's statement PDF of a run (a download). */
export const statementPdfHref = (id: string, pevoId: string) =>
  settlements[":id"].statements[":pevoId"].pdf.$path({ param: pathParams({ id, pevoId }) });
