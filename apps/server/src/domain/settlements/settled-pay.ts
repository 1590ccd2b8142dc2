// Whether a job's PEVO pay is settled (DECISIONS 'PEVO pay', Trip entries of a settled job): asked
// by the writes of what an approved settlement's frozen figures were computed from.
import { type Executor, settlementJobs, settlements } from "@pevo/db";
import { eq, inArray } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * Whether the job is paid in an approved or paid settlement, read in the caller's transaction with
 * that settlement's row locked FOR SHARE until it ends. An approval locks the row for update first,
 * so the two serialize: the approval waits for the caller's change and recomputes with it, or the
 * caller waits for the approval and reads the settlement approved.
 */
export async function isPaySettled(tx: Executor, scope: Scope, dispatchId: string) {
  const ofJob = tx
    .select({ id: settlementJobs.settlementId })
    .from(settlementJobs)
    .where(scoped(settlementJobs, scope, eq(settlementJobs.dispatchId, dispatchId)));
  const [settlement] = await tx
    .select({ status: settlements.status })
    .from(settlements)
    .where(scoped(settlements, scope, inArray(settlements.id, ofJob)))
    .for("share");
  return settlement !== undefined && settlement.status !== "draft";
}
