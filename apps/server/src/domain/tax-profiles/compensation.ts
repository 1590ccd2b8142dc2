/**
 * THE source of each PEVO's 1099-NEC box 1 for a tax year (DECISIONS 'Year end: W-9 and 1099-NEC'):
 * the year end screen, the CSV and every Copy B read it, nothing else.
 */
import type { Scope } from "../../lib/tenant";

export type PevoCompensation = { pevoId: string; compensationCents: number };

/**
 * Nonemployee compensation paid to each PEVO in `year`: their paid settlements by payment date
 * (the settlement's net pay, reimbursed expenses included only when `includeReimbursedExpenses`).
 *
 * Empty until the settlements module exists: domain/settlements supplies the paid settlement totals
 * and this body becomes the one call to it once both are merged. Everything downstream (the year end
 * screen, the 1099 CSV, Copy B) already works on whatever this returns.
 */
export async function compensationByPevo(
  _scope: Scope,
  _year: number,
  _options: { includeReimbursedExpenses: boolean },
): Promise<PevoCompensation[]> {
  return [];
}
