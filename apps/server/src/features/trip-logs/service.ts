import { dispatches, type Executor, pevos, rateConfirmations, tripLogExpenses, tripLogs } from "@pevo/db";
import type { TTripLog, TTripLogData } from "@pevo/shared";
import { asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { publishEvent, published, tripLogEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";

export const TRIP_NOT_FOUND = "Trip log entry not found";
const NOT_YOUR_DISPATCH = "Choose one of your dispatches";

/** The company's trip logs matching the conditions, newest trip first, with their expenses. */
async function findTripLogs(scope: Scope, ...conditions: SQL[]): Promise<TTripLog[]> {
  const { db } = scope;
  const rows = await db
    .select({
      t: tripLogs,
      jobNumber: rateConfirmations.jobNumber,
      pevoFirst: pevos.firstName,
      pevoLast: pevos.lastName,
    })
    .from(tripLogs)
    .innerJoin(pevos, eq(pevos.id, tripLogs.pevoId))
    .leftJoin(dispatches, eq(dispatches.id, tripLogs.dispatchId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .where(scoped(tripLogs, scope, ...conditions))
    .orderBy(desc(tripLogs.tripDate), desc(tripLogs.createdAt));
  if (rows.length === 0) return [];
  const expenses = await db
    .select()
    .from(tripLogExpenses)
    .where(
      scoped(
        tripLogExpenses,
        scope,
        inArray(
          tripLogExpenses.tripLogId,
          rows.map((r) => r.t.id),
        ),
      ),
    )
    .orderBy(asc(tripLogExpenses.sortOrder));
  return rows.map(({ t, jobNumber, pevoFirst, pevoLast }) => ({
    id: t.id,
    pevoName: `${pevoFirst} ${pevoLast}`,
    tripDate: t.tripDate,
    dispatchId: t.dispatchId,
    jobNumber,
    startLocation: t.startLocation,
    endLocation: t.endLocation,
    miles: t.miles,
    hours: t.hours,
    notes: t.notes,
    createdAt: t.createdAt.toISOString(),
    expenses: expenses
      .filter((e) => e.tripLogId === t.id)
      .map((e) => ({ id: e.id, type: e.type, amount: e.amount })),
  }));
}

/** A PEVO's own trip log. */
export function listPevoTripLogs(scope: Scope, pevoId: string) {
  return findTripLogs(scope, eq(tripLogs.pevoId, pevoId));
}

/** The office's view: every trip logged against one of its dispatches. */
export async function listDispatchTripLogs(scope: Scope, dispatchId: string) {
  const [dispatch] = await scope.db
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.id, dispatchId)));
  if (!dispatch) throw new NotFoundError("Dispatch not found");
  return findTripLogs(scope, eq(tripLogs.dispatchId, dispatchId));
}

export async function getPevoTripLog(scope: Scope, pevoId: string, id: string) {
  const [row] = await findTripLogs(scope, eq(tripLogs.pevoId, pevoId), eq(tripLogs.id, id));
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

export async function createTripLog(scope: Scope, pevoId: string, input: TTripLogData) {
  const { db, companyId } = scope;
  await checkDispatch(scope, pevoId, input.dispatchId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tripLogs)
      .values({ ...fields(input), companyId, pevoId })
      .returning({ id: tripLogs.id });
    await writeExpenses(tx, scope, row.id, input);
    return row.id;
  });
  return published(scope, await getPevoTripLog(scope, pevoId, id), tripLogEvent(pevoId, "saved"));
}

export async function updateTripLog(scope: Scope, pevoId: string, id: string, input: TTripLogData) {
  await checkDispatch(scope, pevoId, input.dispatchId);
  await scope.db.transaction(async (tx) => {
    const updated = await tx
      .update(tripLogs)
      .set({ ...fields(input), updatedAt: new Date() })
      .where(scoped(tripLogs, scope, eq(tripLogs.id, id), eq(tripLogs.pevoId, pevoId)))
      .returning({ id: tripLogs.id });
    if (updated.length === 0) throw new NotFoundError(TRIP_NOT_FOUND);
    await tx.delete(tripLogExpenses).where(scoped(tripLogExpenses, scope, eq(tripLogExpenses.tripLogId, id)));
    await writeExpenses(tx, scope, id, input);
  });
  return published(scope, await getPevoTripLog(scope, pevoId, id), tripLogEvent(pevoId, "updated"));
}

export async function deleteTripLog(scope: Scope, pevoId: string, id: string) {
  const deleted = await scope.db
    .delete(tripLogs)
    .where(scoped(tripLogs, scope, eq(tripLogs.id, id), eq(tripLogs.pevoId, pevoId)))
    .returning({ id: tripLogs.id });
  if (deleted.length === 0) throw new NotFoundError(TRIP_NOT_FOUND);
  await publishEvent(scope.db, {
    companyId: scope.companyId,
    kind: "trip_log.changed",
    ids: { tripLogId: id },
    pevoIds: [pevoId],
    text: "Trip log deleted",
  });
}
