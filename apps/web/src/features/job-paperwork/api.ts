import type { TJobLogEntry, TSafetyChecklist, TSafetyMeeting } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
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

export function useSignSafetyMeeting(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSafetyMeeting) =>
      call(portalJob["safety-meeting"].$post({ param: pathParams({ id }), json: body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.portalDispatchPaperwork(id) }),
  });
}

export function useAddJobLogEntry(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TJobLogEntry) =>
      call(portalJob["log-entries"].$post({ param: pathParams({ id }), json: body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.portalDispatchPaperwork(id) }),
  });
}

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
