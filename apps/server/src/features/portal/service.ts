import { pevoActivity } from "../../domain/activity";
import { pevoJobCounts, pevoUpcomingJobs } from "../../domain/dispatches";
import { pevoStatus } from "../../domain/pevos";
import type { Scope } from "../../lib/tenant";

/** The PEVO dashboard (DECISIONS: Dashboards): their own figures only. */
export async function getPortalDashboard(scope: Scope, pevoId: string, today: string) {
  const [counts, profileStatus, upcomingJobs, activity] = await Promise.all([
    pevoJobCounts(scope, pevoId, today),
    pevoStatus(scope, pevoId),
    pevoUpcomingJobs(scope, pevoId, today, 10),
    pevoActivity(scope, pevoId, 10),
  ]);
  return {
    cards: {
      upcomingJobs: counts.upcoming,
      completedJobs: counts.completed,
      profileStatus,
    },
    upcomingJobs,
    activity,
  };
}
