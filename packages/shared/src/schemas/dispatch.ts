import { z } from "zod";
import type { TMailState } from "../api/mail";
import { DISPATCH_STATUSES, type DispatchStatus, type InvoiceStatus, type PositionType } from "../constants";
import { TEXT_LIMITS } from "../limits";
import { toE164 } from "../phone";
import {
  allowConflictField,
  dispatchPositionFields,
  qualificationOverrideField,
  type TCoverage,
} from "./dispatch-position";
import { boundedText, dateInWindow, plainText, requiredText, tooLongMessage } from "./fields";
import type { TLoadDetails } from "./load-details";

const optionalId = (message: string) =>
  z
    .union([z.literal(""), z.uuid({ message })])
    .nullish()
    .transform((v) => (v ? v : null));

/** SPEC §9: 'Earliest pickup date 1900-01-01' (the spec's bound wins over DATE_LIMITS.earliest). */
export const EARLIEST_PICKUP_DATE = "1900-01-01";

/** SPEC §9: a driver phone has at least 10 characters; junk like "abcdefghij" needs 10 digits too. */
export const MIN_PHONE_DIGITS = 10;

/** The dispatch form (SPEC §5). */
export const ZDispatch = z.object({
  rateConfirmationId: optionalId("Choose a rate confirmation from the list"),
  pevoId: optionalId("Choose a PEVO from the list"),
  driverName: requiredText("Driver name is required", "Driver name", TEXT_LIMITS.name),
  driverPhone: z
    .string({ error: "Valid phone number is required" })
    .trim()
    .min(10, { message: "Valid phone number is required" })
    .max(TEXT_LIMITS.phone, { message: tooLongMessage("Driver phone", TEXT_LIMITS.phone) })
    .refine(...plainText("Driver phone"))
    .refine((v) => v.replace(/\D/g, "").length >= MIN_PHONE_DIGITS, {
      message: "Valid phone number is required",
    })
    // Parsed (US / Canada by default) and stored in E.164: DECISIONS 'Phone numbers'.
    .refine((v) => toE164(v) !== null, { message: "Valid phone number is required" })
    .transform((v) => toE164(v) ?? v),
  driverCompany: boundedText("Driver company", TEXT_LIMITS.name),
  pickupDate: dateInWindow("Pickup date is required", "Pickup date", {
    earliest: EARLIEST_PICKUP_DATE,
    earliestMessage: "Pickup date is required",
  }),
  pickupTime: z
    .string({ error: "Pickup time is required" })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "Pickup time is required" }),
  notes: boundedText("Notes", TEXT_LIMITS.longText, "multi"),
  status: z.enum(DISPATCH_STATUSES).default("pending"),
  ...dispatchPositionFields,
  ...allowConflictField,
  ...qualificationOverrideField,
});
export type TDispatchInput = z.input<typeof ZDispatch>;
export type TDispatchData = z.output<typeof ZDispatch>;

export type TDispatchListItem = {
  id: string;
  driverName: string;
  pickupDate: string;
  pickupTime: string;
  status: DispatchStatus;
  pevoId: string | null;
  pevoName: string | null;
  rateConfirmationId: string | null;
  jobNumber: string | null;
  positionType: PositionType | null;
  positionName: string | null;
  /** The coverage of the dispatch's rate confirmation (null: none, or it has no positions). */
  coverage: TCoverage | null;
  createdAt: string;
  /** The dispatch's invoices (oldest first), for links in the row menu. */
  invoices: { id: string; invoiceNumber: string }[];
};

export type TDispatch = Omit<TDispatchData, "allowConflict" | "qualificationOverride"> & {
  id: string;
  pevoName: string | null;
  createdAt: string;
  /** Where the PEVO's latest dispatch alert stands (api/mail.ts); null when none was queued. */
  alertMail: TMailState | null;
  hasInvoices: boolean;
  /** The dispatch's invoices, oldest first (overdue: computed, as in the invoice list). */
  invoices: { id: string; invoiceNumber: string; status: InvoiceStatus; total: string; overdue: boolean }[];
  rateConfirmation: {
    id: string;
    jobNumber: string;
    clientId: string;
    clientName: string;
    originAddress: string;
    destinationAddress: string;
    startDate: string;
    description: string;
    standardRates: {
      minimumDailyRate: string;
      mileageRate: string;
      overnightRate: string;
      noGoRate: string;
      detentionRate: string;
      detentionThreshold: number;
    } | null;
    positions: { positionType: PositionType; customName: string | null; pevoId: string | null }[];
    loadDetails: TLoadDetails;
  } | null;
};
