/** Pay periods of a settlement run (DECISIONS 'PEVO pay'): dates are calendar days, both inclusive. */
export const PAY_PERIOD_KINDS = ["weekly", "biweekly", "semi_monthly", "custom"] as const;
export type PayPeriodKind = (typeof PAY_PERIOD_KINDS)[number];
export const PAY_PERIOD_LABELS: Record<PayPeriodKind, string> = {
  weekly: "Weekly",
  biweekly: "Every two weeks",
  semi_monthly: "Semi-monthly",
  custom: "Custom dates",
};
/** The longest period a run covers, in days. */
export const MAX_PAY_PERIOD_DAYS = 62;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** `date` + `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** Days from `start` to `end`, both counted. */
export const periodDays = (start: string, end: string) =>
  Math.round((utc(end).getTime() - utc(start).getTime()) / 86_400_000) + 1;

/**
 * The last day of a period starting on `start`: 7 or 14 days; semi-monthly runs the 1st–15th and the
 * 16th–last day of the month. Custom: the start itself (the office picks the end).
 */
export function periodEnd(kind: PayPeriodKind, start: string): string {
  if (kind === "weekly") return addDays(start, 6);
  if (kind === "biweekly") return addDays(start, 13);
  if (kind === "semi_monthly") {
    const d = utc(start);
    if (d.getUTCDate() <= 15) return `${start.slice(0, 8)}15`;
    return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
  }
  return start;
}
