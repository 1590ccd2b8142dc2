/**
 * What each PEVO was paid in a tax year (DECISIONS 'Year end: W-9 and 1099-NEC' → Totals): the paid
 * settlements whose payment date falls in the year, read from their frozen figures (a paid settlement
 * was approved first, so its figures no longer move). The 1099-NEC box 1 of domain/tax-profiles.
 */
import { settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import { adjustmentSign } from "@pevo/shared";
import { and, between, eq, sql } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

export type PaidCompensation = { pevoId: string; compensationCents: number };

/**
 * Per PEVO, the net of their statements paid in `year` (by payment date): pay + bonuses − advances −
 * deductions, plus the reimbursed trip expenses and reimbursement adjustments only when
 * `includeReimbursedExpenses` (the year's choice). PEVOs whose year comes to nothing or less (an
 * advance larger than the pay) are left out: a 1099-NEC reports payments made.
 */
export async function paidCompensationByPevo(
  scope: Scope,
  year: number,
  { includeReimbursedExpenses }: { includeReimbursedExpenses: boolean },
): Promise<PaidCompensation[]> {
  const paidInYear = and(
    eq(settlements.status, "paid"),
    between(settlements.paidDate, `${year}-01-01`, `${year}-12-31`),
  );
  const jobRows = await scope.db
    .select({
      pevoId: settlementJobs.pevoId,
      payCents: sql<number>`sum(${settlementJobs.payCents})`.mapWith(Number),
      reimbursedCents: sql<number>`sum(${settlementJobs.reimbursedCents})`.mapWith(Number),
    })
    .from(settlementJobs)
    .innerJoin(
      settlements,
      and(
        eq(settlements.companyId, settlementJobs.companyId),
        eq(settlements.id, settlementJobs.settlementId),
      ),
    )
    .where(scoped(settlementJobs, scope, paidInYear))
    .groupBy(settlementJobs.pevoId);
  const adjustmentRows = await scope.db
    .select({
      pevoId: settlementAdjustments.pevoId,
      kind: settlementAdjustments.kind,
      cents: sql<number>`sum(${settlementAdjustments.amountCents})`.mapWith(Number),
    })
    .from(settlementAdjustments)
    .innerJoin(
      settlements,
      and(
        eq(settlements.companyId, settlementAdjustments.companyId),
        eq(settlements.id, settlementAdjustments.settlementId),
      ),
    )
    .where(scoped(settlementAdjustments, scope, paidInYear))
    .groupBy(settlementAdjustments.pevoId, settlementAdjustments.kind);

  const totals = new Map<string, number>();
  const add = (pevoId: string, cents: number) => totals.set(pevoId, (totals.get(pevoId) ?? 0) + cents);
  for (const r of jobRows) add(r.pevoId, r.payCents + (includeReimbursedExpenses ? r.reimbursedCents : 0));
  for (const r of adjustmentRows) {
    if (r.kind === "reimbursement" && !includeReimbursedExpenses) continue;
    add(r.pevoId, adjustmentSign(r.kind) * r.cents);
  }
  return [...totals]
    .filter(([, cents]) => cents > 0)
    .map(([pevoId, compensationCents]) => ({ pevoId, compensationCents }));
}
