import {
  dispatches,
  type Executor,
  missingRow,
  pevos,
  rateConfirmations,
  tripLogDeletions,
  tripLogExpenses,
  tripLogs,
} from "@pevo/db";
import type {
  TDispatchTripLogListQuery,
  TPortalTripLogListQuery,
  TTripLog,
  TTripLogData,
} from "@pevo/shared";
import { and, eq, gte, lte, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { ConflictError, InvalidInputError, isUniqueViolation, NotFoundError } from "../../lib/domain-errors";
import { publishEvent, tripLogEvent } from "../../lib/live-events";
import { countRows, cursorPageOf, keyset, offsetPageOf, sortBy } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { isPaySettled, paySettledJobs } from "../settlements";
import { tripLogExpensesOf } from "./expenses";

export const TRIP_NOT_FOUND = "Trip log entry not found";
const NOT_YOUR_DISPATCH = "Choose one of your dispatches";

const tripLogColumns = {
  t: tripLogs,
  jobNumber: rateConfirmations.jobNumber,
  pevoFirst: pevos.firstName,
  pevoLast: pevos.lastName,
};

/**
 * The company's trip logs matching the conditions, with who logged them and the job number; the
 * `cursor` of a keyset order when one is given ("" otherwise).
 */
const selectTripLogs = (scope: Scope, conditions: SQL[], cursor: SQL<string> = sql<string>`''`) =>
  scope.db
    .select({ ...tripLogColumns, cursor })
    .from(tripLogs)
    .innerJoin(pevos, eq(pevos.id, tripLogs.pevoId))
    .leftJoin(dispatches, eq(dispatches.id, tripLogs.dispatchId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .where(scoped(tripLogs, scope, ...conditions))
    .$dynamic();

type TripLogRow = {
  t: typeof tripLogs.$inferSelect;
  jobNumber: string | null;
  pevoFirst: string;
  pevoLast: string;
  cursor: string;
};

/**
 * The rows as the API gives them, with their expenses and whether their job's pay is settled (one
 * query each for the whole page): a settled job's entries are locked (refuseIfPaySettled), and the
 * portal hides their Edit and Delete instead of letting the PEVO find out by trying.
 */
async function withExpenses(scope: Scope, rows: TripLogRow[]): Promise<(TTripLog & { cursor: string })[]> {
  if (rows.length === 0) return [];
  const [expenses, settledJobs] = await Promise.all([
    tripLogExpensesOf(
      scope,
      rows.map((r) => r.t.id),
    ),
    paySettledJobs(
      scope,
      rows.flatMap((r) => (r.t.dispatchId ? [r.t.dispatchId] : [])),
    ),
  ]);
  return rows.map(({ t, jobNumber, pevoFirst, pevoLast, cursor }) => ({
    cursor,
    id: t.id,
    pevoName: `${pevoFirst} ${pevoLast}`,
    tripDate: t.tripDate,
    dispatchId: t.dispatchId,
    jobNumber,
    startLocation: t.startLocation,
    endLocation: t.endLocation,
    miles: t.miles,
    hours: t.hours,
    waitHours: t.waitHours,
    standbyHours: t.standbyHours,
    overnight: t.overnight,
    noGo: t.noGo,
    notes: t.notes,
    createdAt: t.createdAt.toISOString(),
    revision: t.revision,
    paySettled: t.dispatchId !== null && settledJobs.has(t.dispatchId),
    expenses: expenses
      .filter((e) => e.tripLogId === t.id)
      .map((e) => ({ id: e.id, type: e.type, amount: e.amount })),
  }));
}

const withoutCursor = (rows: (TTripLog & { cursor: string })[]): TTripLog[] =>
  rows.map(({ cursor: _cursor, ...row }) => row);

/** A PEVO's own trip log: a keyset page, newest trip first (then the latest recorded). */
export async function listPevoTripLogs(scope: Scope, pevoId: string, query: TPortalTripLogListQuery) {
  const { tripFrom: from, tripTo: to, cursor, limit } = query;
  const key = keyset([tripLogs.tripDate, tripLogs.createdAt, tripLogs.id], "desc");
  const conditions = [
    eq(tripLogs.pevoId, pevoId),
    from ? gte(tripLogs.tripDate, from) : undefined,
    to ? lte(tripLogs.tripDate, to) : undefined,
    key.after(cursor),
  ].filter((c): c is SQL => c !== undefined);
  const rows = await selectTripLogs(scope, conditions, key.cursor)
    .orderBy(...key.orderBy)
    .limit(limit + 1);
  return cursorPageOf(await withExpenses(scope, rows), limit);
}

/** `coalesce(sum(column), 0.00)` as the exact decimal text. */
const total = (column: SQLWrapper) => sql<string>`coalesce(sum(${column}), 0.00)::text`;

/**
 * The office's view: the trips logged against one of its dispatches, an offset page by trip date
 * (then when recorded, then id), with the sums over all of them.
 */
export async function listDispatchTripLogs(
  scope: Scope,
  dispatchId: string,
  query: TDispatchTripLogListQuery,
) {
  const { db } = scope;
  const [dispatch] = await db
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.id, dispatchId)));
  if (!dispatch) throw new NotFoundError("Dispatch not found");
  const ofDispatch = eq(tripLogs.dispatchId, dispatchId);
  const [page, [sums], [expenseSum]] = await Promise.all([
    offsetPageOf(query, {
      rows: async (limit, offset) =>
        withoutCursor(
          await withExpenses(
            scope,
            await selectTripLogs(scope, [ofDispatch])
              .orderBy(...sortBy([tripLogs.tripDate, tripLogs.createdAt], query.dir, tripLogs.id))
              .limit(limit)
              .offset(offset),
          ),
        ),
      count: () => countRows(db, tripLogs, scoped(tripLogs, scope, ofDispatch)),
    }),
    db
      .select({ miles: total(tripLogs.miles), hours: total(tripLogs.hours) })
      .from(tripLogs)
      .where(scoped(tripLogs, scope, ofDispatch)),
    db
      .select({ expenses: total(tripLogExpenses.amount) })
      .from(tripLogExpenses)
      .innerJoin(tripLogs, eq(tripLogs.id, tripLogExpenses.tripLogId))
      // Both sides scoped: the trips come from the (company, dispatch) index, not a scan of every trip.
      .where(and(scoped(tripLogExpenses, scope), scoped(tripLogs, scope, ofDispatch))),
  ]);
  return {
    ...page,
    totals: {
      miles: sums?.miles ?? "0.00",
      hours: sums?.hours ?? "0.00",
      expenses: expenseSum?.expenses ?? "0.00",
    },
  };
}

export async function getPevoTripLog(scope: Scope, pevoId: string, id: string): Promise<TTripLog> {
  const [row] = withoutCursor(
    await withExpenses(
      scope,
      await selectTripLogs(scope, [eq(tripLogs.pevoId, pevoId), eq(tripLogs.id, id)]),
    ),
  );
  if (!row) throw new NotFoundError(TRIP_NOT_FOUND);
  return row;
}

/** A trip may only name a dispatch assigned to this PEVO. */
async function checkDispatch(scope: Scope, pevoId: string, dispatchId: string | null) {
  if (!dispatchId) return;
  const [row] = await scope.db
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.id, dispatchId), eq(dispatches.pevoId, pevoId)));
  if (!row) throw new InvalidInputError(NOT_YOUR_DISPATCH, { dispatchId: NOT_YOUR_DISPATCH });
}

async function writeExpenses(tx: Executor, scope: Scope, tripLogId: string, input: TTripLogData) {
  if (input.expenses.length === 0) return;
  await tx
    .insert(tripLogExpenses)
    .values(
      input.expenses.map((e, sortOrder) => ({ ...e, companyId: scope.companyId, tripLogId, sortOrder })),
    );
}

const fields = ({ expenses: _expenses, ...rest }: TTripLogData) => rest;

/**
 * Publishes a saved trip's live event in its transaction (ADR 0012, Live events): what the event
 * names (its dispatch and job number) is read there, so a rolled-back save publishes nothing.
 */
async function publishTripLogEvent(
  tx: Executor,
  scope: Scope,
  { pevoId, id, verb }: { pevoId: string; id: string; verb: "saved" | "updated" },
) {
  const [trip = missingRow("tripLogs")] = await tx
    .select({ id: tripLogs.id, dispatchId: tripLogs.dispatchId, jobNumber: rateConfirmations.jobNumber })
    .from(tripLogs)
    .leftJoin(dispatches, eq(dispatches.id, tripLogs.dispatchId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .where(scoped(tripLogs, scope, eq(tripLogs.id, id)));
  await publishEvent(tx, {
    companyId: scope.companyId,
    by: scope.userId,
    ...tripLogEvent(pevoId, verb)(trip),
  });
}

/** The entry kept for the phone's id (ADR 0014), if any; another PEVO's is refused. */
async function keptFor(scope: Scope, pevoId: string, clientId: string | undefined) {
  if (!clientId) return undefined;
  const [row] = await scope.db
    .select({ id: tripLogs.id, pevoId: tripLogs.pevoId })
    .from(tripLogs)
    .where(scoped(tripLogs, scope, eq(tripLogs.clientId, clientId)));
  if (row && row.pevoId !== pevoId) throw new ConflictError(CLIENT_ID_TAKEN);
  return row?.id;
}

const CLIENT_ID_TAKEN = "This id was already used for another write";

/**
 * Logs a trip. With the phone's id (the Idempotency-Key, ADR 0014) a repeat answers the entry kept
 * the first time, so a save queued offline and replayed is never a second entry.
 */
export async function createTripLog(
  scope: Scope,
  { pevoId, input, clientId }: { pevoId: string; input: TTripLogData; clientId?: string },
) {
  const kept = await keptFor(scope, pevoId, clientId);
  if (kept) return getPevoTripLog(scope, pevoId, kept);
  try {
    return await insertTripLog(scope, { pevoId, input, clientId });
  } catch (error) {
    // A replay racing the first: the unique (company, client id) key stopped it; answer the winner.
    const winner = isUniqueViolation(error) ? await keptFor(scope, pevoId, clientId) : undefined;
    if (winner) return getPevoTripLog(scope, pevoId, winner);
    throw error;
  }
}

async function insertTripLog(
  scope: Scope,
  { pevoId, input, clientId }: { pevoId: string; input: TTripLogData; clientId?: string },
) {
  const { db, companyId } = scope;
  await checkDispatch(scope, pevoId, input.dispatchId);
  const id = await db.transaction(async (tx) => {
    const [row = missingRow("tripLogs")] = await tx
      .insert(tripLogs)
      .values({ ...fields(input), companyId, pevoId, clientId })
      .returning({ id: tripLogs.id });
    await writeExpenses(tx, scope, row.id, input);
    await publishTripLogEvent(tx, scope, { pevoId, id: row.id, verb: "saved" });
    return row.id;
  });
  return getPevoTripLog(scope, pevoId, id);
}

const TRIP_CHANGED_MEANWHILE =
  "This trip entry was changed on another device after you edited it: your edit was not saved";

const TRIP_PAY_SETTLED =
  "Your pay for this job is approved: its trip entries are locked (ask the office for a correction, made as an adjustment on a later statement)";

/**
 * DECISIONS 'PEVO pay' (Trip entries of a settled job): once the job's pay is in an approved or paid
 * settlement, its trip entries are what that pay was computed from; the PEVO no longer edits or
 * deletes them (409), the office corrects the pay with an adjustment. In the write's transaction,
 * with the entry locked, before the write: an approval and the write serialize (isPaySettled).
 * Nothing to refuse when the entry is gone (or not theirs): the write answers that as before.
 */
async function refuseIfPaySettled(
  tx: Executor,
  scope: Scope,
  { pevoId, id }: { pevoId: string; id: string },
) {
  const [trip] = await tx
    .select({ dispatchId: tripLogs.dispatchId })
    .from(tripLogs)
    .where(scoped(tripLogs, scope, eq(tripLogs.id, id), eq(tripLogs.pevoId, pevoId)))
    .for("update");
  if (trip?.dispatchId && (await isPaySettled(tx, scope, trip.dispatchId))) {
    throw new ConflictError(TRIP_PAY_SETTLED);
  }
}

/**
 * Updates a PEVO's trip. An edit queued offline (ADR 0014) carries the phone's key and the revision
 * it was made on: the row is updated only while it still holds that revision (another one is a change
 * made meanwhile: 409) and then holds the key as its revision, so a replay of the same edit finds its
 * own key and answers the entry without writing it again. Without them, the last save wins, as before.
 * An entry of a job whose pay is approved or paid is not changed (409, refuseIfPaySettled); a replay
 * of an edit kept before the approval is still answered.
 */
export async function updateTripLog(
  scope: Scope,
  {
    pevoId,
    id,
    input,
    clientId,
    ifRevision,
  }: { pevoId: string; id: string; input: TTripLogData; clientId?: string; ifRevision?: string },
) {
  if (clientId) {
    // A replay of an edit already kept answers it, even once the job is no longer this PEVO's.
    const current = await getPevoTripLog(scope, pevoId, id);
    if (current.revision === clientId) return current;
  }
  await checkDispatch(scope, pevoId, input.dispatchId);
  const applied = await scope.db.transaction(async (tx) => {
    await refuseIfPaySettled(tx, scope, { pevoId, id });
    const updated = await tx
      .update(tripLogs)
      .set({ ...fields(input), revision: clientId ?? sql`gen_random_uuid()`, updatedAt: new Date() })
      .where(
        scoped(
          tripLogs,
          scope,
          eq(tripLogs.id, id),
          eq(tripLogs.pevoId, pevoId),
          // Its own replay changes nothing: two racing replays, the later waits and finds the key.
          clientId ? ne(tripLogs.revision, clientId) : undefined,
          ifRevision ? eq(tripLogs.revision, ifRevision) : undefined,
        ),
      )
      .returning({ id: tripLogs.id });
    if (updated.length === 0) return false;
    await tx.delete(tripLogExpenses).where(scoped(tripLogExpenses, scope, eq(tripLogExpenses.tripLogId, id)));
    await writeExpenses(tx, scope, id, input);
    await publishTripLogEvent(tx, scope, { pevoId, id, verb: "updated" });
    return true;
  });
  // Not updated: gone (404), this very edit already kept (its answer again), or changed meanwhile.
  const trip = await getPevoTripLog(scope, pevoId, id);
  if (!applied && trip.revision !== clientId) throw new ConflictError(TRIP_CHANGED_MEANWHILE);
  return trip;
}

/**
 * Deletes a PEVO's trip, and keeps its id as deleted by them (trip_log_deletions) in the same
 * transaction. A delete of an entry this PEVO already deleted is done (204 again, nothing written):
 * a delete queued on the phone and sent twice (ADR 0014), or one made on another device first. An
 * id that is not theirs, deleted or not, stays 404 (nothing tells another PEVO or company it exists).
 * An entry of a job whose pay is approved or paid is kept (409, refuseIfPaySettled); a repeat of a
 * delete made before the approval is still done.
 */
export async function deleteTripLog(scope: Scope, { pevoId, id }: { pevoId: string; id: string }) {
  const deleted = await scope.db.transaction(async (tx) => {
    await refuseIfPaySettled(tx, scope, { pevoId, id });
    const rows = await tx
      .delete(tripLogs)
      .where(scoped(tripLogs, scope, eq(tripLogs.id, id), eq(tripLogs.pevoId, pevoId)))
      .returning({ id: tripLogs.id });
    if (rows.length === 0) return false;
    await tx.insert(tripLogDeletions).values({ companyId: scope.companyId, tripLogId: id, pevoId });
    await publishEvent(tx, {
      companyId: scope.companyId,
      kind: "trip_log.changed",
      ids: { tripLogId: id },
      pevoIds: [pevoId],
      text: "Trip log deleted",
    });
    return true;
  });
  if (deleted) return;
  // None now: deleted by this PEVO before (two racing: the later waited on the row's lock, found it
  // gone, and reads the first's mark here), or not theirs.
  const [gone] = await scope.db
    .select({ id: tripLogDeletions.tripLogId })
    .from(tripLogDeletions)
    .where(
      scoped(
        tripLogDeletions,
        scope,
        eq(tripLogDeletions.tripLogId, id),
        eq(tripLogDeletions.pevoId, pevoId),
      ),
    );
  if (!gone) throw new NotFoundError(TRIP_NOT_FOUND);
}
