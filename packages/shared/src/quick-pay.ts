import { fromCents, toCents } from "./money";

/** What a client's quick-pay terms make of an invoice's total (DECISIONS 'Quick pay and factoring'). */
export type TQuickPay = {
  /** The discount in percent ("2.00") and the days from the issue date it holds for. */
  percent: string;
  days: number;
  /** The last day a payment earns the discount (issue date + days). */
  payBy: string;
  /** The total (gross), the discount and what is paid within the days (net), exact decimals. */
  gross: string;
  discount: string;
  net: string;
};

/** "2026-11-28" + 10 days, by the calendar (no time zone: a day is a day). */
function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Gross, discount and net of an invoice under quick-pay terms: discount = total × percent, rounded
 * half up to the cent (BigInt: exact for any numeric(12,2) total); net = total − discount. Null
 * without terms or on a $0.00 total.
 */
export function quickPayOf(
  invoice: { total: string; issueDate: string },
  terms: { percent: string | null; days: number | null },
): TQuickPay | null {
  if (terms.percent === null || terms.days === null) return null;
  const gross = toCents(invoice.total);
  if (gross <= 0) return null;
  const hundredths = BigInt(toCents(terms.percent)); // 2.50 % → 250
  const discount = Number((BigInt(gross) * hundredths + 5000n) / 10000n);
  return {
    percent: fromCents(toCents(terms.percent)),
    days: terms.days,
    payBy: addDays(invoice.issueDate, terms.days),
    gross: fromCents(gross),
    discount: fromCents(discount),
    net: fromCents(gross - discount),
  };
}
