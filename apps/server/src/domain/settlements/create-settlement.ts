/**
 * A settlement run (DECISIONS 'PEVO pay'): the period's completed, unsettled jobs are claimed by a
 * new draft in one transaction. The unique (company_id, dispatch_id) of settlement_jobs makes a job
 * paid in exactly one settlement: a concurrent run's claim of the same job waits for this one and is
 * skipped (ON CONFLICT DO NOTHING); a run that claims nothing is refused.
 */
import { missingRow, settlementJobs, settlements } from "@pevo/db";
import { PAY_PERIOD_LABELS, type TCreateSettlement } from "@pevo/shared";
import { ConflictError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { storedFigures, unsettledJobs } from "./job-figures";
import { getSettlement } from "./read-settlement";

const NOTHING_TO_SETTLE =
  "No completed job of this period is left to pay (each job is paid in one settlement; jobs not invoiced yet are held unless included)";

export async function createSettlement(scope: Scope, input: TCreateSettlement) {
  const id = await scope.db.transaction(async (tx) => {
    const jobs = await unsettledJobs(tx, scope, {
      start: input.periodStart,
      end: input.periodEnd,
      includeUninvoiced: input.includeUninvoiced,
    });
    if (jobs.length === 0) throw new ConflictError(NOTHING_TO_SETTLE);
    const [row = missingRow("settlements")] = await tx
      .insert(settlements)
      .values({
        companyId: scope.companyId,
        periodKind: input.periodKind,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        includeUninvoiced: input.includeUninvoiced,
        createdBy: scope.userId,
      })
      .returning({ id: settlements.id });
    const claimed = await tx
      .insert(settlementJobs)
      .values(
        jobs.map((j) => ({
          companyId: scope.companyId,
          settlementId: row.id,
          dispatchId: j.dispatchId,
          pevoId: j.pevoId,
          payPlanId: j.payPlanId,
          jobDate: j.jobDate,
          jobNumber: j.jobNumber,
          route: j.route,
          position: j.position,
          invoicedCents: j.invoicedCents,
          payCents: j.pay.payCents,
          reimbursedCents: j.pay.reimbursedCents,
          figures: storedFigures(j.pay),
        })),
      )
      .onConflictDoNothing()
      .returning({ dispatchId: settlementJobs.dispatchId });
    if (claimed.length === 0) throw new ConflictError(NOTHING_TO_SETTLE);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "settlement_created",
      message: `PEVO pay settlement ${input.periodStart} – ${input.periodEnd} (${PAY_PERIOD_LABELS[input.periodKind].toLowerCase()}) started with ${claimed.length} ${claimed.length === 1 ? "job" : "jobs"}`,
    });
    return row.id;
  });
  return getSettlement(scope, id);
}
