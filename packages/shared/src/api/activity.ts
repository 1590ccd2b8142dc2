import { z } from "zod";
import { ACTIVITY_STATUSES, ACTIVITY_TYPES } from "../constants";
import { ZDecimal, ZId, ZTimestamp } from "./common";
import { cursorPage, listParam, ZCursorParams } from "./paging";

/** An event of the company's activity log (the dashboard's recent list and GET /api/activity). */
export const ZActivityItem = z.object({
  id: ZId,
  type: z.string().describe("An activity type"),
  status: z.enum(ACTIVITY_STATUSES).describe("success, pending or error"),
  message: z.string(),
  client: z.string().nullable(),
  job: z.string().nullable(),
  pevo: z.string().nullable(),
  amount: ZDecimal.nullable(),
  createdAt: ZTimestamp,
});
export type TActivityItemResponse = z.output<typeof ZActivityItem>;

/** GET /api/activity: newest first, read front to back (`cursor` = the previous page's nextCursor). */
export const ZActivityQuery = ZCursorParams.extend({
  type: listParam("type", ACTIVITY_TYPES),
});
export type TActivityQuery = z.output<typeof ZActivityQuery>;

export const ZActivityPage = cursorPage(ZActivityItem);
