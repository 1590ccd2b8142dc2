import { differenceInCalendarDays } from "date-fns";
import { parseDate } from "@/lib/format";

/** How many days ahead a certification expiry starts to be flagged. */
const EXPIRY_WARNING_DAYS = 30;

export type ExpiryHint = { tone: "expired" | "soon"; label: string };

/**
 * The hint beside a certification expiry: 'Expired' when the date is before today, 'Expires in N days'
 * when it is at most 30 days away, nothing otherwise. Both dates are calendar dates in the browser's
 * own day, so the result never depends on the time zone.
 */
export function expiryHint(expiry: string | null | undefined, today: Date = new Date()): ExpiryHint | null {
  if (!expiry) return null;
  const days = differenceInCalendarDays(parseDate(expiry), today);
  if (Number.isNaN(days)) return null;
  if (days < 0) return { tone: "expired", label: "Expired" };
  if (days > EXPIRY_WARNING_DAYS) return null;
  if (days === 0) return { tone: "soon", label: "Expires today" };
  return { tone: "soon", label: `Expires in ${days} ${days === 1 ? "day" : "days"}` };
}
