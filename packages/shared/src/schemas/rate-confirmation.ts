import { z } from "zod";
import { type DispatchStatus, POSITION_TYPE_KEYS, RATE_UNIT_KEYS, type SignatureState } from "../constants";
import { TEXT_LIMITS } from "../limits";
import { emptyLoadDetails } from "../load-details-display";
import { money } from "../money";
import { emptyAdditionalRates } from "../rate-kinds";
import { ZAdditionalRates } from "./additional-rates";
import { allowConflictField, qualificationOverrideField, type TCoverage } from "./dispatch-position";
import {
  boundedText,
  dateInWindow,
  documentNumber,
  optionalDateInWindow,
  plainText,
  requiredText,
  tooLongMessage,
} from "./fields";
import { ZLoadDetails } from "./load-details";

export const ZStandardRates = z.object({
  minimumDailyRate: money("Minimum daily rate is required"),
  mileageRate: money("Mileage rate is required"),
  overnightRate: money("Overnight rate is required"),
  noGoRate: money("No-go rate is required"),
  detentionRate: money("Detention rate is required"),
  detentionThreshold: z
    .union([z.string(), z.number()], { error: "Detention threshold is required" })
    .transform((v) => String(v).trim())
    .refine((v) => v !== "", { message: "Detention threshold is required" })
    .refine((v) => v === "" || /^\d{1,3}$/.test(v), { message: "Enter whole hours (0 or more)" })
    .transform((v) => Number(v)),
});

export const ZCustomRate = z.object({
  name: requiredText("Rate name is required", "Rate name", TEXT_LIMITS.label),
  amount: money("Rate amount is required"),
  unit: z.enum(RATE_UNIT_KEYS, { error: "Choose a unit" }),
});

export const ZPosition = z
  .object({
    positionType: z.enum(POSITION_TYPE_KEYS, { error: "Choose a position type" }),
    customName: z
      .string()
      .trim()
      .max(TEXT_LIMITS.label, { message: tooLongMessage("Custom position name", TEXT_LIMITS.label) })
      .refine(...plainText("Custom position name"))
      .nullish(),
    pevoId: z
      .union([z.literal(""), z.uuid({ message: "Choose a PEVO from the list" })])
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((p, ctx) => {
    if (p.positionType === "custom" && !p.customName) {
      ctx.addIssue({ code: "custom", path: ["customName"], message: "Custom position name is required" });
    }
  })
  .transform((p) => ({ ...p, customName: p.positionType === "custom" ? (p.customName ?? null) : null }));

export const ZRateConfirmation = z
  .object({
    clientId: z.uuid({ error: "Please select a client" }),
    jobNumber: documentNumber("Job number is required", "Job number"),
    originAddress: requiredText("Origin address is required", "Origin address", TEXT_LIMITS.address, 5),
    destinationAddress: requiredText(
      "Destination address is required",
      "Destination address",
      TEXT_LIMITS.address,
      5,
    ),
    startDate: dateInWindow("Start date is required", "Start date"),
    endDate: optionalDateInWindow("Enter a valid end date", "End date"),
    description: requiredText(
      "Please provide a detailed job description",
      "Description",
      TEXT_LIMITS.longText,
      10,
      "multi",
    ),
    additionalTerms: boundedText("Additional terms", TEXT_LIMITS.longText, "multi"),
    standardRates: ZStandardRates,
    customRates: z.array(ZCustomRate).default([]),
    positions: z.array(ZPosition).min(1, { message: "At least one position is required" }),
    /** Optional: a client that sends none (an older API caller) saves a confirmation without them. */
    loadDetails: ZLoadDetails.default(emptyLoadDetails),
    /** Optional, like the load details: an older API caller saves a confirmation without them. */
    additionalRates: ZAdditionalRates.default(emptyAdditionalRates),
    ...allowConflictField,
    ...qualificationOverrideField,
  })
  .superRefine((rc, ctx) => {
    if (rc.endDate && rc.endDate < rc.startDate) {
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: "End date cannot be before the start date",
      });
    }
  });
export type TRateConfirmationInput = z.input<typeof ZRateConfirmation>;
export type TRateConfirmationData = z.output<typeof ZRateConfirmation>;

export type TRateConfirmationListItem = {
  id: string;
  jobNumber: string;
  originAddress: string;
  destinationAddress: string;
  startDate: string;
  endDate: string | null;
  clientName: string;
  positionsCount: number;
  /** How many positions have a non-canceled dispatch with a PEVO. */
  coverage: TCoverage;
  signatureStatus: SignatureState;
  /** When it was canceled (kept for history); null while active. */
  canceledAt: string | null;
  createdAt: string;
};

export type TRateConfirmation = Omit<
  TRateConfirmationData,
  "positions" | "customRates" | "allowConflict" | "qualificationOverride"
> & {
  id: string;
  /** How many positions have a non-canceled dispatch with a PEVO. */
  coverage: TCoverage;
  clientName: string;
  signatureStatus: SignatureState;
  canceledAt: string | null;
  createdAt: string;
  customRates: (z.output<typeof ZCustomRate> & { id: string })[];
  /** `dispatched`: a non-canceled dispatch with a PEVO covers this position; `coveredBy`: that dispatch. */
  positions: (z.output<typeof ZPosition> & {
    id: string;
    pevoName: string | null;
    dispatched: boolean;
    coveredBy: { dispatchId: string; pevoName: string; status: DispatchStatus } | null;
  })[];
};
