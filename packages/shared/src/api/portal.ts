import { z } from "zod";
import { ZDay, ZId, ZTimestamp } from "./common";

/** A dispatch in the PEVO portal's lists. */
export const ZPortalDispatchListItem = z.object({
  id: ZId,
  pickupDate: ZDay,
  pickupTime: z.string().describe("HH:MM"),
  status: z.string().describe("A dispatch status"),
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
    profileStatus: z.string().describe("active or inactive"),
  }),
  upcomingJobs: z.array(ZPortalDispatchListItem),
  activity: z.array(
    z.object({
      id: ZId,
      type: z.string(),
      status: z.string(),
      message: z.string(),
      createdAt: ZTimestamp,
    }),
  ),
});
export type TPortalDashboard = z.output<typeof ZPortalDashboardResponse>;
