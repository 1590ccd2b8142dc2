/**
 * Wall-clock times of an IANA time zone ↔ UTC instants, with the runtime's Intl data only (no
 * library). Pickup dates and times are local times of the company's zone.
 */
import { companies, type Executor } from "@pevo/db";
import { type CompanyId, ownCompany } from "./tenant";

/** The company's IANA time zone (Settings; default from the browser at signup). */
export async function companyTimeZone(db: Executor, scope: { companyId: CompanyId }): Promise<string> {
  const [company] = await db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(ownCompany(scope));
  return company.timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in ms (Chicago in winter: -6 h). */
function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

const HOUR = 3600_000;

/**
 * The UTC instant of a wall-clock `date` (YYYY-MM-DD) and `time` (HH:MM) in `timeZone`, resolved
 * like Temporal's "compatible" disambiguation: a time that occurs twice (the hour repeated when
 * daylight saving time ends) is its first occurrence; a time that does not exist (the hour skipped
 * when it starts) is moved forward by the gap (02:30 on a spring-forward day is 03:30).
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets a day before and after cover any transition near this time.
  const before = zoneOffsetMs(timeZone, wall - 24 * HOUR);
  const after = zoneOffsetMs(timeZone, wall + 24 * HOUR);
  const candidates = [wall - before, wall - after].filter(
    (instant) => instant + zoneOffsetMs(timeZone, instant) === wall,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In a gap: read with the offset before the transition, which lands after it.
  return new Date(wall - before);
}

/** The zone's short name at an instant: "CST", "CDT", or "GMT+5:30" where there is no abbreviation. */
export function zoneAbbreviation(timeZone: string, instant: Date): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(instant)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** The calendar date (YYYY-MM-DD) in `timeZone` at an instant: "today" for the company. */
export function zonedDate(timeZone: string, instant: Date = new Date()): string {
  return new Date(instant.getTime() + zoneOffsetMs(timeZone, instant.getTime())).toISOString().slice(0, 10);
}
