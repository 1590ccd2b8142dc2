/** A PEVO's own jobs as the portal shows them: My Dispatches, a job's details, their dashboard. */
import { clients, dispatches, missingRow, positions, rateConfirmations } from "@pevo/db";
import { POSITION_TYPES, positionLabel, type TPortalDispatchListQuery } from "@pevo/shared";
import { asc, count, eq, gte, lt, lte, ne, type SQL } from "drizzle-orm";
import { addDaysIso } from "../../lib/dates";
import { NotFoundError } from "../../lib/domain-errors";
import { cursorPageOf, keyset } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { loadDetailsOf, permitsOf } from "./load-details";

export const PORTAL_DISPATCH_NOT_FOUND = "Dispatch not found";

const portalDispatchColumns = {
  id: dispatches.id,
  pickupDate: dispatches.pickupDate,
  pickupTime: dispatches.pickupTime,
  status: dispatches.status,
  driverName: dispatches.driverName,
  jobNumber: rateConfirmations.jobNumber,
  originAddress: rateConfirmations.originAddress,
  destinationAddress: rateConfirmations.destinationAddress,
  positionType: dispatches.positionType,
  positionName: dispatches.positionName,
};

/** A list row with the position its dispatch fills, named ('Lead Car'; null when it names none). */
const withPosition = <T extends Parameters<typeof positionLabel>[0]>({
  positionType,
  positionName,
  ...row
}: T) => ({
  ...row,
  position: positionLabel({ positionType, positionName }),
});

/** The company's dispatches assigned to this PEVO (and the further conditions). */
const ownDispatches = (scope: Scope, pevoId: string, ...conditions: SQL[]) =>
  scoped(dispatches, scope, eq(dispatches.pevoId, pevoId), ...conditions);

/**
 * My Dispatches, a keyset page: upcoming (pickup today or later) soonest first, past (before today)
 * latest first, or all latest first; within the pickup date range when one is given.
 */
export async function listPortalDispatches(
  scope: Scope,
  pevoId: string,
  query: TPortalDispatchListQuery,
  today: string,
) {
  const { when, pickupFrom: from, pickupTo: to, cursor, limit } = query;
  const key = keyset(
    [dispatches.pickupDate, dispatches.pickupTime, dispatches.id],
    when === "upcoming" ? "asc" : "desc",
  );
  const conditions = [
    when === "upcoming" ? gte(dispatches.pickupDate, today) : undefined,
    when === "past" ? lt(dispatches.pickupDate, today) : undefined,
    from ? gte(dispatches.pickupDate, from) : undefined,
    to ? lte(dispatches.pickupDate, to) : undefined,
    key.after(cursor),
  ].filter((c): c is SQL => c !== undefined);
  const rows = await scope.db
    .select({ ...portalDispatchColumns, cursor: key.cursor })
    .from(dispatches)
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .where(ownDispatches(scope, pevoId, ...conditions))
    .orderBy(...key.orderBy)
    .limit(limit + 1);
  return cursorPageOf(rows.map(withPosition), limit);
}

/** What a PEVO needs on the road; only their own dispatch (another's is 404). */
export async function getPortalDispatch(scope: Scope, pevoId: string, id: string) {
  const { db } = scope;
  const [row] = await db
    .select({
      ...portalDispatchColumns,
      driverPhone: dispatches.driverPhone,
      driverCompany: dispatches.driverCompany,
      notes: dispatches.notes,
      rateConfirmationId: dispatches.rateConfirmationId,
      positionType: dispatches.positionType,
      positionName: dispatches.positionName,
      description: rateConfirmations.description,
      clientName: clients.name,
      rc: rateConfirmations,
    })
    .from(dispatches)
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .where(ownDispatches(scope, pevoId, eq(dispatches.id, id)));
  if (!row) throw new NotFoundError(PORTAL_DISPATCH_NOT_FOUND);
  const { rateConfirmationId, rc, positionType, positionName, ...dispatch } = row;
  const [planned, permitRows] = rateConfirmationId
    ? await Promise.all([
        db
          .select({ positionType: positions.positionType, customName: positions.customName })
          .from(positions)
          .where(
            scoped(
              positions,
              scope,
              eq(positions.rateConfirmationId, rateConfirmationId),
              eq(positions.pevoId, pevoId),
            ),
          )
          .orderBy(asc(positions.sortOrder)),
        permitsOf(db, scope, rateConfirmationId),
      ])
    : [[], []];
  // The position this dispatch fills; a dispatch that names none (made before dispatches named
  // their position) falls back to the rate confirmation's positions planned for this PEVO.
  const mine = positionType ? [{ positionType, customName: positionName }] : planned;
  const position =
    mine
      .map((p) =>
        p.positionType === "custom" ? p.customName || POSITION_TYPES.custom : POSITION_TYPES[p.positionType],
      )
      .filter(Boolean)
      .join(", ") || null;
  return {
    ...dispatch,
    position,
    positionTypes: mine.map((p) => p.positionType),
    loadDetails: rc ? loadDetailsOf(rc, permitRows) : null,
  };
}

/**
 * The PEVO dashboard's cards (DECISIONS: Dashboards): their non-canceled pickups in the next 7
 * days, and their completed jobs picked up in the last 30 days or still ahead (done early).
 */
export async function pevoJobCounts(scope: Scope, pevoId: string, today: string) {
  const { db } = scope;
  const weekEnd = addDaysIso(today, 7);
  const monthAgo = addDaysIso(today, -30);
  const countOwn = (...conditions: SQL[]) =>
    db
      .select({ n: count() })
      .from(dispatches)
      .where(ownDispatches(scope, pevoId, ...conditions));
  const [[upcoming = missingRow("dispatches")], [completed = missingRow("dispatches")]] = await Promise.all([
    countOwn(
      gte(dispatches.pickupDate, today),
      lt(dispatches.pickupDate, weekEnd),
      ne(dispatches.status, "canceled"),
    ),
    // A job the PEVO completed ahead of its pickup date (they may start early, after confirming)
    // counts at once: the card follows the job they just finished, not the calendar.
    countOwn(eq(dispatches.status, "completed"), gte(dispatches.pickupDate, monthAgo)),
  ]);
  return { upcoming: upcoming.n, completed: completed.n };
}

/** The PEVO dashboard's next jobs: from today, not canceled, soonest first. */
export const pevoUpcomingJobs = async (scope: Scope, pevoId: string, today: string, limit: number) =>
  (
    await scope.db
      .select(portalDispatchColumns)
      .from(dispatches)
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      .where(
        ownDispatches(scope, pevoId, gte(dispatches.pickupDate, today), ne(dispatches.status, "canceled")),
      )
      .orderBy(asc(dispatches.pickupDate), asc(dispatches.pickupTime), asc(dispatches.id))
      .limit(limit)
  ).map(withPosition);
