import { toCents } from "./money";

/**
 * The money rules of a credit note (DECISIONS 'Credit notes'), in integer cents: the server computes
 * with them and the form shows the same totals live.
 */

/** quantity × rate in cents, rounded half up; exact for any numeric(12,2) inputs (BigInt product). */
export function creditLineAmountCents(quantity: string, rate: string): number {
  const product = BigInt(toCents(quantity)) * BigInt(toCents(rate)); // hundredths × cents
  return Number((product + 50n) / 100n);
}

/** The credit note's total: the sum of its lines' amounts. */
export function creditNoteTotalCents(lines: { quantity: string; rate: string }[]): number {
  return lines.reduce((sum, line) => sum + creditLineAmountCents(line.quantity, line.rate), 0);
}

/**
 * How much more may be credited against an invoice: its total minus the credit notes already issued
 * against it (never below 0). A credit note cannot take back more than was billed.
 */
export function creditRoomCents(invoiceTotalCents: number, creditedCents: number): number {
  return Math.max(0, invoiceTotalCents - creditedCents);
}

/**
 * Where a credit note's total goes: up to the invoice's open balance is applied to the invoice (a
 * `credit_note` payment), the rest is credited to the client's account.
 */
export function splitCreditNote(totalCents: number, balanceCents: number) {
  const appliedCents = Math.min(totalCents, Math.max(0, balanceCents));
  return { appliedCents, toCreditCents: totalCents - appliedCents };
}
