/**
 * A draft's edits (DECISIONS 'PEVO pay'): an adjustment added or removed, a job held back (released
 * for a later run), the draft deleted (its jobs released). Each on the locked draft, 409 once approved.
 */
import { missingRow, pevos, settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import { type TSettlementAdjustment, toCents } from "@pevo/shared";
import { and, eq } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { PEVO_NOT_FOUND } from "./pay-plans";
import { getSettlement, lockDraft } from "./read-settlement";

export const ADJUSTMENT_NOT_FOUND = "Adjustment not found";
export const JOB_NOT_IN_SETTLEMENT = "This job is not in the settlement";

export async function addAdjustment(
  scope: Scope,
  { settlementId, adjustment }: { settlementId: string; adjustment: TSettlementAdjustment },
) {
  await scope.db.transaction(async (tx) => {
    await lockDraft(tx, scope, settlementId);
    const [pevo] = await tx
      .select({ id: pevos.id })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.id, adjustment.pevoId)));
    // A 400 on the field: the PEVO is a choice within the form, not the resource addressed.
    if (!pevo) throw new NotFoundError(PEVO_NOT_FOUND);
    await tx.insert(settlementAdjustments).values({
      companyId: scope.companyId,
      settlementId,
      pevoId: adjustment.pevoId,
      kind: adjustment.kind,
      amountCents: toCents(adjustment.amount),
      note: adjustment.note,
      createdBy: scope.userId,
    });
  });
  return getSettlement(scope, settlementId);
}

export async function removeAdjustment(
  scope: Scope,
  { settlementId, adjustmentId }: { settlementId: string; adjustmentId: string },
) {
  await scope.db.transaction(async (tx) => {
    await lockDraft(tx, scope, settlementId);
    const removed = await tx
      .delete(settlementAdjustments)
      .where(
        scoped(
          settlementAdjustments,
          scope,
          and(
            eq(settlementAdjustments.settlementId, settlementId),
            eq(settlementAdjustments.id, adjustmentId),
          ),
        ),
      )
      .returning({ kind: settlementAdjustments.kind });
    if (removed.length === 0) throw new NotFoundError(ADJUSTMENT_NOT_FOUND);
  });
  return getSettlement(scope, settlementId);
}

/** Holds a job back: it leaves the draft and a later run pays it. */
export async function holdJob(
  scope: Scope,
  { settlementId, dispatchId }: { settlementId: string; dispatchId: string },
) {
  await scope.db.transaction(async (tx) => {
    await lockDraft(tx, scope, settlementId);
    const removed = await tx
      .delete(settlementJobs)
      .where(
        scoped(
          settlementJobs,
          scope,
          and(eq(settlementJobs.settlementId, settlementId), eq(settlementJobs.dispatchId, dispatchId)),
        ),
      )
      .returning({ dispatchId: settlementJobs.dispatchId });
    if (removed.length === 0) throw new NotFoundError(JOB_NOT_IN_SETTLEMENT);
  });
  return getSettlement(scope, settlementId);
}

export async function deleteSettlement(scope: Scope, id: string) {
  await scope.db.transaction(async (tx) => {
    const row = await lockDraft(tx, scope, id);
    // Its jobs and adjustments go with it (ON DELETE CASCADE): the jobs are free for another run.
    const [gone = missingRow("settlements")] = await tx
      .delete(settlements)
      .where(scoped(settlements, scope, eq(settlements.id, id)))
      .returning({ id: settlements.id });
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "settlement_deleted",
      message: `Draft PEVO pay settlement ${row.periodStart} – ${row.periodEnd} deleted; its jobs are free for another run`,
    });
    return gone.id;
  });
}
