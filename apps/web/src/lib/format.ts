import { format, parseISO } from "date-fns";

/** A YYYY-MM-DD calendar date parsed as a local date, so it never shifts with the time zone. */
export const parseDate = (iso: string) => parseISO(iso.slice(0, 10));

/** 'Jan 05, 2025' (SPEC §9). */
export const formatDate = (iso: string | null | undefined) =>
  iso ? format(parseDate(iso), "MMM dd, yyyy") : "";

/** 'MM/dd/yyyy' for PEVO certification expiry. */
export const formatShortDate = (iso: string | null | undefined) =>
  iso ? format(parseDate(iso), "MM/dd/yyyy") : "";

/** Today's date in long US format, e.g. 'Sunday, November 22, 2026'. */
export const formatLongToday = (now = new Date()) =>
  now.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" });

/** Today as YYYY-MM-DD in the browser's own time zone. */
export const todayIso = (now = new Date()) => format(now, "yyyy-MM-dd");

/** Money with two decimals; a negative amount (a discount line) reads "-$50.00". */
export const formatMoney = (value: string | number | null | undefined) => {
  const n = Number(value ?? 0);
  return `${n < 0 ? "-" : ""}$${Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
};

/**
 * An instant as wall-clock time of an IANA zone (the company's, not the browser's), with the zone's
 * abbreviation: 'Nov 23, 6:42 AM CST' ('GMT+5:30' where the zone has no abbreviation).
 */
export function formatZonedTime(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("month")} ${part("day")}, ${part("hour")}:${part("minute")} ${part("dayPeriod")} ${part("timeZoneName")}`;
}

/** The text shown for a missing value. */
export const dash = (value: string | null | undefined) => (value ? value : "-");

/** Relative time for activity lists, e.g. '5 minutes ago'. */
export function timeAgo(iso: string, now = Date.now()) {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return "just now";
  const units: [number, string][] = [
    [60 * 60 * 24, "day"],
    [60 * 60, "hour"],
    [60, "minute"],
  ];
  for (const [size, name] of units) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${name}${n === 1 ? "" : "s"} ago`;
    }
  }
  return "just now";
}
