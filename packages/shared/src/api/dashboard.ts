import { z } from "zod";
import { DISPATCH_STATUSES } from "../constants";
import { ZActivityItem } from "./activity";
import { ZDay, ZDecimal, ZId } from "./common";

/** GET /api/dashboard: the admin dashboard. */
export const ZDashboardResponse = z.object({
  cards: z.object({
    activeJobs: z.number().int(),
    pevos: z.number().int(),
    pendingSignatures: z.number().int(),
    upcomingJobs: z.number().int(),
    uncoveredJobs: z
      .number()
      .int()
      .describe("Active rate confirmations in the next 7 days with a position no dispatch covers"),
    outstanding: ZDecimal.describe("The balance of every open invoice (sent, viewed, partially paid)"),
    overdue: ZDecimal.describe(
      "The part of it past due in the company's time zone (the computed overdue rule)",
    ),
  }),
  upcomingJobs: z.array(
    z.object({
      id: ZId,
      jobNumber: z.string().nullable(),
      client: z.string().nullable(),
      date: ZDay,
      status: z.enum(DISPATCH_STATUSES).describe("A dispatch status"),
      origin: z.string().nullable(),
      destination: z.string().nullable(),
      pevo: z.string().nullable(),
    }),
  ),
  activity: z.array(ZActivityItem).describe("The latest events (GET /api/activity pages through all)"),
});
export type TDashboardResponse = z.output<typeof ZDashboardResponse>;
