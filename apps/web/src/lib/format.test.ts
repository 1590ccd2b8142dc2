import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  formatDate,
  formatLocalDateTime,
  formatLongDateTime,
  formatLongToday,
  formatMoney,
  formatMonth,
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

// The fixed en-US formats are written without Intl (format.ts says why): each must print what
// toLocaleString("en-US") prints.
describe("en-US formats without Intl", () => {
  test("money matches toLocaleString (two decimals, grouped)", () => {
    expect(formatMoney("1234.5")).toBe("$1,234.50");
    expect(formatMoney(-50)).toBe("-$50.00");
    expect(formatMoney(null)).toBe("$0.00");
    expect(formatMoney("1.005")).toBe("$1.01");
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const value = cents / 100;
        const expected = Math.abs(value).toLocaleString("en-US", {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(formatMoney(value)).toBe(`${value < 0 ? "-" : ""}$${expected}`);
      }),
      { numRuns: 1000 },
    );
  });

  test("dates match toLocaleDateString / toLocaleString", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (d) => {
          expect(formatLongToday(d)).toBe(
            d.toLocaleDateString("en-US", {
              weekday: "long",
              year: "numeric",
              month: "long",
              day: "numeric",
            }),
          );
          const month = isoDay(d).slice(0, 7);
          expect(formatMonth(month)).toBe(d.toLocaleDateString("en-US", { month: "long", year: "numeric" }));
          expect(formatMonth(month, "short")).toBe(d.toLocaleDateString("en-US", { month: "short" }));
          // ICU puts a narrow no-break space before AM / PM; a plain one reads the same.
          expect(formatLocalDateTime(d)).toBe(d.toLocaleString("en-US").replace("\u202f", " "));
          const long = d.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" });
          expect(formatLongDateTime(d)).toBe(long.replace("\u202f", " "));
        },
      ),
    );
  });
});
