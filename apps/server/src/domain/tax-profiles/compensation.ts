/**
 * THE source of each PEVO's 1099-NEC box 1 for a tax year (DECISIONS 'Year end: W-9 and 1099-NEC'):
 * the year end screen, the CSV and every Copy B read it, nothing else.
 */
import type { Scope } from "../../lib/tenant";
import { type PaidCompensation, paidCompensationByPevo, paidCompensationQuery } from "../settlements";

/**
 * Nonemployee compensation paid to each PEVO in `year`: their paid settlements by payment date
 * (the statement's net, reimbursed expenses included only when `includeReimbursedExpenses`, the tax
 * year's setting). The settlements module owns those tables and sums them.
 */
export function compensationByPevo(
  scope: Scope,
  year: number,
  options: { includeReimbursedExpenses: boolean },
): Promise<PaidCompensation[]> {
  return paidCompensationByPevo(scope, year, options);
}

/** The same totals as a subquery (`pevoId`, `compensationCents`), to page, count and join in SQL. */
export function compensationQuery(
  scope: Scope,
  year: number,
  options: { includeReimbursedExpenses: boolean },
) {
  return paidCompensationQuery(scope, year, options);
}
