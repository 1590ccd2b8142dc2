import { z } from "zod";
import {
  POSITION_TYPE_KEYS,
  RATE_UNIT_KEYS,
  SIGNATURE_REQUEST_STATUSES,
  SIGNATURE_STATUSES,
} from "../constants";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";
import { ZLetterhead } from "./company";
import { ZMailState } from "./mail";
import { ZAdditionalRatesResponse, ZLoadDetailsResponse } from "./rate-confirmations";

/**
 * A rate confirmation exactly as a client is asked to sign it: the company's letterhead and every
 * term. Its canonical JSON is what the signature's SHA-256 covers. PEVO names are not terms and are
 * left out (assigning a PEVO does not need a new signature).
 */
export const ZRateConfirmationDocument = z.object({
  version: z.literal(1),
  company: ZLetterhead,
  jobNumber: z.string(),
  clientName: z.string(),
  originAddress: z.string(),
  destinationAddress: z.string(),
  startDate: ZDay,
  endDate: ZDay.nullable(),
  description: z.string(),
  additionalTerms: z.string().nullable(),
  standardRates: z.object({
    minimumDailyRate: ZDecimal,
    mileageRate: ZDecimal,
    overnightRate: ZDecimal,
    noGoRate: ZDecimal,
    detentionRate: ZDecimal,
    detentionThreshold: z.number().int(),
  }),
  customRates: z.array(z.object({ name: z.string(), amount: ZDecimal, unit: z.enum(RATE_UNIT_KEYS) })),
  positions: z.array(
    z.object({ positionType: z.enum(POSITION_TYPE_KEYS), customName: z.string().nullable() }),
  ),
  /**
   * The load details, part of the terms: editing them voids a signature. Absent when
   * none are filled in, so a document without them (and every one signed before they existed)
   * keeps its serialization and hash.
   */
  loadDetails: ZLoadDetailsResponse.optional(),
  /** The additional rate kinds, absent when none is set (the same rule as the load details). */
  additionalRates: ZAdditionalRatesResponse.optional(),
});
export type TRateConfirmationDocument = z.output<typeof ZRateConfirmationDocument>;

/** One signature request, as the office sees it. */
export const ZSignatureRequest = z.object({
  id: ZId,
  status: z.enum(SIGNATURE_REQUEST_STATUSES),
  signerName: z.string(),
  signerEmail: z.string(),
  sentAt: ZTimestamp,
  expiresAt: ZTimestamp,
  expired: z.boolean().describe("Open (awaiting or viewed) and past its expiry"),
  viewedAt: ZTimestamp.nullable(),
  remindedAt: ZTimestamp.nullable(),
  signedAt: ZTimestamp.nullable(),
  signedName: z.string().nullable(),
  declinedAt: ZTimestamp.nullable(),
  declineReason: z.string().nullable(),
  closedAt: ZTimestamp.nullable().describe("When it was voided by an edit or canceled"),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  contentHash: z.string().describe("SHA-256 (hex) of the canonical JSON of the document sent"),
  mail: ZMailState.nullable().describe("Where the request's email stands"),
  signedCopyMail: ZMailState.nullable().describe("Where the signed copy's email stands (once signed)"),
});
export type TSignatureRequest = z.output<typeof ZSignatureRequest>;

/** A rate confirmation's signature: its state and every request, newest first. */
export const ZRateConfirmationSignature = z.object({
  state: z.enum([...SIGNATURE_STATUSES, "expired"]),
  requests: z.array(ZSignatureRequest),
});
export type TRateConfirmationSignature = z.output<typeof ZRateConfirmationSignature>;

/** The answer to "send for signature": the request, and whether its email went out. */
export const ZSignatureSent = z.object({
  signature: ZRateConfirmationSignature,
  mailSent: z.boolean().describe("False when the email could not be sent: the link exists, send again"),
});

/** The public signing page's content (`/sign/{token}`): that one document and nothing else. */
export const ZSigningPage = z.object({
  state: z.enum(["open", "signed", "declined"]),
  document: ZRateConfirmationDocument,
  signerName: z.string(),
  signerEmail: z.string(),
  expiresAt: ZTimestamp,
  signedAt: ZTimestamp.nullable(),
  signedName: z.string().nullable(),
  declinedAt: ZTimestamp.nullable(),
  contentHash: z.string(),
});
export type TSigningPage = z.output<typeof ZSigningPage>;

/** The answer to Sign: the page, and whether the signed copy went out by email. */
export const ZSignedPage = ZSigningPage.extend({
  mailSent: z
    .boolean()
    .describe(
      "False when the signed copy could not be emailed: the signature stands, download it from the link",
    ),
});
export type TSignedPage = z.output<typeof ZSignedPage>;
