import { formatNumber } from "@pevo/shared";

// Plain date arithmetic rather than date-fns: every screen prints dates, and the PEVO portal's first
// load stays small (docs/performance.md). Calendar dates are YYYY-MM-DD strings (SPEC §9).
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** A YYYY-MM-DD calendar date parsed as a local date, so it never shifts with the time zone. */
export const parseDate = (iso: string) => {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = iso.slice(0, 10).split("-").map(Number);
  const date = new Date(0);
  date.setFullYear(year, month - 1, day);
  date.setHours(0, 0, 0, 0);
  return date;
};

/** A local date as YYYY-MM-DD. */
export const isoDay = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, "0")}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** 'Jan 5' (or 'Jan 5, 2025' with the year) of a local date. */
export const monthDay = (date: Date, withYear = false) =>
  `${MONTHS[date.getMonth()]} ${date.getDate()}${withYear ? `, ${date.getFullYear()}` : ""}`;

/** The calendar day `days` after (or before) a YYYY-MM-DD day. */
export const shiftIsoDay = (iso: string, days: number) => {
  const date = parseDate(iso);
  date.setDate(date.getDate() + days);
  return isoDay(date);
};

/** 'Jan 05, 2025' (SPEC §9). */
export const formatDate = (iso: string | null | undefined) => {
  if (!iso) return "";
  const date = parseDate(iso);
  return `${MONTHS[date.getMonth()]} ${pad(date.getDate())}, ${date.getFullYear()}`;
};

/** 'MM/dd/yyyy' for PEVO certification expiry. */
export const formatShortDate = (iso: string | null | undefined) => {
  if (!iso) return "";
  const date = parseDate(iso);
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

// The first Intl date or number format of a page loads the browser's locale data: ~50 ms of a phone's
// first screen (docs/performance.md, "Intl on the first screen"). The fixed en-US formats below are
// plain string work (numbers: @pevo/shared formatNumber, which the shared schemas' messages use too);
// formatZonedTime keeps Intl, which alone knows the time zones.

/** Today's date in long US format, e.g. 'Sunday, November 22, 2026'. */
export const formatLongToday = (now = new Date()) =>
  `${WEEKDAYS[now.getDay()]}, ${LONG_MONTHS[now.getMonth()]} ${now.getDate()}, ${now.getFullYear()}`;

/** A YYYY-MM month as 'November 2026', or 'Nov' short. */
export const formatMonth = (month: string, style: "short" | "long" = "long") => {
  const date = parseDate(`${month}-01`);
  return style === "short"
    ? MONTHS[date.getMonth()]
    : `${LONG_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
};

export { formatNumber };

/** A decimal quantity as text ('1234.5' → '1,234.5'): miles, hours, gallons. */
export const formatQuantity = (value: string) => formatNumber(Number(value), 2);

/** An instant as local 'MM/DD/YYYY, h:mm:ss AM', the en-US default of toLocaleString. */
export function formatLocalDateTime(date: Date) {
  const hours = date.getHours() % 12 || 12;
  const period = date.getHours() < 12 ? "AM" : "PM";
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}, ${hours}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${period}`;
}

/** An instant as local 'November 5, 2026 at 3:07 PM', toLocaleString's en-US dateStyle long, timeStyle short. */
export function formatLongDateTime(date: Date) {
  const hours = date.getHours() % 12 || 12;
  const period = date.getHours() < 12 ? "AM" : "PM";
  return `${LONG_MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} at ${hours}:${pad(date.getMinutes())} ${period}`;
}

/** Today as YYYY-MM-DD in the browser's own time zone. */
export const todayIso = (now = new Date()) => isoDay(now);

/** Money with two decimals; a negative amount (a discount line) reads "-$50.00". */
export const formatMoney = (value: string | number | null | undefined) => {
  const n = Number(value ?? 0);
  return `${n < 0 ? "-" : ""}$${formatNumber(Math.abs(n), 2, true)}`;
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
