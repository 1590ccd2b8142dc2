import { z } from "zod";
import {
  DISPATCH_STATUSES,
  POSITION_TYPE_KEYS,
  RATE_UNIT_KEYS,
  SIGNATURE_STATUSES,
  US_STATES,
} from "../constants";
import type { TAdditionalRates } from "../schemas/additional-rates";
import type { TLoadDetails } from "../schemas/load-details";
import type { TRateConfirmation, TRateConfirmationListItem } from "../schemas/rate-confirmation";
import type { Assert, Same } from "./check";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";
import { ZCoverage } from "./coverage";
import {
  boolParam,
  dayParam,
  idFilterParam,
  offsetPage,
  searchParam,
  sortParams,
  ZPageParams,
} from "./paging";

export const ZRateConfirmationListItem = z.object({
  id: ZId,
  jobNumber: z.string(),
  originAddress: z.string(),
  destinationAddress: z.string(),
  startDate: ZDay,
  endDate: ZDay.nullable(),
  clientName: z.string(),
  positionsCount: z.number().int(),
  coverage: ZCoverage,
  signatureStatus: z
    .enum([...SIGNATURE_STATUSES, "expired"])
    .describe("Not sent, awaiting signature, viewed, signed, declined, or expired (computed)"),
  canceledAt: ZTimestamp.nullable().describe("When it was canceled; null while active"),
  createdAt: ZTimestamp,
});
type _ListItem = Assert<Same<z.output<typeof ZRateConfirmationListItem>, TRateConfirmationListItem>>;

export const RC_SORTS = ["startDate", "jobNumber", "clientName", "endDate", "createdAt"] as const;
export type RcSort = (typeof RC_SORTS)[number];

/**
 * GET /api/rate-confirmations: `?page=2&sort=startDate&dir=desc&clientId=…&startFrom=…&startTo=…&q=…`.
 * Active ones by default; `includeCanceled=true` adds the canceled ones, `canceled=true` shows only them.
 */
export const ZRateConfirmationListQuery = ZPageParams.extend(
  sortParams(RC_SORTS, "startDate", "desc").shape,
).extend({
  clientId: idFilterParam("clientId").describe("Only this client's"),
  startFrom: dayParam("startFrom").describe("Start date on or after (YYYY-MM-DD)"),
  startTo: dayParam("startTo").describe("Start date on or before (YYYY-MM-DD)"),
  q: searchParam("the job number, origin and destination"),
  includeCanceled: boolParam("includeCanceled").describe(
    "Also list the canceled ones (left out by default, e.g. in the dispatch picker)",
  ),
  canceled: boolParam("canceled").describe("Only the canceled ones"),
});
export type TRateConfirmationListQuery = z.output<typeof ZRateConfirmationListQuery>;

export const ZRateConfirmationPage = offsetPage(ZRateConfirmationListItem);

export const ZStandardRatesResponse = z.object({
  minimumDailyRate: ZDecimal,
  mileageRate: ZDecimal,
  overnightRate: ZDecimal,
  noGoRate: ZDecimal,
  detentionRate: ZDecimal,
  detentionThreshold: z.number().int().describe("Hours"),
});

/** The additional rate kinds as returned (null: not charged). */
export const ZAdditionalRatesResponse = z.object({
  deadheadRate: ZDecimal.nullable(),
  deadheadMiles: ZDecimal.nullable().describe("Miles"),
  perDiemRate: ZDecimal.nullable(),
  standbyRate: ZDecimal.nullable(),
  standbyThreshold: z.number().int().nullable().describe("Hours"),
  highPoleRate: ZDecimal.nullable(),
  mileageMinimum: ZDecimal.nullable().describe("Miles per day"),
  tollsAtCost: z.boolean(),
});
type _AdditionalRates = Assert<Same<z.output<typeof ZAdditionalRatesResponse>, TAdditionalRates>>;

/** A rate confirmation's load details as returned (dimensions in whole inches, weight in pounds). */
export const ZLoadDetailsResponse = z.object({
  description: z.string().nullable(),
  widthInches: z.number().int().nullable(),
  heightInches: z.number().int().nullable(),
  lengthInches: z.number().int().nullable(),
  weightPounds: z.number().int().nullable(),
  frontOverhangInches: z.number().int().nullable(),
  rearOverhangInches: z.number().int().nullable(),
  truckNumber: z.string().nullable(),
  trailerNumber: z.string().nullable(),
  cbChannel: z.number().int().nullable(),
  permits: z.array(z.object({ state: z.enum(US_STATES), number: z.string() })),
  routeDescription: z.string().nullable(),
  routeStates: z.array(z.enum(US_STATES)).describe("The states on the route, in driving order"),
});
type _LoadDetails = Assert<Same<z.output<typeof ZLoadDetailsResponse>, TLoadDetails>>;

export const ZRateConfirmationResponse = z.object({
  id: ZId,
  clientId: ZId,
  clientName: z.string(),
  jobNumber: z.string(),
  originAddress: z.string(),
  destinationAddress: z.string(),
  startDate: ZDay,
  endDate: ZDay.nullable(),
  description: z.string(),
  additionalTerms: z.string().nullable(),
  signatureStatus: z
    .enum([...SIGNATURE_STATUSES, "expired"])
    .describe("Not sent, awaiting signature, viewed, signed, declined, or expired (computed)"),
  canceledAt: ZTimestamp.nullable().describe("When it was canceled; null while active"),
  createdAt: ZTimestamp,
  coverage: ZCoverage,
  standardRates: ZStandardRatesResponse,
  additionalRates: ZAdditionalRatesResponse,
  customRates: z.array(
    z.object({ id: ZId, name: z.string(), amount: ZDecimal, unit: z.enum(RATE_UNIT_KEYS) }),
  ),
  positions: z.array(
    z.object({
      id: ZId,
      positionType: z.enum(POSITION_TYPE_KEYS),
      customName: z.string().nullable(),
      pevoId: ZId.nullable(),
      pevoName: z.string().nullable(),
      dispatched: z
        .boolean()
        .describe(
          "A non-canceled dispatch with a PEVO covers this position ('Create Dispatch' leaves it out)",
        ),
      coveredBy: z
        .object({ dispatchId: ZId, pevoName: z.string(), status: z.enum(DISPATCH_STATUSES) })
        .nullable()
        .describe("The dispatch that covers this position: its id, PEVO and status; null while open"),
    }),
  ),
  loadDetails: ZLoadDetailsResponse,
});
type _RateConfirmation = Assert<Same<z.output<typeof ZRateConfirmationResponse>, TRateConfirmation>>;

/** GET /api/rate-confirmations/next-job-number */
export const ZNextJobNumberResponse = z.object({ jobNumber: z.string().describe("RC-YYYYMMDD-###") });
