/** The W-9 on file and the 1099-NEC year end (DECISIONS 'Year end: W-9 and 1099-NEC'). */
import { z } from "zod";
import { US_STATES } from "../constants";
import { TAX_CLASSIFICATIONS, TIN_TYPES } from "../tax/w9";
import { ZDecimal, ZId, ZTimestamp } from "./common";
import { offsetPage, ZPageParams } from "./paging";

export const ZW9Document = z.object({
  id: ZId,
  fileName: z.string(),
  uploadedAt: ZTimestamp,
});

export const ZTaxProfile = z.object({
  legalName: z.string(),
  businessName: z.string().nullable(),
  classification: z.enum(TAX_CLASSIFICATIONS),
  classificationOther: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.enum(US_STATES),
  zip: z.string(),
  tinType: z.enum(TIN_TYPES),
  tinMasked: z.string().describe("The TIN masked: •••-••-1234 (SSN) or ••-•••1234 (EIN); never the TIN"),
  updatedAt: ZTimestamp,
});
export type TTaxProfile = z.output<typeof ZTaxProfile>;

/** A PEVO's tax info: the profile (null before it is entered) and the newest signed W-9 uploaded. */
export const ZTaxInfo = z.object({
  pevoId: ZId,
  profile: ZTaxProfile.nullable(),
  w9: ZW9Document.nullable().describe("The newest document of category W-9 on the PEVO's profile"),
  complete: z.boolean().describe("Profile entered and a signed W-9 uploaded"),
});
export type TTaxInfo = z.output<typeof ZTaxInfo>;

export const ZRevealedTin = z.object({
  tin: z.string().describe("The TIN written out (123-45-6789 or 12-3456789); the reveal is logged"),
});

export const ZMissingW9 = z.object({
  pevoId: ZId,
  name: z.string(),
  email: z.string().nullable(),
  missing: z.array(z.enum(["tax_info", "w9_document"])),
});
export type TMissingW9 = z.output<typeof ZMissingW9>;

export const ZTaxRecipient = z.object({
  pevoId: ZId,
  name: z.string(),
  compensation: ZDecimal.describe("Nonemployee compensation paid in the year (box 1)"),
  reachesThreshold: z.boolean(),
  w9OnFile: z.boolean(),
});
export type TTaxRecipient = z.output<typeof ZTaxRecipient>;

/**
 * GET /api/tax-years/{year}: the year's settings and how many PEVOs each list holds; the lists are
 * paged on their own (…/recipients, …/missing-w9s), so the answer stays small at any PEVO count.
 */
export const ZTaxYear = z.object({
  year: z.number().int(),
  threshold: ZDecimal,
  defaultThreshold: ZDecimal.describe("The year's threshold under current law"),
  includeReimbursedExpenses: z.boolean(),
  payerTin: z.string().nullable().describe("The company's EIN as printed on Copy B"),
  recipientCount: z.number().int().describe("PEVOs paid in the year"),
  reportableCount: z.number().int().describe("PEVOs paid the threshold or more: a 1099-NEC is due"),
  missingW9Count: z.number().int().describe("Active PEVOs without a complete W-9"),
});
export type TTaxYear = z.output<typeof ZTaxYear>;

/** GET /api/tax-years/{year}/recipients: PEVOs paid in the year, highest first (offset pages). */
export const ZTaxRecipientPage = offsetPage(ZTaxRecipient);
/** GET /api/tax-years/{year}/missing-w9s: active PEVOs without a complete W-9, by name (offset pages). */
export const ZMissingW9Page = offsetPage(ZMissingW9);
export const ZTaxYearListParams = ZPageParams;
