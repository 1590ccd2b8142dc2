import { z } from "zod";
import { DISPATCH_STATUSES, INVOICE_STATUSES, POSITION_TYPE_KEYS } from "../constants";
import type { TDispatch, TDispatchListItem } from "../schemas/dispatch";
import type { Assert, Same } from "./check";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";
import { ZCoverage } from "./coverage";
import { ZMailState } from "./mail";
import {
  boolParam,
  dayParam,
  idFilterParam,
  listParam,
  searchParam,
  sortParams,
  ZPageParams,
} from "./paging";
import { ZLoadDetailsResponse } from "./rate-confirmations";

export const ZDispatchListItem = z.object({
  id: ZId,
  driverName: z.string(),
  pickupDate: ZDay,
  pickupTime: z.string().describe("HH:MM"),
  status: z.enum(DISPATCH_STATUSES),
  pevoId: ZId.nullable(),
  pevoName: z.string().nullable(),
  rateConfirmationId: ZId.nullable(),
  jobNumber: z.string().nullable(),
  positionType: z.enum(POSITION_TYPE_KEYS).nullable(),
  positionName: z.string().nullable(),
  coverage: ZCoverage.nullable().describe("The coverage of the dispatch's rate confirmation"),
  createdAt: ZTimestamp,
  invoices: z.array(z.object({ id: ZId, invoiceNumber: z.string() })).describe("The dispatch's invoices"),
});
type _ListItem = Assert<Same<z.output<typeof ZDispatchListItem>, TDispatchListItem>>;

/** The columns the dispatch list sorts by (`sort=`); pickupDate sorts by date, then time. */
export const DISPATCH_SORTS = [
  "pickupDate",
  "driverName",
  "pevoName",
  "status",
  "jobNumber",
  "createdAt",
] as const;
export type DispatchSort = (typeof DISPATCH_SORTS)[number];

/** The filters and sort of the dispatch list and of its CSV export. */
export const ZDispatchFilters = sortParams(DISPATCH_SORTS, "pickupDate", "desc").extend({
  status: listParam("status", DISPATCH_STATUSES),
  pickupFrom: dayParam("pickupFrom"),
  pickupTo: dayParam("pickupTo"),
  pevoId: idFilterParam("pevoId").describe("Dispatches of one PEVO"),
  clientId: idFilterParam("clientId").describe("Dispatches whose rate confirmation is for one client"),
  unassigned: boolParam("unassigned").describe("true: only dispatches without a PEVO"),
  q: searchParam("job number or driver name"),
});
export type TDispatchFilters = z.output<typeof ZDispatchFilters>;

/** `GET /api/dispatches`: a page of the filtered, sorted list. */
export const ZDispatchListQuery = ZPageParams.extend(ZDispatchFilters.shape);
export type TDispatchListQuery = z.output<typeof ZDispatchListQuery>;

export const ZDispatchResponse = z.object({
  id: ZId,
  rateConfirmationId: ZId.nullable(),
  pevoId: ZId.nullable(),
  pevoName: z.string().nullable(),
  driverName: z.string(),
  driverPhone: z.string(),
  driverCompany: z.string().nullable(),
  pickupDate: ZDay,
  pickupTime: z.string().describe("HH:MM"),
  notes: z.string().nullable(),
  status: z.enum(DISPATCH_STATUSES),
  positionType: z.enum(POSITION_TYPE_KEYS).nullable().describe("The rate confirmation position it fills"),
  positionName: z.string().nullable().describe("The custom position's name"),
  createdAt: ZTimestamp,
  alertMail: ZMailState.nullable().describe("Where the PEVO's latest dispatch alert stands"),
  hasInvoices: z.boolean(),
  invoices: z
    .array(
      z.object({
        id: ZId,
        invoiceNumber: z.string(),
        status: z.enum(INVOICE_STATUSES),
        total: ZDecimal,
        overdue: z.boolean().describe("Computed: open, a balance left, due before the company's today"),
      }),
    )
    .describe("The dispatch's invoices, oldest first"),
  rateConfirmation: z
    .object({
      id: ZId,
      jobNumber: z.string(),
      clientId: ZId,
      clientName: z.string(),
      originAddress: z.string(),
      destinationAddress: z.string(),
      startDate: ZDay,
      description: z.string(),
      standardRates: z
        .object({
          minimumDailyRate: ZDecimal,
          mileageRate: ZDecimal,
          overnightRate: ZDecimal,
          noGoRate: ZDecimal,
          detentionRate: ZDecimal,
          detentionThreshold: z.number().int(),
        })
        .nullable(),
      positions: z.array(
        z.object({
          positionType: z.enum(POSITION_TYPE_KEYS),
          customName: z.string().nullable(),
          pevoId: ZId.nullable(),
        }),
      ),
      loadDetails: ZLoadDetailsResponse,
    })
    .nullable(),
});
type _Dispatch = Assert<Same<z.output<typeof ZDispatchResponse>, TDispatch>>;
