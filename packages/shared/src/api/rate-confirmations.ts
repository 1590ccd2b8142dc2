import { z } from "zod";
import {
  POSITION_TYPES,
  type PositionType,
  RATE_UNITS,
  type RateUnit,
  SIGNATURE_STATUSES,
} from "../constants";
import type { TRateConfirmation, TRateConfirmationListItem } from "../schemas/rate-confirmation";
import type { Assert, Same } from "./check";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";

const positionTypes = Object.keys(POSITION_TYPES) as [PositionType, ...PositionType[]];
const rateUnits = Object.keys(RATE_UNITS) as [RateUnit, ...RateUnit[]];

export const ZRateConfirmationListItem = z.object({
  id: ZId,
  jobNumber: z.string(),
  originAddress: z.string(),
  destinationAddress: z.string(),
  startDate: ZDay,
  endDate: ZDay.nullable(),
  clientName: z.string(),
  positionsCount: z.number().int(),
  signatureStatus: z
    .enum([...SIGNATURE_STATUSES, "expired"])
    .describe("Not sent, awaiting signature, viewed, signed, declined, or expired (computed)"),
  canceledAt: ZTimestamp.nullable().describe("When it was canceled; null while active"),
  createdAt: ZTimestamp,
});
type _ListItem = Assert<Same<z.output<typeof ZRateConfirmationListItem>, TRateConfirmationListItem>>;

export const ZStandardRatesResponse = z.object({
  minimumDailyRate: ZDecimal,
  mileageRate: ZDecimal,
  overnightRate: ZDecimal,
  noGoRate: ZDecimal,
  detentionRate: ZDecimal,
  detentionThreshold: z.number().int().describe("Hours"),
});

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
  standardRates: ZStandardRatesResponse,
  customRates: z.array(z.object({ id: ZId, name: z.string(), amount: ZDecimal, unit: z.enum(rateUnits) })),
  positions: z.array(
    z.object({
      id: ZId,
      positionType: z.enum(positionTypes),
      customName: z.string().nullable(),
      pevoId: ZId.nullable(),
      pevoName: z.string().nullable(),
    }),
  ),
});
type _RateConfirmation = Assert<Same<z.output<typeof ZRateConfirmationResponse>, TRateConfirmation>>;

/** GET /api/rate-confirmations/next-job-number */
export const ZNextJobNumberResponse = z.object({ jobNumber: z.string().describe("RC-YYYYMMDD-###") });
