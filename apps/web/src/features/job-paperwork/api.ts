import {
  JOB_LOG_KIND_LABELS,
  type TJobLogEntry,
  type TJobPaperwork,
  type TSafetyChecklist,
  type TSafetyMeeting,
} from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { sendQueued } from "@/lib/offline/send";
import { queryKeys } from "@/lib/query-keys";

const portalJob = client.api.portal.dispatches[":id"];
const officeJob = client.api.dispatches[":id"];

/** My job's paperwork (portal). */
export const usePortalPaperwork = (id: string) =>
  useQuery({
    queryKey: queryKeys.portalDispatchPaperwork(id),
    queryFn: () => call(portalJob.paperwork.$get({ param: pathParams({ id }) })),
  });

/** A job's paperwork (office): under the dispatch's key, so the PEVO's writes refetch it live. */
export const useOfficePaperwork = (id: string) =>
  useQuery({
    queryKey: queryKeys.dispatchPaperwork(id),
    queryFn: () => call(officeJob.paperwork.$get({ param: pathParams({ id }) })),
  });

/**
 * A paperwork write through the phone's queue (ADR 0014): the record's own id (made on the phone)
 * is the server's idempotency key. Kept for later, the job's paperwork shows it ahead (`expected`);
 * sent, the paperwork refetches.
 */
function usePaperworkWrite<B extends { id: string }>(
  id: string,
  path: string,
  label: (body: B) => string,
  expected: (paperwork: TJobPaperwork, body: B) => TJobPaperwork,
) {
  const queryClient = useQueryClient();
  const key = queryKeys.portalDispatchPaperwork(id);
  return useMutation({
    networkMode: "always",
    mutationFn: async (body: B) => {
      const sent = await sendQueued({ id: body.id, keyHeader: false, label: label(body), path, body });
      if (sent.queued) {
        queryClient.setQueryData<TJobPaperwork>(key, (old) => (old ? expected(old, body) : old));
      }
      return { queued: sent.queued };
    },
    onSuccess: ({ queued }) => (queued ? undefined : queryClient.invalidateQueries({ queryKey: key })),
  });
}

const noPlace = { lat: null, lng: null, accuracy: null };

export const useSignSafetyMeeting = (id: string) =>
  usePaperworkWrite<TSafetyMeeting>(
    id,
    `/api/portal/dispatches/${id}/safety-meeting`,
    () => "Safety meeting signed",
    (paperwork, m) => ({
      ...paperwork,
      meeting: {
        ...noPlace,
        id: m.id,
        items: m.checked,
        pevoName: m.pevoName,
        pevoSignature: m.pevoSignature,
        driverName: m.driverName,
        driverSignature: m.driverSignature,
        signedAt: new Date().toISOString(),
      },
    }),
  );

export const useAddJobLogEntry = (id: string) =>
  usePaperworkWrite<TJobLogEntry>(
    id,
    `/api/portal/dispatches/${id}/log-entries`,
    (e) => `${JOB_LOG_KIND_LABELS[e.kind]}${e.place ? ` — ${e.place}` : ""}`,
    (paperwork, e) => ({
      ...paperwork,
      entries: [
        ...paperwork.entries,
        {
          ...noPlace,
          id: e.id,
          kind: e.kind,
          at: e.at,
          reason: e.reason ?? null,
          heightInches: e.heightInches ?? null,
          place: e.place ?? null,
          pevoName: null,
        },
      ],
    }),
  );

/** The office adds the packet to the job's documents. */
export function useAttachPacket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(officeJob.packet.$post({ param: pathParams({ id }) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dispatchDocuments(id) }),
  });
}

export const portalPacketUrl = (id: string) => `/api/portal/dispatches/${id}/packet.pdf`;
export const officePacketUrl = (id: string) => `/api/dispatches/${id}/packet.pdf`;

export const useSafetyChecklist = () =>
  useQuery({
    queryKey: queryKeys.safetyChecklist,
    queryFn: () => call(client.api.company["safety-checklist"].$get()),
  });

export function useSaveSafetyChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSafetyChecklist) => call(client.api.company["safety-checklist"].$put({ json: body })),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.safetyChecklist, data),
  });
}
