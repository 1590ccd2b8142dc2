// Whether a job's PEVO pay is settled (DECISIONS 'PEVO pay', Trip entries of a settled job): asked
// by the writes of what an approved settlement's frozen figures were computed from, and by the reads
// that tell the PEVO beforehand which of those they can no longer change.
import { type Executor, settlementJobs, settlements } from "@pevo/db";
import type { SettlementStatus } from "@pevo/shared";
import { and, eq, inArray } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/** Approved or paid: the settlement's figures are frozen (a draft recomputes). */
const settled = (status: SettlementStatus) => status !== "draft";

/** The settlement paying each of the jobs that one pays (a job is paid in at most one), its status. */
const settlementsOfJobs = (db: Executor, scope: Scope, dispatchIds: string[]) =>
  db
    .select({ dispatchId: settlementJobs.dispatchId, status: settlements.status })
    .from(settlementJobs)
    .innerJoin(settlements, eq(settlements.id, settlementJobs.settlementId))
    .where(
      and(
        scoped(settlementJobs, scope, inArray(settlementJobs.dispatchId, dispatchIds)),
        scoped(settlements, scope),
      ),
    )
    .$dynamic();

/**
 * Whether the job is paid in an approved or paid settlement, read in the caller's transaction with
 * that settlement's row locked FOR SHARE until it ends. An approval locks the row for update first,
 * so the two serialize: the approval waits for the caller's change and recomputes with it, or the
 * caller waits for the approval and reads the settlement approved.
 */
export async function isPaySettled(tx: Executor, scope: Scope, dispatchId: string) {
  const [settlement] = await settlementsOfJobs(tx, scope, [dispatchId]).for("share", { of: settlements });
  return settlement !== undefined && settled(settlement.status);
}

/**
 * Which of the jobs are paid in an approved or paid settlement, for a read (nothing locked): what the
 * PEVO's trip log shows as locked before they try. The writes still ask isPaySettled, the final word.
 */
export async function paySettledJobs(scope: Scope, dispatchIds: string[]): Promise<Set<string>> {
  if (dispatchIds.length === 0) return new Set();
  const rows = await settlementsOfJobs(scope.db, scope, [...new Set(dispatchIds)]);
  return new Set(rows.filter((row) => settled(row.status)).map((row) => row.dispatchId));
}
