import {
  clients,
  dispatchDayCounts,
  dispatches,
  invoiceOpenBalances,
  missingRow,
  pevos,
  rateConfirmations,
} from "@pevo/db";
import { and, asc, count, eq, gt, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { recentActivity } from "../../domain/activity";
import { countUncoveredJobs } from "../../domain/dispatches";
import { openBalanceTotals } from "../../lib/aging";
import { addDaysIso } from "../../lib/dates";
import { invoiceToday } from "../../lib/invoice-status";
import { type Scope, scoped } from "../../lib/tenant";

/** The admin dashboard, computed from the company's data (DECISIONS: Dashboards). */
export async function getDashboard(scope: Scope, today: string) {
  const { db } = scope;
  const weekEnd = addDaysIso(today, 7);
  // A canceled job is not coming up.
  const upcoming = scoped(
    dispatches,
    scope,
    gte(dispatches.pickupDate, today),
    lt(dispatches.pickupDate, weekEnd),
    ne(dispatches.status, "canceled"),
  );
  // Overdue is computed against the company's today (the caller's ?today only moves the week).
  const money = openBalanceTotals(await invoiceToday(db, scope));
  const thisWeek = and(gte(dispatchDayCounts.pickupDate, today), lt(dispatchDayCounts.pickupDate, weekEnd));
  const [
    [jobs = missingRow("dispatches")],
    [activePevos = missingRow("pevos")],
    [pending = missingRow("signatureRequests")],
    upcomingJobs,
    activity,
    uncovered,
    [owed = missingRow("invoiceOpenBalances")],
  ] = await Promise.all([
    // Active and Upcoming Jobs in one pass over the kept per-day counts (a row per day, not a
    // dispatch each).
    db
      .select({
        active: sql<number>`coalesce(sum(${dispatchDayCounts.dispatched}), 0)::int`,
        upcoming: sql<number>`coalesce(sum(${dispatchDayCounts.dispatches} - ${dispatchDayCounts.canceled}) filter (where ${thisWeek}), 0)::int`,
      })
      .from(dispatchDayCounts)
      .where(scoped(dispatchDayCounts, scope)),
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
    db
      .select({
        id: dispatches.id,
        jobNumber: rateConfirmations.jobNumber,
        client: clients.name,
        date: dispatches.pickupDate,
        status: dispatches.status,
        pevoFirstName: pevos.firstName,
        pevoLastName: pevos.lastName,
        origin: rateConfirmations.originAddress,
        destination: rateConfirmations.destinationAddress,
      })
      .from(dispatches)
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      .leftJoin(clients, eq(clients.id, rateConfirmations.clientId))
      .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
      .where(upcoming)
      .orderBy(asc(dispatches.pickupDate), asc(dispatches.pickupTime))
      .limit(10),
    recentActivity(scope, 10),
    countUncoveredJobs(db, scope, today, weekEnd),
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
    upcomingJobs: upcomingJobs.map(({ pevoFirstName, pevoLastName, ...job }) => ({
      ...job,
      pevo: pevoFirstName ? `${pevoFirstName} ${pevoLastName}` : null,
    })),
    activity,
  };
}
