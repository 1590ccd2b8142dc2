import { z } from "zod";
import { ACTIVITY_STATUSES, DISPATCH_STATUSES } from "../constants";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";

/** GET /api/dashboard: the admin dashboard. */
export const ZDashboardResponse = z.object({
  cards: z.object({
    activeJobs: z.number().int(),
    pevos: z.number().int(),
    pendingSignatures: z.number().int(),
    upcomingJobs: z.number().int(),
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
  activity: z.array(
    z.object({
      id: ZId,
      type: z.string().describe("An activity type"),
      status: z.enum(ACTIVITY_STATUSES).describe("success, pending or error"),
      message: z.string(),
      client: z.string().nullable(),
      job: z.string().nullable(),
      pevo: z.string().nullable(),
      amount: ZDecimal.nullable(),
      createdAt: ZTimestamp,
    }),
  ),
});
export type TDashboardResponse = z.output<typeof ZDashboardResponse>;
