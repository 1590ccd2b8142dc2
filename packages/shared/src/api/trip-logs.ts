import { z } from "zod";
import { EXPENSE_TYPES } from "../constants";
import type { TTripLog } from "../schemas/trip-log";
import type { Assert, Same } from "./check";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";
import { dayParam, sortParams, ZCursorParams, ZPageParams } from "./paging";

export const ZTripLogResponse = z.object({
  id: ZId,
  tripDate: ZDay,
  dispatchId: ZId.nullable(),
  startLocation: z.string(),
  endLocation: z.string(),
  miles: ZDecimal,
  hours: ZDecimal,
  waitHours: ZDecimal,
  standbyHours: ZDecimal,
  overnight: z.boolean(),
  noGo: z.boolean(),
  notes: z.string().nullable(),
  pevoName: z.string().describe("Who logged it: a dispatch may be reassigned after a trip was recorded"),
  jobNumber: z.string().nullable(),
  expenses: z.array(z.object({ id: ZId, type: z.enum(EXPENSE_TYPES), amount: ZDecimal })),
  createdAt: ZTimestamp,
  revision: ZId.describe(
    "Which save the entry holds: send it as If-Match with an edit to refuse a change made meanwhile (409)",
  ),
  paySettled: z
    .boolean()
    .describe(
      "Its job's pay is in an approved or paid settlement: the entry is locked, its PEVO's edit and delete answer 409 (the office corrects the pay with an adjustment)",
    ),
});
type _TripLog = Assert<Same<z.output<typeof ZTripLogResponse>, TTripLog>>;

/** GET /api/portal/trip-logs: a keyset page of the PEVO's trip log, newest trip first. */
export const ZPortalTripLogListQuery = ZCursorParams.extend({
  tripFrom: dayParam("tripFrom").describe("Trips on or after this day (YYYY-MM-DD)"),
  tripTo: dayParam("tripTo").describe("Trips on or before this day (YYYY-MM-DD)"),
}).refine((q) => !q.tripFrom || !q.tripTo || q.tripFrom <= q.tripTo, {
  message: "tripFrom must be on or before tripTo",
  path: ["tripTo"],
});
export type TPortalTripLogListQuery = z.output<typeof ZPortalTripLogListQuery>;

/** GET /api/dispatches/:dispatchId/trip-logs: an offset page of one dispatch's trips. */
export const ZDispatchTripLogListQuery = ZPageParams.extend(
  sortParams(["tripDate"], "tripDate", "desc").shape,
);
export type TDispatchTripLogListQuery = z.output<typeof ZDispatchTripLogListQuery>;
/** The sums over every trip of the dispatch (not just the page), exact decimals. */
export const ZTripLogTotals = z
  .object({ miles: ZDecimal, hours: ZDecimal, expenses: ZDecimal })
  .describe("Sums over every trip of the dispatch, on every page");
