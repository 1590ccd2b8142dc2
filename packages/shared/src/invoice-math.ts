import { fromCents, toCents } from "./money";

/** mileage × rate in cents, rounded half up; exact for any numeric(12,2) inputs (BigInt product). */
export function mileageChargeCents(mileage: string, mileageRate: string): number {
  const product = BigInt(toCents(mileage)) * BigInt(toCents(mileageRate)); // hundredths of a mile × cents
  return Number((product + 50n) / 100n);
}

/** SPEC §9: a line charge is the larger of the minimum daily rate and mileage × mileage rate. */
export function lineCharge(
  mileage: string,
  rates: { minimumDailyRate: string; mileageRate: string },
): string {
  return fromCents(Math.max(toCents(rates.minimumDailyRate), mileageChargeCents(mileage, rates.mileageRate)));
}

/** The sum of line charges in cents (a discount line is negative; a non-numeric charge counts as 0). */
export function linesSumCents(charges: (string | null | undefined)[]): number {
  return charges.reduce<number>((sum, charge) => {
    const text = (charge ?? "").trim();
    return sum + (/^-?\d+(\.\d+)?$/.test(text) ? toCents(text) : 0);
  }, 0);
}

/**
 * Discounts larger than the charges: refused (DECISIONS 'Discount lines'), so a total is never
 * below zero.
 */
export const lineTotalBelowZero = (charges: (string | null | undefined)[]) => linesSumCents(charges) < 0;

/**
 * Subtotal = the sum of line charges (discount lines are negative; a line without a numeric charge
 * counts as 0); tax = subtotal × rate %, rounded half up to the cent; total = subtotal + tax.
 */
export function invoiceTotals(charges: (string | null | undefined)[], taxRatePercent = "0") {
  const subtotal = linesSumCents(charges);
  const rateHundredths = BigInt(toCents(taxRatePercent)); // 8.25 % → 825
  const tax = Number((BigInt(subtotal) * rateHundredths + 5000n) / 10000n);
  return { subtotal: fromCents(subtotal), tax: fromCents(tax), total: fromCents(subtotal + tax) };
}
