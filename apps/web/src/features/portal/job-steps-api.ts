import type { TDispatchStep, TPortalDispatchLifecycle } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const job = client.api.portal.dispatches[":id"];
/** Under the dispatch's portal key: a live event about the dispatch refetches it with the rest. */
const lifecycleKey = (id: string) => [...queryKeys.portalDispatch(id), "lifecycle"] as const;

/** My job's stage, next step and timeline (GET /api/portal/dispatches/:id/lifecycle). */
export function useJobLifecycle(id: string) {
  return useQuery({
    queryKey: lifecycleKey(id),
    queryFn: () => call(job.lifecycle.$get({ param: pathParams({ id }) })),
  });
}

/** After an answer or a step the job's status changed too: every portal screen refetches. */
function useJobMutation<V>(id: string, request: (variables: V) => Promise<TPortalDispatchLifecycle | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (lifecycle) => {
      if (lifecycle) queryClient.setQueryData(lifecycleKey(id), lifecycle);
      return queryClient.invalidateQueries({ queryKey: queryKeys.portal });
    },
  });
}

export const useAcceptJob = (id: string) =>
  useJobMutation<void>(id, () => call(job.accept.$post({ param: pathParams({ id }) })));

export const useDeclineJob = (id: string) =>
  useJobMutation<string>(id, async (reason) => {
    await call(job.decline.$post({ param: pathParams({ id }), json: { reason } }));
    return null;
  });

export const useRecordStep = (id: string) =>
  useJobMutation<TDispatchStep>(id, (step) =>
    call(job.steps.$post({ param: pathParams({ id }), json: step })),
  );
