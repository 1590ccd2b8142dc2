import { z } from "zod";
import { ACTIVITY_STATUSES, DISPATCH_STATUSES, PEVO_STATUSES } from "../constants";
import { ZDay, ZId, ZTimestamp } from "./common";

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
});
export type TPortalDispatchListItem = z.output<typeof ZPortalDispatchListItem>;

/** GET /api/portal/dispatches/:id: what a PEVO needs on the road. */
export const ZPortalDispatchResponse = ZPortalDispatchListItem.extend({
  driverPhone: z.string(),
  driverCompany: z.string().nullable(),
  notes: z.string().nullable(),
  description: z.string().nullable(),
  clientName: z.string().nullable(),
  position: z.string().nullable().describe("The caller's position(s) on the job, e.g. Lead Car"),
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
