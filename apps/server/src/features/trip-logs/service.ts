import { dispatches, type Executor, pevos, rateConfirmations, tripLogExpenses, tripLogs } from "@pevo/db";
import type { TTripLog, TTripLogData } from "@pevo/shared";
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Scope } from "../../http/context";
import { ApiError, notFound } from "../../http/errors";

export const TRIP_NOT_FOUND = "Trip log entry not found";
const NOT_YOUR_DISPATCH = "Choose one of your dispatches";

/** Trip logs matching a filter, newest trip first, with their expenses. */
async function findTripLogs(db: Executor, where: SQL | undefined): Promise<TTripLog[]> {
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
    .where(where)
    .orderBy(desc(tripLogs.tripDate), desc(tripLogs.createdAt));
  if (rows.length === 0) return [];
  const expenses = await db
    .select()
    .from(tripLogExpenses)
    .where(
      inArray(
        tripLogExpenses.tripLogId,
        rows.map((r) => r.t.id),
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
      .map((e) => ({ id: e.id, type: e.type as TTripLog["expenses"][number]["type"], amount: e.amount })),
  }));
}

/** A PEVO's own trip log. */
export function listPevoTripLogs({ db, companyId }: Scope, pevoId: string) {
  return findTripLogs(db, and(eq(tripLogs.companyId, companyId), eq(tripLogs.pevoId, pevoId)));
}

/** The office's view: every trip logged against one of its dispatches. */
export async function listDispatchTripLogs({ db, companyId }: Scope, dispatchId: string) {
  const [dispatch] = await db
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(and(eq(dispatches.id, dispatchId), eq(dispatches.companyId, companyId)));
  if (!dispatch) throw notFound("Dispatch not found");
  return findTripLogs(db, and(eq(tripLogs.companyId, companyId), eq(tripLogs.dispatchId, dispatchId)));
}

export async function getPevoTripLog(scope: Scope, pevoId: string, id: string) {
  const [row] = await findTripLogs(
    scope.db,
    and(eq(tripLogs.companyId, scope.companyId), eq(tripLogs.pevoId, pevoId), eq(tripLogs.id, id)),
  );
  if (!row) throw notFound(TRIP_NOT_FOUND);
  return row;
}

/** A trip may only name a dispatch assigned to this PEVO. */
async function checkDispatch(db: Executor, companyId: string, pevoId: string, dispatchId: string | null) {
  if (!dispatchId) return;
  const [row] = await db
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(
      and(eq(dispatches.id, dispatchId), eq(dispatches.companyId, companyId), eq(dispatches.pevoId, pevoId)),
    );
  if (!row) throw new ApiError(400, NOT_YOUR_DISPATCH, { dispatchId: NOT_YOUR_DISPATCH });
}

const fields = ({ expenses: _expenses, ...rest }: TTripLogData) => rest;

export async function createTripLog(scope: Scope, pevoId: string, input: TTripLogData) {
  const { db, companyId } = scope;
  await checkDispatch(db, companyId, pevoId, input.dispatchId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tripLogs)
      .values({ ...fields(input), companyId, pevoId })
      .returning({ id: tripLogs.id });
    if (input.expenses.length) {
      await tx
        .insert(tripLogExpenses)
        .values(input.expenses.map((e, sortOrder) => ({ ...e, tripLogId: row.id, sortOrder })));
    }
    return row.id;
  });
  return getPevoTripLog(scope, pevoId, id);
}

export async function updateTripLog(scope: Scope, pevoId: string, id: string, input: TTripLogData) {
  const { db, companyId } = scope;
  await checkDispatch(db, companyId, pevoId, input.dispatchId);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(tripLogs)
      .set({ ...fields(input), updatedAt: new Date() })
      .where(and(eq(tripLogs.id, id), eq(tripLogs.companyId, companyId), eq(tripLogs.pevoId, pevoId)))
      .returning({ id: tripLogs.id });
    if (updated.length === 0) throw notFound(TRIP_NOT_FOUND);
    await tx.delete(tripLogExpenses).where(eq(tripLogExpenses.tripLogId, id));
    if (input.expenses.length) {
      await tx
        .insert(tripLogExpenses)
        .values(input.expenses.map((e, sortOrder) => ({ ...e, tripLogId: id, sortOrder })));
    }
  });
  return getPevoTripLog(scope, pevoId, id);
}

export async function deleteTripLog({ db, companyId }: Scope, pevoId: string, id: string) {
  const deleted = await db
    .delete(tripLogs)
    .where(and(eq(tripLogs.id, id), eq(tripLogs.companyId, companyId), eq(tripLogs.pevoId, pevoId)))
    .returning({ id: tripLogs.id });
  if (deleted.length === 0) throw notFound(TRIP_NOT_FOUND);
}
