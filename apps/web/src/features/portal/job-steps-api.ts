import {
  DISPATCH_EVENT_LABELS,
  DISPATCH_STEPS,
  type DispatchStep,
  type TDispatchStep,
  type TPortalDispatchLifecycle,
} from "@pevo/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { sendQueued } from "@/lib/offline/send";
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

/** A lifecycle, and whether it is only this phone's view of a write still waiting for signal. */
type JobAnswer = (TPortalDispatchLifecycle & { queued?: boolean }) | null;

/**
 * What the job looks like once a write kept on the phone reaches the server (ADR 0014): the event
 * on the timeline and the stage moved, so the PEVO sees what they did while offline.
 */
function expected(
  life: TPortalDispatchLifecycle | undefined,
  event: { id: string; kind: "accepted" | DispatchStep | "problem"; note?: string | null },
): JobAnswer {
  if (!life) return null;
  const events = [
    ...life.events,
    {
      id: event.id,
      kind: event.kind,
      at: new Date().toISOString(),
      byName: null,
      pevoName: null,
      note: event.note ?? null,
      lat: null,
      lng: null,
    },
  ];
  if (event.kind === "problem") return { ...life, events, queued: true };
  const stage = event.kind;
  const after = stage === "accepted" ? DISPATCH_STEPS[0] : DISPATCH_STEPS[DISPATCH_STEPS.indexOf(stage) + 1];
  return { ...life, events, stage, nextStep: after ?? null, canDecline: false, queued: true };
}

/**
 * An answer or step: through the phone's queue with its own id as the Idempotency-Key. Sent, every
 * portal screen refetches (the job's status changed too); kept for later, the job shows it ahead.
 */
function useJobWrite<V>(
  id: string,
  write: (variables: V) => {
    path: string;
    body?: unknown;
    kind: "accepted" | DispatchStep | "problem";
    note?: string | null;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    // The queue decides whether there is signal: the write must reach it even offline.
    networkMode: "always",
    mutationFn: async (variables: V): Promise<JobAnswer> => {
      const { path, body, kind, note } = write(variables);
      const sent = await sendQueued<TPortalDispatchLifecycle>({
        label: DISPATCH_EVENT_LABELS[kind],
        path,
        body,
      });
      if (!sent.queued) return sent.data;
      return expected(queryClient.getQueryData(lifecycleKey(id)), { id: sent.id, kind, note });
    },
    onSuccess: (lifecycle) => settle(queryClient, id, lifecycle),
  });
}

function settle(queryClient: QueryClient, id: string, lifecycle: JobAnswer) {
  if (lifecycle) queryClient.setQueryData(lifecycleKey(id), lifecycle);
  // Kept on the phone: a refetch now would read the cached job and hide the step.
  if (lifecycle?.queued) return;
  return queryClient.invalidateQueries({ queryKey: queryKeys.portal });
}

export const useAcceptJob = (id: string) =>
  useJobWrite<void>(id, () => ({ path: `/api/portal/dispatches/${id}/accept`, kind: "accepted" }));

export const useDeclineJob = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call(job.decline.$post({ param: pathParams({ id }), json: { reason } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.portal }),
  });
};

export const useRecordStep = (id: string) =>
  useJobWrite<TDispatchStep>(id, (step) => ({
    path: `/api/portal/dispatches/${id}/steps`,
    body: step,
    kind: step.kind,
    note: step.note,
  }));
