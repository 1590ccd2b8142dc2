// The additional rates' schema and its optional amount and quantity fields, apart from the rate kinds'
// labels and display (rate-kinds.ts), so a screen that only shows a rate confirmation (the signing
// page) does not build these validators as its code loads (docs/performance.md).
import { z } from "zod";
import { formatNumber } from "../format-number";
import { NUMBER_LIMITS } from "../limits";
import { AMOUNT_SHAPE, atMost, money } from "../money";
import { MAX_STANDBY_THRESHOLD } from "../rate-kinds";

/** An optional amount: "" and null mean "not charged"; otherwise the money rules and messages. */
export const optionalMoney = (label: string) => {
  const amount = money(`${label} is required`);
  return z
    .union([z.string(), z.number()], { error: `${label} must be an amount` })
    .nullish()
    .transform((v, ctx): string | null => {
      const text = v === null || v === undefined ? "" : String(v).trim();
      if (text === "") return null;
      const parsed = amount.safeParse(text);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
};

/** An optional whole or decimal quantity (miles) with up to two decimals, at most `max`. */
export const optionalQuantity = (label: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .nullish()
    .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
    .refine((v) => !v.startsWith("-"), { message: `${label} cannot be negative` })
    .refine((v) => v === "" || v.startsWith("-") || AMOUNT_SHAPE.test(v), {
      message: `${label} must be a number with up to 2 decimals`,
    })
    .refine((v) => !AMOUNT_SHAPE.test(v) || atMost(v, String(max)), {
      message: `${label} must be at most ${formatNumber(max, 3)}`,
    })
    .transform((v) => (v === "" ? null : Number(v).toFixed(2)));

/**
 * The rate kinds beyond SPEC §9's standard five, all optional (a rate confirmation signed before
 * they existed has none): deadhead (its miles agreed on the confirmation × a rate per mile), per
 * diem and high-pole surcharge per logged day, standby hours beyond a threshold × a rate per hour,
 * a mileage minimum per day, and whether tolls are billed at cost.
 */
export const ZAdditionalRates = z
  .object({
    deadheadRate: optionalMoney("Deadhead rate"),
    deadheadMiles: optionalQuantity("Deadhead miles", NUMBER_LIMITS.maxTripMiles),
    perDiemRate: optionalMoney("Per diem"),
    standbyRate: optionalMoney("Standby rate"),
    standbyThreshold: z
      .union([z.string(), z.number()], { error: "Standby threshold must be whole hours" })
      .nullish()
      .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
      .refine((v) => v === "" || /^\d{1,3}$/.test(v), { message: "Enter whole hours (0 or more)" })
      .refine((v) => !/^\d{1,3}$/.test(v) || Number(v) <= MAX_STANDBY_THRESHOLD, {
        message: `Standby threshold must be at most ${MAX_STANDBY_THRESHOLD} hours`,
      })
      .transform((v) => (v === "" ? null : Number(v))),
    highPoleRate: optionalMoney("High-pole surcharge"),
    mileageMinimum: optionalQuantity("Mileage minimum", NUMBER_LIMITS.maxTripMiles),
    tollsAtCost: z.boolean().optional().default(false),
  })
  .superRefine((r, ctx) => {
    if (r.deadheadRate !== null && r.deadheadMiles === null) {
      ctx.addIssue({ code: "custom", path: ["deadheadMiles"], message: "Enter the deadhead miles" });
    }
    if (r.deadheadMiles !== null && r.deadheadRate === null) {
      ctx.addIssue({ code: "custom", path: ["deadheadRate"], message: "Enter the deadhead rate" });
    }
    if (r.standbyThreshold !== null && r.standbyRate === null) {
      ctx.addIssue({ code: "custom", path: ["standbyRate"], message: "Enter the standby rate" });
    }
  });
export type TAdditionalRatesInput = z.input<typeof ZAdditionalRates>;
export type TAdditionalRates = z.output<typeof ZAdditionalRates>;
