import { z } from "zod";
import { ACTIVITY_STATUSES, DISPATCH_STATUSES, PEVO_STATUSES, POSITION_TYPE_KEYS } from "../constants";
import { ZDay, ZId, ZTimestamp } from "./common";
import { dayParam, ZCursorParams } from "./paging";
import { ZLoadDetailsResponse } from "./rate-confirmations";

/** A dispatch in the PEVO portal's lists. */
export const ZPortalDispatchListItem = z.object({
  id: ZId,
  pickupDate: ZDay,
  pickupTime: z.string().describe("HH:MM"),
  status: z.enum(DISPATCH_STATUSES).describe("A dispatch status"),
  driverName: z.string(),
  jobNumber: z.string().nullable(),
  originAddress: z.string().nullable(),
  destinationAddress: z.string().nullable(),
  position: z.string().nullable().describe("The position the dispatch fills, e.g. Lead Car"),
});
export type TPortalDispatchListItem = z.output<typeof ZPortalDispatchListItem>;

export const PORTAL_WHEN = ["upcoming", "past"] as const;
export type PortalWhen = (typeof PORTAL_WHEN)[number];

/**
 * GET /api/portal/dispatches: a keyset page of the PEVO's own dispatches. `when=upcoming` (pickup
 * on or after `today`, soonest first), `when=past` (before `today`, latest first) or neither (all,
 * latest first); `pickupFrom` / `pickupTo` bound the pickup date (inclusive).
 */
export const ZPortalDispatchListQuery = ZCursorParams.extend({
  when: z
    .enum(PORTAL_WHEN, { message: "when must be upcoming or past" })
    .optional()
    .describe("upcoming: pickup today or later, soonest first; past: before today, latest first"),
  today: dayParam("today").describe("The caller's today (YYYY-MM-DD); the server's by default"),
  pickupFrom: dayParam("pickupFrom").describe("Pickup on or after this day (YYYY-MM-DD)"),
  pickupTo: dayParam("pickupTo").describe("Pickup on or before this day (YYYY-MM-DD)"),
}).refine((q) => !q.pickupFrom || !q.pickupTo || q.pickupFrom <= q.pickupTo, {
  message: "pickupFrom must be on or before pickupTo",
  path: ["pickupTo"],
});
export type TPortalDispatchListQuery = z.output<typeof ZPortalDispatchListQuery>;

/** GET /api/portal/dispatches/:id: what a PEVO needs on the road. */
export const ZPortalDispatchResponse = ZPortalDispatchListItem.extend({
  driverPhone: z.string(),
  driverCompany: z.string().nullable(),
  notes: z.string().nullable(),
  description: z.string().nullable(),
  clientName: z.string().nullable(),
  position: z.string().nullable().describe("The caller's position(s) on the job, e.g. Lead Car"),
  positionTypes: z.array(z.enum(POSITION_TYPE_KEYS)).describe("The caller's position types on the job"),
  loadDetails: ZLoadDetailsResponse.nullable().describe("The job's load details; null without a job"),
});
export type TPortalDispatch = z.output<typeof ZPortalDispatchResponse>;

/** GET /api/portal/dashboard: the PEVO's own figures. */
export const ZPortalDashboardResponse = z.object({
  cards: z.object({
    upcomingJobs: z.number().int(),
    completedJobs: z.number().int(),
    profileStatus: z.enum(PEVO_STATUSES).describe("active or inactive"),
  }),
  upcomingJobs: z.array(ZPortalDispatchListItem),
  activity: z.array(
    z.object({
      id: ZId,
      type: z.string(),
      status: z.enum(ACTIVITY_STATUSES),
      message: z.string(),
      createdAt: ZTimestamp,
    }),
  ),
});
export type TPortalDashboard = z.output<typeof ZPortalDashboardResponse>;
