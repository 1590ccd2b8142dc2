import { z } from "zod";
import { DISPATCH_STATUSES } from "../constants";
import type { TBookingConflict, TCoverage } from "../schemas/dispatch-position";
import type { Assert, Same } from "./check";
import { ZDay, ZId } from "./common";
import { ZApiError } from "./error";

export const ZCoverage = z
  .object({
    covered: z.number().int().describe("Positions with a non-canceled dispatch that has a PEVO"),
    total: z.number().int().describe("The rate confirmation's positions"),
  })
  .describe("'2 of 3 positions dispatched'");
type _Coverage = Assert<Same<z.output<typeof ZCoverage>, TCoverage>>;

export const ZBookingConflict = z.object({
  kind: z
    .enum(["dispatch", "position"])
    .describe("A dispatch on the date, or a position on an overlapping job"),
  id: ZId.describe("The dispatch's or the rate confirmation's id"),
  pevoId: ZId,
  pevoName: z.string(),
  jobNumber: z.string().nullable(),
  client: z.string().nullable(),
  date: ZDay.describe("The pickup date, or the rate confirmation's start date"),
  endDate: ZDay.nullable().describe("The rate confirmation's end date"),
  status: z
    .enum(DISPATCH_STATUSES)
    .nullable()
    .describe("The other dispatch's status (pending, dispatched, completed); null for a position"),
});
type _Conflict = Assert<Same<z.output<typeof ZBookingConflict>, TBookingConflict>>;

/** 409 when a PEVO is already booked: resend with `allowConflict: true` to save anyway. */
export const ZBookingConflictError = ZApiError.extend({
  conflicts: z.array(ZBookingConflict).describe("The jobs the PEVO is already booked on"),
});
export type TBookingConflictError = z.output<typeof ZBookingConflictError>;

/** POST /api/rate-confirmations/{id}/dispatches: the new dispatches' ids, in the positions' order. */
export const ZDispatchBatchResponse = z.object({ ids: z.array(ZId) });
