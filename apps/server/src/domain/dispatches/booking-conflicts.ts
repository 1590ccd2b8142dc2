import { clients, dispatches, type Executor, pevos, positions, rateConfirmations } from "@pevo/db";
import type { TBookingConflict } from "@pevo/shared";
import { and, asc, eq, gte, inArray, isNull, lte, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import { ConflictError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";

export const DOUBLE_BOOKING =
  "This PEVO is already booked on these dates. Check the conflicting jobs, then assign anyway or choose another PEVO.";

/**
 * The job a PEVO is being booked on: a dispatch's pickup date, or a rate confirmation's date range.
 * `from`/`to` is the span the job occupies (a dispatch on a rate confirmation: the confirmation's
 * dates; without one: its pickup date).
 */
export type Booking = {
  pevoIds: string[];
  from: string;
  to: string;
  /** A dispatch's pickup date: another dispatch on the same date is a conflict even on the same job. */
  pickupDate?: string;
  /** The job's own rate confirmation: its positions and its other dispatches (other dates) are the same job. */
  rateConfirmationId: string | null;
  /** The dispatches being saved (an update compares against everything but itself). */
  excludeDispatchIds?: string[];
};

const lastDay = () => sql`greatest(${rateConfirmations.startDate}, ${rateConfirmations.endDate})`;
const overlaps = (from: string, to: string) =>
  and(lte(rateConfirmations.startDate, to), gte(lastDay(), from)) as SQL;

/**
 * Every job the PEVOs are already booked on that collides with `booking` (DECISIONS 'Dispatches', "Double
 * booking"): a non-canceled dispatch on the same pickup date or within the span, a dispatch whose
 * rate confirmation's dates overlap the span, or a position on another active rate confirmation whose
 * dates overlap. Canceled dispatches and canceled rate confirmations never count. Other companies'
 * rows are never read (every query is scoped). Uses the (company, pevo, pickup date) and
 * positions' pevo indexes.
 */
export async function findBookingConflicts(
  db: Executor,
  scope: Scope,
  booking: Booking,
): Promise<TBookingConflict[]> {
  const pevoIds = [...new Set(booking.pevoIds)];
  if (pevoIds.length === 0) return [];
  const { from, to, pickupDate, rateConfirmationId } = booking;
  const otherJob = rateConfirmationId
    ? or(isNull(dispatches.rateConfirmationId), ne(dispatches.rateConfirmationId, rateConfirmationId))
    : undefined;
  const pevoName = sql<string>`${pevos.firstName} || ' ' || ${pevos.lastName}`;
  const dispatchRows = await db
    .select({
      id: dispatches.id,
      pevoId: sql<string>`${dispatches.pevoId}`,
      pevoName,
      jobNumber: rateConfirmations.jobNumber,
      rateConfirmationId: dispatches.rateConfirmationId,
      client: clients.name,
      date: dispatches.pickupDate,
      status: dispatches.status,
    })
    .from(dispatches)
    .innerJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .where(
      scoped(
        dispatches,
        scope,
        inArray(dispatches.pevoId, pevoIds),
        ne(dispatches.status, "canceled"),
        booking.excludeDispatchIds?.length
          ? notInArray(dispatches.id, booking.excludeDispatchIds)
          : undefined,
        or(
          pickupDate ? eq(dispatches.pickupDate, pickupDate) : undefined,
          and(
            otherJob,
            or(
              and(gte(dispatches.pickupDate, from), lte(dispatches.pickupDate, to)),
              and(isNull(rateConfirmations.canceledAt), overlaps(from, to)),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(dispatches.pickupDate), asc(dispatches.pickupTime), asc(dispatches.id))
    .limit(50);
  const positionRows = await db
    .selectDistinct({
      id: rateConfirmations.id,
      pevoId: sql<string>`${positions.pevoId}`,
      pevoName,
      jobNumber: rateConfirmations.jobNumber,
      client: clients.name,
      date: rateConfirmations.startDate,
      endDate: rateConfirmations.endDate,
    })
    .from(positions)
    .innerJoin(rateConfirmations, eq(rateConfirmations.id, positions.rateConfirmationId))
    .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .innerJoin(pevos, eq(pevos.id, positions.pevoId))
    .where(
      scoped(
        positions,
        scope,
        inArray(positions.pevoId, pevoIds),
        isNull(rateConfirmations.canceledAt),
        rateConfirmationId ? ne(rateConfirmations.id, rateConfirmationId) : undefined,
        overlaps(from, to),
      ),
    )
    .orderBy(asc(rateConfirmations.startDate), asc(rateConfirmations.id))
    .limit(50);
  // A position whose job already shows as one of the PEVO's dispatches is the same booking: once.
  const seen = new Set(dispatchRows.map((d) => `${d.pevoId}:${d.rateConfirmationId}`));
  return [
    ...dispatchRows.map(({ rateConfirmationId: _rc, ...d }) => ({
      kind: "dispatch" as const,
      ...d,
      endDate: null,
    })),
    ...positionRows
      .filter((p) => !seen.has(`${p.pevoId}:${p.id}`))
      .map((p) => ({ kind: "position" as const, ...p, status: null })),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The jobs each of these PEVOs is already booked on at a job's time: what the save's check would
 * answer, for the PEVO picker's "Busy" mark before choosing (the same rule, read outside a save).
 */
export const pevoBookings = (scope: Scope, booking: Booking) =>
  findBookingConflicts(scope.db, scope, booking);

/**
 * Serializes the bookings of these PEVOs until the transaction ends: one transaction-scoped advisory
 * lock per PEVO (a hash of company and PEVO id), taken in a fixed order so two saves naming the same
 * PEVOs cannot deadlock. A check that runs after it, in the same transaction as the write, sees every
 * booking committed before (READ COMMITTED: each statement reads the latest commits), so two
 * simultaneous assignments of one PEVO cannot both pass. A save that assigns anyway takes the lock
 * too: a check running meanwhile must see its dispatch. PGlite runs one transaction at a time; the
 * same statement works there.
 */
export async function lockBookings(tx: Executor, scope: Scope, pevoIds: string[]) {
  for (const pevoId of [...new Set(pevoIds)].sort()) {
    const key = `booking:${scope.companyId}:${pevoId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/**
 * Refuses the save with a 409 listing the conflicts unless the caller sent `allowConflict: true`
 * (the office saw the list and chose "Assign anyway"). `tx` is the save's transaction: the PEVOs'
 * bookings are locked first (lockBookings), then checked, then the caller writes.
 */
export async function assertNoBookingConflicts(
  tx: Executor,
  scope: Scope,
  booking: Booking,
  allowConflict: boolean,
) {
  await lockBookings(tx, scope, booking.pevoIds);
  if (allowConflict) return;
  const conflicts = await findBookingConflicts(tx, scope, booking);
  if (conflicts.length) throw new ConflictError(DOUBLE_BOOKING, undefined, { conflicts });
}
