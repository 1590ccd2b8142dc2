import { z } from "zod";
import { US_STATES } from "../constants";
import { TEXT_LIMITS } from "../limits";
import { money, toCents } from "../money";
import { MAX_THRESHOLD_CENTS } from "../tax/thresholds";
import { TAX_CLASSIFICATIONS, TIN_TYPES, tinDigits, tinProblem } from "../tax/w9";
import { boundedText, plainText, requiredText, tooLongMessage } from "./fields";

/** A typed TIN: at most this many characters (9 digits with dashes or spaces fit). */
const TIN_MAX = 20;

const zip = z
  .string({ error: "ZIP code is required" })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, { message: "ZIP code must be 5 digits, or ZIP+4 (12345-6789)" });

/**
 * The W-9 as the PEVO (portal) or the office (the PEVO's page) enters it. `tin` blank keeps the TIN
 * on file (the form never gets it back: it shows the masked one); a profile without one needs it,
 * which the server checks. The TIN's output is its 9 digits.
 */
export const ZTaxProfileInput = z
  .object({
    legalName: requiredText("Legal name is required", "Legal name", TEXT_LIMITS.name),
    businessName: boundedText("Business name", TEXT_LIMITS.name),
    classification: z.enum(TAX_CLASSIFICATIONS, { error: "Choose the federal tax classification" }),
    classificationOther: boundedText("Other classification", TEXT_LIMITS.label),
    address: requiredText("Address is required", "Address", TEXT_LIMITS.address),
    city: requiredText("City is required", "City", TEXT_LIMITS.name),
    state: z.enum(US_STATES, { error: "Choose a state" }),
    zip,
    tinType: z.enum(TIN_TYPES, { error: "Choose SSN or EIN" }),
    tin: z
      .string()
      .max(TIN_MAX, { message: tooLongMessage("TIN", TIN_MAX) })
      .refine(...plainText("TIN"))
      .nullish()
      .transform((v) => (v ? tinDigits(v) : null))
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.classification === "other" && !v.classificationOther) {
      ctx.addIssue({ code: "custom", path: ["classificationOther"], message: "Say which classification" });
    }
    if (v.tin !== null) {
      const problem = tinProblem(v.tinType, v.tin);
      if (problem) ctx.addIssue({ code: "custom", path: ["tin"], message: problem });
    }
  })
  .transform((v) => ({
    ...v,
    classificationOther: v.classification === "other" ? v.classificationOther : null,
  }));
export type TTaxProfileInput = z.input<typeof ZTaxProfileInput>;
export type TTaxProfileData = z.output<typeof ZTaxProfileInput>;

/** The payer's TIN on Copy B: the company's EIN. */
const payerTin = z
  .string()
  .max(TIN_MAX, { message: tooLongMessage("Payer's TIN", TIN_MAX) })
  .refine(...plainText("Payer's TIN"))
  .nullish()
  .transform((v) => (v ? tinDigits(v) : null))
  .refine((v) => v === null || tinProblem("ein", v) === null, {
    message: "Payer's TIN must be an EIN of 9 digits, e.g. 12-3456789",
  });

/** A tax year's 1099-NEC settings (DECISIONS 'Year end: W-9 and 1099-NEC'). */
export const ZTaxYearSettingsInput = z.object({
  threshold: money("Reporting threshold is required").refine((v) => toCents(v) <= MAX_THRESHOLD_CENTS, {
    message: `Reporting threshold must be at most ${MAX_THRESHOLD_CENTS / 100}`,
  }),
  includeReimbursedExpenses: z.boolean({ error: "Say whether reimbursed expenses count" }),
  payerTin,
});
export type TTaxYearSettingsInput = z.input<typeof ZTaxYearSettingsInput>;
export type TTaxYearSettings = z.output<typeof ZTaxYearSettingsInput>;
