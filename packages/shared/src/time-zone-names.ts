import { timeZones } from "./time-zones";

/*
 * The zone pickers' list (Settings and the first-sign-in set-up), in a module of its own: only the
 * office screens import it, so the PEVO portal's first load never carries the names (bundle budget).
 */
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
