import { credentialExpiriesBetween } from "../../domain/credentials";
import { dispatchCalendar } from "../../domain/dispatches";
import { certificationExpiriesBetween } from "../../domain/pevos";
import type { Scope } from "../../lib/tenant";

/**
 * What the calendar shows between two dates: the dispatching calendar's pickups and rate
 * confirmation spans with their per-day totals (domain/dispatches), the driver's licence expiries
 * (domain/pevos) and the state certification and insurance expiries (domain/credentials).
 */
export async function getCalendar(scope: Scope, from: string, to: string) {
  const [{ pickups, spans, pickupDays, spanDays }, certificationExpiries, credentialExpiries] =
    await Promise.all([
      dispatchCalendar(scope, from, to),
      certificationExpiriesBetween(scope, from, to),
      credentialExpiriesBetween(scope, from, to),
    ]);

  const days = new Map<string, { date: string; dispatches: number; rateConfirmations: number }>();
  const dayOf = (date: string) => {
    const key = String(date).slice(0, 10);
    let day = days.get(key);
    if (!day) {
      day = { date: key, dispatches: 0, rateConfirmations: 0 };
      days.set(key, day);
    }
    return day;
  };
  for (const { date, count } of pickupDays) dayOf(date).dispatches = Number(count);
  for (const { date, count } of spanDays) dayOf(date).rateConfirmations = Number(count);

  return {
    dispatches: pickups,
    rateConfirmations: spans
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))
      .map((s) => ({ ...s, endDate: s.endDate ?? s.startDate })),
    certificationExpiries,
    credentialExpiries,
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
