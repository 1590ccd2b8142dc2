/**
 * Approving a settlement (DECISIONS 'PEVO pay'): one transaction on the locked draft recomputes its
 * figures a last time and stores them; from then on they are locked (a later change of plan, invoice
 * or trip log does not alter them; a correction is an adjustment in a later settlement).
 */
import { settlements } from "@pevo/db";
import { formatUsd } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { getSettlement, lockDraft, readSettlement, refreshFigures } from "./read-settlement";

export async function approveSettlement(scope: Scope, id: string) {
  await scope.db.transaction(async (tx) => {
    const row = await lockDraft(tx, scope, id);
    await refreshFigures(tx, scope, id);
    await tx
      .update(settlements)
      .set({ status: "approved", approvedAt: new Date(), approvedBy: scope.userId })
      .where(scoped(settlements, scope, eq(settlements.id, id)));
    const stored = await readSettlement(tx, scope, id);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "settlement_approved",
      amount: stored.net,
      message: `PEVO pay settlement ${row.periodStart} – ${row.periodEnd} approved: ${formatUsd(stored.net)} to ${stored.pevos.length} ${stored.pevos.length === 1 ? "PEVO" : "PEVOs"}`,
    });
  });
  return getSettlement(scope, id);
}
