import { type Executor, rateConfirmations } from "@pevo/db";
import type { DispatchStatus, TDispatchData } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";
import { assertQualified, jobOfRateConfirmation, recordOverrides } from "../credentials";
import { assertNoBookingConflicts } from "./booking-conflicts";

/**
 * The dispatch's columns from the form: no `allowConflict` nor `qualificationOverride`; a position
 * name only for a custom position.
 */
export function columnsOf<T extends Pick<TDispatchData, "positionType" | "positionName">>(
  input: T & { allowConflict?: boolean; qualificationOverride?: unknown },
) {
  const { allowConflict: _allow, qualificationOverride: _override, ...columns } = input;
  return {
    ...columns,
    positionName: columns.positionType === "custom" ? (columns.positionName ?? null) : null,
  };
}

/** The days a dispatch occupies its PEVO: its rate confirmation's dates, and its pickup date. */
export async function bookingSpan(
  db: Executor,
  scope: Scope,
  rateConfirmationId: string | null,
  pickupDate: string,
) {
  if (!rateConfirmationId) return { from: pickupDate, to: pickupDate };
  const [rc] = await db
    .select({ start: rateConfirmations.startDate, end: rateConfirmations.endDate })
    .from(rateConfirmations)
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, rateConfirmationId)));
  if (!rc) return { from: pickupDate, to: pickupDate };
  const last = rc.end && rc.end > rc.start ? rc.end : rc.start;
  return {
    from: pickupDate < rc.start ? pickupDate : rc.start,
    to: pickupDate > last ? pickupDate : last,
  };
}

type Current = {
  id: string;
  pevoId: string | null;
  pickupDate: string;
  rateConfirmationId: string | null;
  status: DispatchStatus;
};

/** Whether the save keeps the PEVO, the date and the job of a live dispatch (nothing to ask again). */
const keepsAssignment = (input: TDispatchData, current: Current | null) =>
  Boolean(
    current &&
      current.status !== "canceled" &&
      current.pevoId === input.pevoId &&
      current.pickupDate === input.pickupDate &&
      current.rateConfirmationId === input.rateConfirmationId,
  );

/**
 * Double booking (DECISIONS 'Dispatches'): assigning a PEVO, or moving an assigned dispatch to another date or
 * job, is refused with the conflicting jobs unless `allowConflict`. An edit that keeps the PEVO, the
 * date and the job (e.g. new notes) does not ask again; a canceled dispatch books no one. Runs in the
 * save's transaction `tx`, before the write (the PEVO's bookings are locked until it commits).
 */
export async function checkBooking(
  tx: Executor,
  scope: Scope,
  input: TDispatchData,
  current: Current | null,
) {
  if (!input.pevoId || input.status === "canceled") return;
  if (keepsAssignment(input, current)) return;
  const span = await bookingSpan(tx, scope, input.rateConfirmationId, input.pickupDate);
  await assertNoBookingConflicts(
    tx,
    scope,
    {
      pevoIds: [input.pevoId],
      ...span,
      pickupDate: input.pickupDate,
      rateConfirmationId: input.rateConfirmationId,
      excludeDispatchIds: current ? [current.id] : [],
    },
    input.allowConflict,
  );
}

/**
 * The qualification check (DECISIONS 'Every assignment is checked') of a dispatch on a rate confirmation: the PEVO against its
 * route states on the job's days (the confirmation's dates and the pickup date). Asked like double
 * booking: only when the PEVO, the date or the job change. Returns the override to record.
 */
export async function checkDispatchQualification(
  scope: Scope,
  input: TDispatchData,
  current: Current | null,
  field = "pevoId",
) {
  const none = { overridden: [], jobNumber: null };
  if (!input.pevoId || !input.rateConfirmationId || input.status === "canceled") return none;
  if (keepsAssignment(input, current)) return none;
  const job = await jobOfRateConfirmation(scope.db, scope, input.rateConfirmationId);
  if (!job) return none;
  const span = await bookingSpan(scope.db, scope, input.rateConfirmationId, input.pickupDate);
  const overridden = await assertQualified(
    scope.db,
    scope,
    [{ pevoId: input.pevoId, field }],
    { routeStates: job.routeStates, ...span },
    input.qualificationOverride,
  );
  return { overridden, jobNumber: job.jobNumber };
}

export type QualificationCheck = Awaited<ReturnType<typeof checkDispatchQualification>>;

/** Records the overrides of a save in its transaction. */
export const recordQualificationOverrides = (
  tx: Executor,
  scope: Scope,
  check: QualificationCheck,
  input: Pick<TDispatchData, "qualificationOverride">,
) => recordOverrides(tx, scope, check.overridden, input.qualificationOverride?.reason, check.jobNumber);
