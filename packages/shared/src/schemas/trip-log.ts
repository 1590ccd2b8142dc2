import { z } from "zod";
import { EXPENSE_TYPES } from "../constants";
import { formatNumber } from "../format-number";
import { NUMBER_LIMITS, TEXT_LIMITS } from "../limits";
import { AMOUNT_SHAPE, atMost, money } from "../money";
import { boundedText, dateInWindow, requiredText } from "./fields";

/** A non-negative quantity with up to two decimals (miles, hours), at most `max` ("Hours must be at most 24"). */
const quantity = (label: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((v) => String(v).trim())
    .refine((v) => v !== "", { message: `${label} is required` })
    .refine((v) => v === "" || !v.startsWith("-"), { message: `${label} cannot be negative` })
    .refine((v) => v === "" || v.startsWith("-") || AMOUNT_SHAPE.test(v), {
      message: `${label} must be a number with up to 2 decimals`,
    })
    .refine((v) => !AMOUNT_SHAPE.test(v) || atMost(v, String(max)), {
      message: `${label} must be at most ${formatNumber(max, 3)}`,
    })
    .transform((v) => Number(v).toFixed(2));

export const ZTripExpense = z.object({
  type: z.enum(EXPENSE_TYPES, { error: "Choose an expense type" }),
  amount: money("Expense amount is required"),
});

/** A PEVO's trip log entry (DECISIONS: Trip Log). */
export const ZTripLog = z
  .object({
    tripDate: dateInWindow("Trip date is required", "Trip date"),
    dispatchId: z
      .union([z.literal(""), z.uuid({ message: "Choose one of your dispatches" })])
      .nullish()
      .transform((v) => (v ? v : null)),
    startLocation: requiredText("Start location is required", "Start location", TEXT_LIMITS.location),
    endLocation: requiredText("End location is required", "End location", TEXT_LIMITS.location),
    miles: quantity("Miles", NUMBER_LIMITS.maxTripMiles),
    hours: quantity("Hours", NUMBER_LIMITS.maxTripHours),
    /** Of those hours, the time spent waiting on the load (detention beyond the rate confirmation's threshold). */
    waitHours: z.preprocess(
      (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? "0" : v),
      quantity("Wait hours", NUMBER_LIMITS.maxTripHours),
    ),
    /** Of those hours, the time held on standby with the load parked (weather, curfew, permits). */
    standbyHours: z.preprocess(
      (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? "0" : v),
      quantity("Standby hours", NUMBER_LIMITS.maxTripHours),
    ),
    /** The PEVO stayed overnight away from home after this day (billed at the overnight rate). */
    overnight: z.boolean().optional().default(false),
    /** The move was called off after the PEVO showed up (billed at the no-go rate instead of the day). */
    noGo: z.boolean().optional().default(false),
    notes: boundedText("Notes", TEXT_LIMITS.longText, "multi"),
    expenses: z.array(ZTripExpense).default([]),
  })
  .superRefine((trip, ctx) => {
    if (Number(trip.waitHours) > Number(trip.hours)) {
      ctx.addIssue({ code: "custom", path: ["waitHours"], message: "Wait hours cannot exceed the hours" });
    } else if (Number(trip.waitHours) + Number(trip.standbyHours) > Number(trip.hours)) {
      ctx.addIssue({
        code: "custom",
        path: ["standbyHours"],
        message: "Wait and standby hours together cannot exceed the hours",
      });
    }
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
  /** Which save the entry holds (ADR 0014): an offline edit names it so a change made meanwhile is refused. */
  revision: string;
  /**
   * Its job's pay is in an approved or paid settlement (DECISIONS 'PEVO pay', Trip entries of a
   * settled job): locked, its PEVO's edit and delete are refused (409). An answer cached on a phone
   * before the flag existed lacks it at run time: read it as not locked, the server decides.
   */
  paySettled: boolean;
};
