import { invoiceOpenBalances, missingRow, pevos, rateConfirmations } from "@pevo/db";
import { count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { recentActivity } from "../../domain/activity";
import { countUncoveredJobs, dashboardJobCounts, dashboardUpcomingJobs } from "../../domain/dispatches";
import { openBalanceTotals } from "../../lib/aging";
import { addDaysIso } from "../../lib/dates";
import { invoiceToday } from "../../lib/invoice-status";
import { type Scope, scoped } from "../../lib/tenant";

/** The admin dashboard, computed from the company's data (DECISIONS: Dashboards). */
export async function getDashboard(scope: Scope, today: string) {
  const { db } = scope;
  const weekEnd = addDaysIso(today, 7);
  // Overdue is computed against the company's today (the caller's ?today only moves the week).
  const money = openBalanceTotals(await invoiceToday(db, scope));
  const [
    jobs,
    [activePevos = missingRow("pevos")],
    [pending = missingRow("signatureRequests")],
    upcoming,
    activity,
    uncovered,
    [owed = missingRow("invoiceOpenBalances")],
  ] = await Promise.all([
    dashboardJobCounts(scope, today, weekEnd),
    db
      .select({ n: count() })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.status, "active"))),
    db
      .select({ n: count() })
      .from(rateConfirmations)
      .where(
        scoped(
          rateConfirmations,
          scope,
          // Sent or viewed, and the link not expired.
          inArray(rateConfirmations.signatureStatus, ["awaiting_signature", "viewed"]),
          gt(rateConfirmations.signatureExpiresAt, sql`now()`),
          isNull(rateConfirmations.canceledAt),
        ),
      ),
    dashboardUpcomingJobs(scope, today, weekEnd, 10),
    recentActivity(scope, 10),
    countUncoveredJobs(scope, today, weekEnd),
    // One aggregate row: the open balance and its past-due part, exact.
    db.select(money).from(invoiceOpenBalances).where(scoped(invoiceOpenBalances, scope)),
  ]);
  return {
    cards: {
      activeJobs: jobs.active,
      pevos: activePevos.n,
      pendingSignatures: pending.n,
      upcomingJobs: jobs.upcoming,
      uncoveredJobs: uncovered,
      outstanding: owed.outstanding,
      overdue: owed.overdue,
    },
    upcomingJobs: upcoming,
    activity,
  };
}
