import type {
  ActivityStatus,
  ActivityType,
  DispatchStatus,
  PevoStatus,
  TPevoProfileInput,
  TTripLogData,
} from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { todayIso } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";

/** One of the PEVO's own dispatches (GET /api/portal/dispatches, dashboard upcoming jobs). */
export type TPortalDispatch = {
  id: string;
  pickupDate: string;
  pickupTime: string;
  status: DispatchStatus;
  driverName: string;
  jobNumber: string | null;
  originAddress: string | null;
  destinationAddress: string | null;
};

/** What a PEVO needs on the road (GET /api/portal/dispatches/:id). */
export type TPortalDispatchDetail = TPortalDispatch & {
  driverPhone: string;
  driverCompany: string | null;
  notes: string | null;
  description: string | null;
  clientName: string | null;
  position: string | null;
};

export type TPortalActivity = {
  id: string;
  type: ActivityType | (string & {});
  status: ActivityStatus;
  message: string;
  createdAt: string;
};

export type TPortalDashboard = {
  cards: { upcomingJobs: number; completedJobs: number; profileStatus: PevoStatus };
  upcomingJobs: TPortalDispatch[];
  activity: TPortalActivity[];
};

/** The PEVO dashboard, computed by the server for the browser's own "today". */
export function usePortalDashboard() {
  const today = todayIso();
  return useQuery({
    queryKey: queryKeys.portalDashboard(today),
    queryFn: () => call(client.api.portal.dashboard.$get({ query: { today } })),
  });
}

/** Every dispatch assigned to the PEVO, latest pickup first. */
export function usePortalDispatches() {
  return useQuery({
    queryKey: queryKeys.portalDispatches,
    queryFn: () => call(client.api.portal.dispatches.$get()),
  });
}

export function usePortalDispatch(id: string) {
  return useQuery({
    queryKey: queryKeys.portalDispatch(id),
    queryFn: () => call(client.api.portal.dispatches[":id"].$get({ param: pathParams({ id }) })),
  });
}

export function usePortalProfile() {
  return useQuery({
    queryKey: queryKeys.portalProfile,
    queryFn: () => call(client.api.portal.profile.$get()),
  });
}

/** Saves My Profile; the name also shows in the sidebar and on Settings, so those refresh too. */
export function useSavePortalProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TPevoProfileInput) => call(client.api.portal.profile.$put({ json: data })),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.portalProfile, profile);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.mySettings }),
      ]);
    },
  });
}

/** The PEVO's own trip log, newest trip first. */
export function useTripLogs() {
  return useQuery({
    queryKey: queryKeys.portalTripLogs,
    queryFn: () => call(client.api.portal["trip-logs"].$get()),
  });
}

/** Creates a trip entry, or updates it when an id is given. */
export function useSaveTripLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: string; data: TTripLogData }) =>
      id
        ? call(client.api.portal["trip-logs"][":id"].$put({ param: pathParams({ id }), json: data }))
        : call(client.api.portal["trip-logs"].$post({ json: data })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.portalTripLogs }),
  });
}

export function useDeleteTripLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(client.api.portal["trip-logs"][":id"].$delete({ param: pathParams({ id }) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.portalTripLogs }),
  });
}
