import { type Executor, positions, rateConfirmations } from "@pevo/db";
import type { TRateConfirmationData } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";
import { assertQualified } from "../credentials";
import { assertNoBookingConflicts } from "../dispatches";

/**
 * Double booking on a rate confirmation's positions (DECISIONS 'Dispatches', Double booking): a PEVO put on a position while
 * already booked on an overlapping job (another active rate confirmation's position, or a dispatch in
 * these dates) is refused with the conflicts unless `allowConflict`. On an update only the PEVOs new
 * to it are checked, or all of them when the dates move. Runs in the save's transaction `tx`, before
 * the positions are written (it reads the ones saved before).
 */
export async function checkPositionBookings(
  tx: Executor,
  scope: Scope,
  input: TRateConfirmationData,
  id: string | null,
) {
  let pevoIds = input.positions.map((p) => p.pevoId).filter((p): p is string => Boolean(p));
  if (id) {
    const [before] = await tx
      .select({ start: rateConfirmations.startDate, end: rateConfirmations.endDate })
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
    const datesMoved = !before || before.start !== input.startDate || before.end !== input.endDate;
    if (!datesMoved) {
      const rows = await tx
        .select({ pevoId: positions.pevoId })
        .from(positions)
        .where(scoped(positions, scope, eq(positions.rateConfirmationId, id)));
      const already = new Set(rows.map((r) => r.pevoId));
      pevoIds = pevoIds.filter((p) => !already.has(p));
    }
  }
  const last = input.endDate && input.endDate > input.startDate ? input.endDate : input.startDate;
  await assertNoBookingConflicts(
    tx,
    scope,
    { pevoIds, from: input.startDate, to: last, rateConfirmationId: id },
    input.allowConflict,
  );
}

/**
 * The qualification check (DECISIONS 'Every assignment is checked') of the positions' PEVOs against the route states on the
 * confirmation's dates: on an update only the PEVOs new to it, or all of them when the dates or the
 * route move. Refused with a field error on each position's PEVO unless overridden; returns the
 * PEVOs assigned under the override (recorded in the save's transaction).
 */
export async function checkPositionQualifications(
  scope: Scope,
  input: TRateConfirmationData,
  id: string | null,
) {
  let already = new Set<string | null>();
  if (id) {
    const [before] = await scope.db
      .select({
        start: rateConfirmations.startDate,
        end: rateConfirmations.endDate,
        routeStates: rateConfirmations.routeStates,
      })
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
    const moved =
      !before ||
      before.start !== input.startDate ||
      before.end !== input.endDate ||
      (before.routeStates as string[]).join() !== input.loadDetails.routeStates.join();
    if (!moved) {
      const rows = await scope.db
        .select({ pevoId: positions.pevoId })
        .from(positions)
        .where(scoped(positions, scope, eq(positions.rateConfirmationId, id)));
      already = new Set(rows.map((r) => r.pevoId));
    }
  }
  const assignees = input.positions.flatMap((p, i) =>
    p.pevoId && !already.has(p.pevoId) ? [{ pevoId: p.pevoId, field: `positions.${i}.pevoId` }] : [],
  );
  const last = input.endDate && input.endDate > input.startDate ? input.endDate : input.startDate;
  return assertQualified(
    scope.db,
    scope,
    assignees,
    { routeStates: input.loadDetails.routeStates, from: input.startDate, to: last },
    input.qualificationOverride,
  );
}
