import type { ActivityStatus, ActivityType, DispatchStatus } from "@pevo/shared";
import { useQuery } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client";
import { earlyOr, earlyReads } from "@/lib/early-reads";
import { todayIso } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";

/** One of the next 7 days' dispatches (GET /api/dashboard). */
export type TUpcomingJob = {
  id: string;
  jobNumber: string | null;
  client: string | null;
  date: string;
  status: DispatchStatus;
  pevo: string | null;
  origin: string | null;
  destination: string | null;
};

/** An entry of the company's activity log. */
type TActivity = {
  id: string;
  type: ActivityType | (string & {});
  status: ActivityStatus;
  message: string;
  client: string | null;
  job: string | null;
  pevo: string | null;
  amount: string | null;
  createdAt: string;
};

export type TDashboard = {
  cards: {
    activeJobs: number;
    pevos: number;
    pendingSignatures: number;
    upcomingJobs: number;
    uncoveredJobs: number;
    /** Exact decimals ("1250.00"). */
    outstanding: string;
    overdue: string;
  };
  upcomingJobs: TUpcomingJob[];
  activity: TActivity[];
};

/** The admin dashboard, computed by the server for the browser's own "today". */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    // On a full page load of /dashboard public/boot.js has already asked.
    queryFn: () => {
      const today = todayIso();
      return call(
        earlyOr(earlyReads.dashboard(today), () => client.api.dashboard.$get({ query: { today } })),
      );
    },
  });
}
