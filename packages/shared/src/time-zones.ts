import { z } from "zod";

/** A company's time zone until it picks one (signup sends the browser's zone; see companies.time_zone). */
export const DEFAULT_TIME_ZONE = "America/Chicago";

/** The longest IANA name is 30 characters ("America/Argentina/ComodRivadavia"-like); a bound for the API and the column. */
export const TIME_ZONE_MAX_LENGTH = 64;

export const TIME_ZONE_MESSAGE = "Choose a time zone from the list";

let cached: string[] | undefined;
/** The IANA zones this runtime knows (Intl.supportedValuesOf), plus "UTC", sorted. */
export function timeZones(): string[] {
  cached ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
  return cached;
}

/**
 * Whether `value` is an IANA zone of the list, or an alias of one (a browser may report
 * "Asia/Kolkata" where this runtime's list says "Asia/Calcutta").
 */
export function isTimeZone(value: string): boolean {
  const zones = timeZones();
  if (zones.includes(value)) return true;
  try {
    const canonical = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
    return zones.includes(canonical);
  } catch {
    return false;
  }
}

/** A time zone field: an IANA name from the list (e.g. "America/Chicago"). */
export const ZTimeZone = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .max(TIME_ZONE_MAX_LENGTH, { message: TIME_ZONE_MESSAGE })
  .refine(isTimeZone, { message: TIME_ZONE_MESSAGE });

/** Signup's browser zone: itself when valid, otherwise undefined (the company gets the default). */
export const validSignupTimeZone = (value: string | undefined) =>
  value && value.length <= TIME_ZONE_MAX_LENGTH && isTimeZone(value) ? value : undefined;
