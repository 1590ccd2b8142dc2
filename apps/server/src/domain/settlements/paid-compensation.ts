/**
 * What each PEVO was paid in a tax year (DECISIONS 'Year end: W-9 and 1099-NEC' → Totals): the paid
 * settlements whose payment date falls in the year (a paid settlement was approved first, so its
 * figures no longer move), summed per PEVO and year as they are paid (paid_compensation_years, kept
 * by triggers). The 1099-NEC box 1 of domain/tax-profiles.
 */
import { paidCompensationYears, settlementAdjustments } from "@pevo/db";
import { ADJUSTMENT_KINDS, adjustmentSign } from "@pevo/shared";
import { eq, gt, inArray, sql } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

export type PaidCompensation = { pevoId: string; compensationCents: number };

/** The adjustment kinds a statement subtracts (packages/shared adjustmentSign). */
const SUBTRACTED = ADJUSTMENT_KINDS.filter((k) => adjustmentSign(k) < 0);

/** An adjustment's amount with its sign on the statement, in SQL (as statementTotals sums it). */
export const signedAdjustmentCents = () =>
  sql<number>`case when ${inArray(settlementAdjustments.kind, SUBTRACTED)}
    then -${settlementAdjustments.amountCents} else ${settlementAdjustments.amountCents} end`;

/**
 * Per PEVO, the net of their statements paid in `year` (by payment date) as a subquery
 * (`pevoId`, `compensationCents`): pay + bonuses − advances − deductions, plus the reimbursed trip
 * expenses and reimbursement adjustments only when `includeReimbursedExpenses` (the year's choice).
 * PEVOs whose year comes to nothing or less (an advance larger than the pay) are left out: a
 * 1099-NEC reports payments made. Read from paid_compensation_years, the per-year sums the triggers of
 * migration 0052 keep in each paying, un-paying or adjusting transaction, one row per PEVO paid
 * (either of its indexes walks the year highest first): the year end's pages, counts and exports
 * read a company's PEVOs, not a year of settlement jobs.
 */
export function paidCompensationQuery(
  scope: Scope,
  year: number,
  { includeReimbursedExpenses }: { includeReimbursedExpenses: boolean },
) {
  const cents = includeReimbursedExpenses
    ? paidCompensationYears.withReimbursedCents
    : paidCompensationYears.compensationCents;
  return scope.db
    .select({
      pevoId: paidCompensationYears.pevoId,
      compensationCents: sql<number>`${cents}`.mapWith(Number).as("compensation_cents"),
    })
    .from(paidCompensationYears)
    .where(scoped(paidCompensationYears, scope, eq(paidCompensationYears.taxYear, year), gt(cents, 0)))
    .as("paid_compensation");
}

/** Every PEVO's compensation of `year` (paidCompensationQuery), for the CSV and Copy B. */
export async function paidCompensationByPevo(
  scope: Scope,
  year: number,
  options: { includeReimbursedExpenses: boolean },
): Promise<PaidCompensation[]> {
  const paid = paidCompensationQuery(scope, year, options);
  return scope.db.select({ pevoId: paid.pevoId, compensationCents: paid.compensationCents }).from(paid);
}
