import { z } from "zod";
import { POSITION_TYPES, type PositionType, RATE_UNITS, type RateUnit } from "../constants";
import { money } from "../money";
import { isoDate } from "./fields";

const positionTypes = Object.keys(POSITION_TYPES) as [PositionType, ...PositionType[]];
const rateUnits = Object.keys(RATE_UNITS) as [RateUnit, ...RateUnit[]];

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
  name: z.string({ error: "Rate name is required" }).trim().min(1, { message: "Rate name is required" }),
  amount: money("Rate amount is required"),
  unit: z.enum(rateUnits, { error: "Choose a unit" }),
});

export const ZPosition = z
  .object({
    positionType: z.enum(positionTypes, { error: "Choose a position type" }),
    customName: z.string().trim().nullish(),
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
    jobNumber: z
      .string({ error: "Job number is required" })
      .trim()
      .min(1, { message: "Job number is required" }),
    originAddress: z
      .string({ error: "Origin address is required" })
      .trim()
      .min(5, { message: "Origin address is required" }),
    destinationAddress: z
      .string({ error: "Destination address is required" })
      .trim()
      .min(5, { message: "Destination address is required" }),
    startDate: isoDate("Start date is required"),
    endDate: z
      .union([z.literal(""), isoDate("Enter a valid end date")])
      .nullish()
      .transform((v) => (v ? v : null)),
    description: z
      .string({ error: "Please provide a detailed job description" })
      .trim()
      .min(10, { message: "Please provide a detailed job description" }),
    additionalTerms: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null)),
    standardRates: ZStandardRates,
    customRates: z.array(ZCustomRate).default([]),
    positions: z.array(ZPosition).min(1, { message: "At least one position is required" }),
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
  signatureStatus: string;
  createdAt: string;
};

export type TRateConfirmation = Omit<TRateConfirmationData, "positions" | "customRates"> & {
  id: string;
  clientName: string;
  signatureStatus: string;
  createdAt: string;
  customRates: (z.output<typeof ZCustomRate> & { id: string })[];
  positions: (z.output<typeof ZPosition> & { id: string; pevoName: string | null })[];
};
