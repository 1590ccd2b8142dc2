import type {
  ActivityStatus,
  ActivityType,
  DispatchStatus,
  PevoStatus,
  TPevoProfile,
  TPevoProfileInput,
  TTripLog,
  TTripLogData,
} from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { mySettingsKey } from "@/lib/my-settings";
import { meKey } from "@/lib/session";
import { api } from "@/lib/api";
import { todayIso } from "@/lib/format";

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

/** Every portal query lives under ['portal', ...]. */
export const portalKeys = {
  all: ["portal"] as const,
  dashboard: ["portal", "dashboard"] as const,
  dispatches: ["portal", "dispatches"] as const,
  dispatch: (id: string) => ["portal", "dispatches", id] as const,
  profile: ["portal", "profile"] as const,
  tripLogs: ["portal", "trip-logs"] as const,
};

/** The PEVO dashboard, computed by the server for the browser's own "today". */
export function usePortalDashboard() {
  const today = todayIso();
  return useQuery({
    queryKey: [...portalKeys.dashboard, today],
    queryFn: () => api<TPortalDashboard>(`/api/portal/dashboard?today=${today}`),
  });
}

/** Every dispatch assigned to the PEVO, latest pickup first. */
export function usePortalDispatches() {
  return useQuery({
    queryKey: portalKeys.dispatches,
    queryFn: () => api<TPortalDispatch[]>("/api/portal/dispatches"),
  });
}

export function usePortalDispatch(id: string) {
  return useQuery({
    queryKey: portalKeys.dispatch(id),
    queryFn: () => api<TPortalDispatchDetail>(`/api/portal/dispatches/${encodeURIComponent(id)}`),
    retry: false,
  });
}

export function usePortalProfile() {
  return useQuery({ queryKey: portalKeys.profile, queryFn: () => api<TPevoProfile>("/api/portal/profile") });
}

/** Saves My Profile; the name also shows in the sidebar and on Settings, so those refresh too. */
export function useSavePortalProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TPevoProfileInput) =>
      api<TPevoProfile>("/api/portal/profile", { method: "PUT", body: data }),
    onSuccess: (profile) => {
      queryClient.setQueryData(portalKeys.profile, profile);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: meKey }),
        queryClient.invalidateQueries({ queryKey: mySettingsKey }),
      ]);
    },
  });
}

/** The PEVO's own trip log, newest trip first. */
export function useTripLogs() {
  return useQuery({ queryKey: portalKeys.tripLogs, queryFn: () => api<TTripLog[]>("/api/portal/trip-logs") });
}

/** Creates a trip entry, or updates it when an id is given. */
export function useSaveTripLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: string; data: TTripLogData }) =>
      id
        ? api<TTripLog>(`/api/portal/trip-logs/${id}`, { method: "PUT", body: data })
        : api<TTripLog>("/api/portal/trip-logs", { method: "POST", body: data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.tripLogs }),
  });
}

export function useDeleteTripLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/portal/trip-logs/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.tripLogs }),
  });
}
