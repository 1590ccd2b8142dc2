// The portal dashboard's one read, apart from the lists' hooks in api.ts: the /pevo first load
// carries only this (its budget: docs/performance.md).
import type { ActivityStatus, ActivityType, PevoStatus } from "@pevo/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client";
import { earlyOr, earlyReads } from "@/lib/early-reads";
import { FIRST_SCREEN_FRESH_MS } from "@/lib/first-screen";
import { todayIso } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import type { TPortalDispatch } from "./api";

type TPortalActivity = {
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
export const portalDashboardQuery = (today = todayIso()) =>
  queryOptions({
    queryKey: queryKeys.portalDashboard(today),
    // On a full page load of /pevo public/boot.js has already asked.
    queryFn: () =>
      call(
        earlyOr(earlyReads.portalDashboard(today), () =>
          client.api.portal.dashboard.$get({ query: { today } }),
        ),
      ),
    // Read by the route's loader just before the screen mounts (lib/first-screen.ts).
    staleTime: FIRST_SCREEN_FRESH_MS,
  });

export function usePortalDashboard() {
  return useQuery(portalDashboardQuery());
}
