import { clients, dispatchDayCounts, dispatches, missingRow, pevos, rateConfirmations } from "@pevo/db";
import { and, asc, eq, gte, lt, ne, sql } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * The admin dashboard's Active and Upcoming Jobs cards (DECISIONS: Dashboards) in one pass over
 * the kept per-day counts (a row per day, not a dispatch each): the dispatched jobs, and the
 * non-canceled pickups in [today, weekEnd).
 */
export async function dashboardJobCounts(scope: Scope, today: string, weekEnd: string) {
  const thisWeek = and(gte(dispatchDayCounts.pickupDate, today), lt(dispatchDayCounts.pickupDate, weekEnd));
  const [jobs = missingRow("dispatches")] = await scope.db
    .select({
      active: sql<number>`coalesce(sum(${dispatchDayCounts.dispatched}), 0)::int`,
      upcoming: sql<number>`coalesce(sum(${dispatchDayCounts.dispatches} - ${dispatchDayCounts.canceled}) filter (where ${thisWeek}), 0)::int`,
    })
    .from(dispatchDayCounts)
    .where(scoped(dispatchDayCounts, scope));
  return jobs;
}

/** The admin dashboard's first upcoming jobs in [today, weekEnd), soonest first; a canceled job is not coming up. */
export async function dashboardUpcomingJobs(scope: Scope, today: string, weekEnd: string, limit: number) {
  const rows = await scope.db
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
    .where(
      scoped(
        dispatches,
        scope,
        gte(dispatches.pickupDate, today),
        lt(dispatches.pickupDate, weekEnd),
        ne(dispatches.status, "canceled"),
      ),
    )
    .orderBy(asc(dispatches.pickupDate), asc(dispatches.pickupTime))
    .limit(limit);
  return rows.map(({ pevoFirstName, pevoLastName, ...job }) => ({
    ...job,
    pevo: pevoFirstName ? `${pevoFirstName} ${pevoLastName}` : null,
  }));
}
