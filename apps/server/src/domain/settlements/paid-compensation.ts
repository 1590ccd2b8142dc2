/**
 * What each PEVO was paid in a tax year (DECISIONS 'Year end: W-9 and 1099-NEC' → Totals): the paid
 * settlements whose payment date falls in the year, read from their frozen figures (a paid settlement
 * was approved first, so its figures no longer move). The 1099-NEC box 1 of domain/tax-profiles.
 */
import { settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import { ADJUSTMENT_KINDS, adjustmentSign } from "@pevo/shared";
import { and, between, eq, inArray, ne, sql } from "drizzle-orm";
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
 * 1099-NEC reports payments made. One grouped query over the year's paid settlements
 * (settlements_company_paid_idx), their jobs (the primary key) and adjustments
 * (settlement_adjustments_settlement_idx): the year end pages, counts and exports from it.
 */
export function paidCompensationQuery(
  scope: Scope,
  year: number,
  { includeReimbursedExpenses }: { includeReimbursedExpenses: boolean },
) {
  const paidInYear = and(
    eq(settlements.status, "paid"),
    between(settlements.paidDate, `${year}-01-01`, `${year}-12-31`),
  );
  const lines = scope.db
    .select({
      pevoId: settlementJobs.pevoId,
      cents: (includeReimbursedExpenses
        ? sql<number>`${settlementJobs.payCents} + ${settlementJobs.reimbursedCents}`
        : sql<number>`${settlementJobs.payCents}`
      ).as("cents"),
    })
    .from(settlements)
    .innerJoin(
      settlementJobs,
      and(
        eq(settlementJobs.companyId, settlements.companyId),
        eq(settlementJobs.settlementId, settlements.id),
      ),
    )
    .where(scoped(settlements, scope, paidInYear))
    .unionAll(
      scope.db
        .select({ pevoId: settlementAdjustments.pevoId, cents: signedAdjustmentCents().as("cents") })
        .from(settlements)
        .innerJoin(
          settlementAdjustments,
          and(
            eq(settlementAdjustments.companyId, settlements.companyId),
            eq(settlementAdjustments.settlementId, settlements.id),
          ),
        )
        .where(
          scoped(
            settlements,
            scope,
            paidInYear,
            includeReimbursedExpenses ? undefined : ne(settlementAdjustments.kind, "reimbursement"),
          ),
        ),
    )
    .as("paid_lines");
  const total = sql<number>`sum(${lines.cents})`;
  return scope.db
    .select({
      pevoId: lines.pevoId,
      compensationCents: sql<number>`${total}`.mapWith(Number).as("compensation_cents"),
    })
    .from(lines)
    .groupBy(lines.pevoId)
    .having(sql`${total} > 0`)
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
