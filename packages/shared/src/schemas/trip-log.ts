import { z } from "zod";
import { EXPENSE_TYPES } from "../constants";
import { money } from "../money";
import { isoDate, optionalText } from "./fields";

/** A non-negative quantity with up to two decimals (miles, hours). */
const quantity = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((v) => String(v).trim())
    .refine((v) => v !== "", { message: `${label} is required` })
    .refine((v) => v === "" || !v.startsWith("-"), { message: `${label} cannot be negative` })
    .refine((v) => v === "" || v.startsWith("-") || /^\d{1,8}(\.\d{1,2})?$/.test(v), {
      message: `${label} must be a number with up to 2 decimals`,
    })
    .transform((v) => Number(v).toFixed(2));

export const ZTripExpense = z.object({
  type: z.enum(EXPENSE_TYPES, { error: "Choose an expense type" }),
  amount: money("Expense amount is required"),
});

/** A PEVO's trip log entry (DECISIONS: Trip Log). */
export const ZTripLog = z.object({
  tripDate: isoDate("Trip date is required"),
  dispatchId: z
    .union([z.literal(""), z.uuid({ message: "Choose one of your dispatches" })])
    .nullish()
    .transform((v) => (v ? v : null)),
  startLocation: z
    .string({ error: "Start location is required" })
    .trim()
    .min(1, { message: "Start location is required" }),
  endLocation: z
    .string({ error: "End location is required" })
    .trim()
    .min(1, { message: "End location is required" }),
  miles: quantity("Miles"),
  hours: quantity("Hours"),
  notes: optionalText,
  expenses: z.array(ZTripExpense).default([]),
});
export type TTripLogInput = z.input<typeof ZTripLog>;
export type TTripLogData = z.output<typeof ZTripLog>;

export type TTripLog = TTripLogData & {
  id: string;
  /** Who logged it: a dispatch may be reassigned after a trip was recorded. */
  pevoName: string;
  jobNumber: string | null;
  expenses: (z.output<typeof ZTripExpense> & { id: string })[];
  createdAt: string;
};
