import { describe, expect, test } from "vitest";
import {
  formatDate,
  formatShortDate,
  formatZonedTime,
  isoDay,
  monthDay,
  parseDate,
  shiftIsoDay,
  todayIso,
} from "./format";

describe("formatZonedTime", () => {
  test("shows the instant in the given zone with its abbreviation, whatever the runtime's zone", () => {
    expect(formatZonedTime("2026-11-23T12:05:00Z", "America/Chicago")).toBe("Nov 23, 6:05 AM CST");
    expect(formatZonedTime("2026-07-01T00:05:00Z", "America/Los_Angeles")).toBe("Jun 30, 5:05 PM PDT");
  });

  test("a zone without an abbreviation shows its offset", () => {
    expect(formatZonedTime("2026-07-01T00:05:00Z", "Asia/Kolkata")).toBe("Jul 1, 5:35 AM GMT+5:30");
  });
});

describe("calendar dates", () => {
  test("print in the app's formats, whatever the runtime's zone", () => {
    expect(formatDate("2025-01-05")).toBe("Jan 05, 2025");
    expect(formatDate("2026-12-31T23:00:00Z")).toBe("Dec 31, 2026");
    expect(formatShortDate("2025-01-05")).toBe("01/05/2025");
    expect(formatDate(null)).toBe("");
    expect(monthDay(parseDate("2026-03-08"))).toBe("Mar 8");
    expect(monthDay(parseDate("2027-03-08"), true)).toBe("Mar 8, 2027");
  });

  test("a day shifted and printed back is the calendar day, across months, years and DST", () => {
    expect(shiftIsoDay("2026-03-07", 1)).toBe("2026-03-08");
    expect(shiftIsoDay("2026-03-08", 1)).toBe("2026-03-09");
    expect(shiftIsoDay("2026-11-01", 1)).toBe("2026-11-02");
    expect(shiftIsoDay("2026-12-15", 30)).toBe("2027-01-14");
    expect(shiftIsoDay("2024-03-15", -30)).toBe("2024-02-14");
    expect(isoDay(parseDate("0099-01-02"))).toBe("0099-01-02");
  });

  test("today is the local calendar day", () => {
    expect(todayIso(new Date(2026, 0, 9, 23, 59))).toBe("2026-01-09");
  });
});
