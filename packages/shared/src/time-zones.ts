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

/**
 * The zones of the United States and Canada by the names people use for them, listed first in the
 * zone pickers (Settings, the first-sign-in set-up); every other IANA zone follows by its name.
 */
export const NORTH_AMERICAN_ZONES: readonly { zone: string; label: string }[] = [
  { zone: "America/New_York", label: "Eastern Time — New York" },
  { zone: "America/Chicago", label: "Central Time — Chicago" },
  { zone: "America/Denver", label: "Mountain Time — Denver" },
  { zone: "America/Phoenix", label: "Mountain Time — Phoenix (no DST)" },
  { zone: "America/Los_Angeles", label: "Pacific Time — Los Angeles" },
  { zone: "America/Anchorage", label: "Alaska Time — Anchorage" },
  { zone: "Pacific/Honolulu", label: "Hawaii Time — Honolulu (no DST)" },
  { zone: "America/Detroit", label: "Eastern Time — Detroit" },
  { zone: "America/Indiana/Indianapolis", label: "Eastern Time — Indianapolis" },
  { zone: "America/Boise", label: "Mountain Time — Boise" },
  { zone: "America/Puerto_Rico", label: "Atlantic Time — Puerto Rico (no DST)" },
  { zone: "America/Halifax", label: "Atlantic Time — Halifax" },
  { zone: "America/St_Johns", label: "Newfoundland Time — St. John's" },
  { zone: "America/Toronto", label: "Eastern Time — Toronto" },
  { zone: "America/Winnipeg", label: "Central Time — Winnipeg" },
  { zone: "America/Regina", label: "Central Time — Regina (no DST)" },
  { zone: "America/Edmonton", label: "Mountain Time — Edmonton" },
  { zone: "America/Vancouver", label: "Pacific Time — Vancouver" },
];

/** A zone as a person reads it: its common name when it has one, else its IANA name with spaces. */
export function timeZoneLabel(zone: string): string {
  return NORTH_AMERICAN_ZONES.find((z) => z.zone === zone)?.label ?? zone.replaceAll("_", " ");
}

export type TimeZoneOption = { zone: string; label: string; detail: string };

/**
 * The picker's list: the US and Canadian zones by common name first (their IANA name the detail),
 * then every other zone of the runtime by IANA name. `current` (a saved zone this runtime does not
 * list, e.g. an alias) stays choosable.
 */
export function timeZoneOptions(current?: string): TimeZoneOption[] {
  const common = NORTH_AMERICAN_ZONES.map(({ zone, label }) => ({ zone, label, detail: zone }));
  const listed = new Set(common.map((o) => o.zone));
  const rest = timeZones();
  const all = current && !listed.has(current) && !rest.includes(current) ? [current, ...rest] : rest;
  return [
    ...common,
    ...all
      .filter((zone) => !listed.has(zone))
      .map((zone) => ({ zone, label: zone.replaceAll("_", " "), detail: "" })),
  ];
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[_/—().'-]+/g, " ");

/** The options whose name matches every word typed ("mountain den", "los angeles", "tokyo"), in list order. */
export function searchTimeZones(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const text = fold(`${o.label} ${o.zone}`);
    return words.every((w) => text.includes(w));
  });
}
