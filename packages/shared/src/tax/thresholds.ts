/**
 * The 1099-NEC reporting threshold a tax year starts with (DECISIONS 'Year end: W-9 and 1099-NEC'):
 * $600 for payments through 2025 (IRC §6041(a)); $2,000 for payments made after December 31, 2025
 * under the One Big Beautiful Bill Act of 2025 (Pub. L. 119-21, §70433), indexed for inflation after
 * 2026 — the office sets the indexed figure per year once the IRS publishes it.
 */
export function defaultThresholdCents(taxYear: number): number {
  return taxYear <= 2025 ? 600_00 : 2_000_00;
}

/** The tax years the year-end screen and its routes accept. */
export const TAX_YEAR_LIMITS = { earliest: 2020, latest: 2100 } as const;

/** The largest threshold the office may set: $100,000 (a typing slip beyond that). */
export const MAX_THRESHOLD_CENTS = 100_000_00;
