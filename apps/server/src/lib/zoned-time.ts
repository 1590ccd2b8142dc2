/**
 * Wall-clock times of an IANA time zone ↔ UTC instants, with @date-fns/tz (on the runtime's Intl
 * data). Pickup dates and times are local times of the company's zone (domain/company
 * `companyTimeZone` reads it).
 */

import { TZDate, tzName, tzOffset } from "@date-fns/tz";

/** The zone's offset from UTC at an instant, in ms (Chicago in winter: -6 h). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  return tzOffset(timeZone, new Date(instant)) * 60_000;
}

const HOUR = 3600_000;

/**
 * The UTC instant of a wall-clock `date` (YYYY-MM-DD) and `time` (HH:MM) in `timeZone`, resolved
 * like Temporal's "compatible" disambiguation: a time that occurs twice (the hour repeated when
 * daylight saving time ends) is its first occurrence; a time that does not exist (the hour skipped
 * when it starts) is moved forward by the gap (02:30 on a spring-forward day is 03:30).
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = date.split("-").map(Number);
  const [hh = Number.NaN, mm = Number.NaN] = time.split(":").map(Number);
  // TZDate moves a skipped time forward by the gap, as above.
  const resolved = new TZDate(y, m - 1, d, hh, mm, timeZone).getTime();
  // But of a repeated time it does not always take the first occurrence (Lord Howe's half-hour
  // fall-back gives the second), so the earlier instant showing the same wall-clock time wins: the
  // one read with the offset of a day before.
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const earlier = wall - zoneOffsetMs(timeZone, wall - 24 * HOUR);
  if (earlier < resolved && earlier + zoneOffsetMs(timeZone, earlier) === wall) return new Date(earlier);
  return new Date(resolved);
}

/** The zone's short name at an instant: "CST", "CDT", or "GMT+5:30" where there is no abbreviation. */
export function zoneAbbreviation(timeZone: string, instant: Date): string {
  return tzName(timeZone, instant, "short");
}

/** A pickup's wall-clock time with its zone's abbreviation on that day: "05:30 CST" (every time in an email). */
export function zonedTimeLabel(date: string, time: string, timeZone: string): string {
  return `${time} ${zoneAbbreviation(timeZone, zonedTimeToUtc(date, time, timeZone))}`;
}

/** The calendar date (YYYY-MM-DD) in `timeZone` at an instant: "today" for the company. */
export function zonedDate(timeZone: string, instant: Date = new Date()): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${local.getFullYear()}-${two(local.getMonth() + 1)}-${two(local.getDate())}`;
}
