import { z } from "zod";
import { ZDay, ZId } from "./common";

/** GET /api/calendar: pickups, rate confirmation spans and certification expiries between two dates. */
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
    }),
  ),
  rateConfirmations: z.array(z.object({ id: ZId, jobNumber: z.string(), startDate: ZDay, endDate: ZDay })),
  certificationExpiries: z.array(z.object({ id: ZId, date: ZDay.nullable(), pevoName: z.string() })),
});
export type TCalendar = z.output<typeof ZCalendarResponse>;
