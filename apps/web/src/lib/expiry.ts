import { parseDate } from "@/lib/format";

/** How many days ahead a certification expiry starts to be flagged. */
const EXPIRY_WARNING_DAYS = 30;

/** A local date's calendar day as a day count (plain arithmetic, as lib/format.ts: no date-fns). */
const dayNumber = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;

export type ExpiryHint = { tone: "expired" | "soon"; label: string };

/**
 * The hint beside a certification expiry: 'Expired' when the date is before today, 'Expires in N days'
 * when it is at most 30 days away, nothing otherwise. Both dates are calendar dates in the browser's
 * own day, so the result never depends on the time zone.
 */
export function expiryHint(expiry: string | null | undefined, today: Date = new Date()): ExpiryHint | null {
  if (!expiry) return null;
  const days = dayNumber(parseDate(expiry)) - dayNumber(today);
  if (Number.isNaN(days)) return null;
  if (days < 0) return { tone: "expired", label: "Expired" };
  if (days > EXPIRY_WARNING_DAYS) return null;
  if (days === 0) return { tone: "soon", label: "Expires today" };
  return { tone: "soon", label: `Expires in ${days} ${days === 1 ? "day" : "days"}` };
}
