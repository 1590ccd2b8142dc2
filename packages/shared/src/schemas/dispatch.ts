import { z } from "zod";
import { DISPATCH_STATUSES, type DispatchStatus, type PositionType } from "../constants";
import { isoDate, optionalText } from "./fields";

const optionalId = (message: string) =>
  z
    .union([z.literal(""), z.uuid({ message })])
    .nullish()
    .transform((v) => (v ? v : null));

export const EARLIEST_PICKUP_DATE = "1900-01-01";

/** The dispatch form (SPEC §5). */
export const ZDispatch = z.object({
  rateConfirmationId: optionalId("Choose a rate confirmation from the list"),
  pevoId: optionalId("Choose a PEVO from the list"),
  driverName: z
    .string({ error: "Driver name is required" })
    .trim()
    .min(1, { message: "Driver name is required" }),
  driverPhone: z
    .string({ error: "Valid phone number is required" })
    .trim()
    .min(10, { message: "Valid phone number is required" }),
  driverCompany: optionalText,
  pickupDate: isoDate("Pickup date is required").refine((v) => v >= EARLIEST_PICKUP_DATE, {
    message: "Pickup date is required",
  }),
  pickupTime: z
    .string({ error: "Pickup time is required" })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "Pickup time is required" }),
  notes: optionalText,
  status: z.enum(DISPATCH_STATUSES).default("pending"),
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
  createdAt: string;
};

export type TDispatch = TDispatchData & {
  id: string;
  pevoName: string | null;
  createdAt: string;
  hasInvoices: boolean;
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
  } | null;
};
