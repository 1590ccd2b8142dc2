import { z } from "zod";
import { ZDay, ZId } from "./common";

/** The longest window one calendar request may cover (a 42-day month grid fits; years do not). */
export const CALENDAR_MAX_DAYS = 62;
/** At most this many pickups per day (the first by time, then id); `days` says how many there are. */
export const CALENDAR_PICKUPS_PER_DAY = 4;
/**
 * At most this many rate confirmation spans per day they start on in the window (a span that began
 * before `from` counts on `from`); `days` says how many there are.
 */
export const CALENDAR_SPANS_PER_DAY = 3;

/**
 * GET /api/calendar: pickups, rate confirmation spans and certification expiries between two dates.
 * Bounded whatever the data: at most {@link CALENDAR_PICKUPS_PER_DAY} pickups and
 * {@link CALENDAR_SPANS_PER_DAY} spans per day, with each day's totals in `days` ("+N more").
 */
export const ZCalendarResponse = z.object({
  dispatches: z.array(
    z.object({
      id: ZId,
      date: ZDay,
      time: z.string().describe("HH:MM"),
      status: z.string().describe("A dispatch status"),
      driverName: z.string(),
      jobNumber: z.string().nullable(),
      pevoName: z.string().nullable(),
      position: z
        .string()
        .nullable()
        .describe("The position the dispatch fills ('Lead Car'), when it names one"),
    }),
  ),
  rateConfirmations: z.array(z.object({ id: ZId, jobNumber: z.string(), startDate: ZDay, endDate: ZDay })),
  certificationExpiries: z
    .array(z.object({ id: ZId, date: ZDay.nullable(), pevoName: z.string() }))
    .describe("Driver's licence expiries"),
  credentialExpiries: z
    .array(
      z.object({
        kind: z.enum(["licence", "certification", "insurance"]),
        id: ZId.describe("The certification's or the policy's id"),
        pevoId: ZId,
        pevoName: z.string(),
        label: z.string().describe("'TX certification', 'Auto liability insurance'"),
        date: ZDay,
      }),
    )
    .describe("The current state certifications and insurance policies of active PEVOs expiring in range"),
  days: z
    .array(
      z.object({
        date: ZDay,
        dispatches: z.number().int().describe("Pickups on this day (all of them, not only those returned)"),
        rateConfirmations: z
          .number()
          .int()
          .describe("Rate confirmation spans whose first day in the window is this day (all of them)"),
      }),
    )
    .describe("The days with a pickup or a span starting, by date, with their totals"),
});
export type TCalendar = z.output<typeof ZCalendarResponse>;
