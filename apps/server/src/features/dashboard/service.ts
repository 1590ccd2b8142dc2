import { recentActivity } from "../../domain/activity";
import { countUncoveredJobs, dashboardJobCounts, dashboardUpcomingJobs } from "../../domain/dispatches";
import { openBalances } from "../../domain/invoices";
import { countActivePevos } from "../../domain/pevos";
import { countPendingSignatures } from "../../domain/rate-confirmations";
import { addDaysIso } from "../../lib/dates";
import type { Scope } from "../../lib/tenant";

/** The admin dashboard, computed from the company's data (DECISIONS: Dashboards). */
export async function getDashboard(scope: Scope, today: string) {
  const weekEnd = addDaysIso(today, 7);
  const [jobs, activePevos, pendingSignatures, upcoming, activity, uncovered, owed] = await Promise.all([
    dashboardJobCounts(scope, today, weekEnd),
    countActivePevos(scope),
    countPendingSignatures(scope),
    dashboardUpcomingJobs(scope, today, weekEnd, 10),
    recentActivity(scope, 10),
    countUncoveredJobs(scope, today, weekEnd),
    // The open balance and its past-due part, exact; overdue is computed against the company's
    // today (the caller's ?today only moves the week).
    openBalances(scope),
  ]);
  return {
    cards: {
      activeJobs: jobs.active,
      pevos: activePevos,
      pendingSignatures,
      upcomingJobs: jobs.upcoming,
      uncoveredJobs: uncovered,
      outstanding: owed.outstanding,
      overdue: owed.overdue,
    },
    upcomingJobs: upcoming,
    activity,
  };
}
