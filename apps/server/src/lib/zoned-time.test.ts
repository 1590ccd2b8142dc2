/**
 * Wall-clock ↔ UTC in the company's zone: round trips away from daylight-saving transitions (property
 * tests over several zones, half-hour and no-DST ones included) and the rule at the transitions.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zonedDate, zonedTimeToUtc, zoneOffsetMs } from "./zoned-time";

const ZONES = [
  "America/Chicago",
  "America/New_York",
  "America/Phoenix",
  "America/St_Johns",
  "Europe/London",
  "Asia/Kolkata",
  "Australia/Lord_Howe",
  "Pacific/Auckland",
  "UTC",
];
const HOUR = 3600_000;
const MINUTE = 60_000;

/** The wall-clock date and time (HH:MM) of a minute-aligned instant in a zone. */
function wallClock(timeZone: string, instant: number) {
  const local = new Date(instant + zoneOffsetMs(timeZone, instant)).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** True when the zone's offset is the same for a day around the instant (no transition near it). */
const steady = (timeZone: string, instant: number) =>
  zoneOffsetMs(timeZone, instant - 24 * HOUR) === zoneOffsetMs(timeZone, instant + 24 * HOUR);

const minutes = fc
  .integer({ min: Date.UTC(2000, 0, 1) / MINUTE, max: Date.UTC(2040, 0, 1) / MINUTE })
  .map((m) => m * MINUTE);

describe("zonedTimeToUtc and zonedDate", () => {
  it("round-trip UTC → local → UTC away from transitions", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), minutes, (timeZone, instant) => {
        fc.pre(steady(timeZone, instant));
        const { date, time } = wallClock(timeZone, instant);
        expect(zonedTimeToUtc(date, time, timeZone).getTime()).toBe(instant);
        expect(zonedDate(timeZone, new Date(instant))).toBe(date);
      }),
    );
  });

  it("round-trip local → UTC → local away from transitions", () => {
    const days = fc.date({ min: new Date("2000-01-01"), max: new Date("2039-12-31"), noInvalidDate: true });
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        days,
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (timeZone, day, hh, mm) => {
          const date = day.toISOString().slice(0, 10);
          const time = `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}`;
          const instant = zonedTimeToUtc(date, time, timeZone).getTime();
          fc.pre(steady(timeZone, instant));
          expect(wallClock(timeZone, instant)).toEqual({ date, time });
        },
      ),
    );
  });

  it("moves a time skipped by spring-forward ahead by the gap", () => {
    // Chicago, 8 March 2026: 02:00 CST → 03:00 CDT; Lord Howe, 4 October 2026: 02:00 → 02:30.
    expect(zonedTimeToUtc("2026-03-08", "02:30", "America/Chicago").toISOString()).toBe(
      "2026-03-08T08:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-10-04", "02:15", "Australia/Lord_Howe").toISOString()).toBe(
      "2026-10-03T15:45:00.000Z",
    );
  });

  it("takes the first occurrence of a time repeated at fall-back", () => {
    // Chicago, 1 November 2026: 01:30 CDT (06:30Z), then 01:30 CST (07:30Z).
    expect(zonedTimeToUtc("2026-11-01", "01:30", "America/Chicago").toISOString()).toBe(
      "2026-11-01T06:30:00.000Z",
    );
    // Lord Howe, 5 April 2026: 01:45 at +11:00 (14:45Z), then at +10:30 (15:15Z).
    expect(zonedTimeToUtc("2026-04-05", "01:45", "Australia/Lord_Howe").toISOString()).toBe(
      "2026-04-04T14:45:00.000Z",
    );
  });
});
