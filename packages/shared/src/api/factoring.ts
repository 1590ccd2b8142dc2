import { z } from "zod";
import type { TQuickPay } from "../quick-pay";
import type { TFactoringSettings } from "../schemas/factoring";
import type { Assert, Same } from "./check";
import { ZDay, ZDecimal, ZTimestamp } from "./common";
import { ZMailState } from "./mail";

/** GET / PUT /api/company/factoring. */
export const ZFactoringSettingsResponse = z.object({
  name: z.string().nullable().describe("The factoring company; null: none"),
  email: z.string().nullable().describe("Where Send to factor sends the invoice's documents"),
  remitTo: z.string().nullable().describe("Where the client pays a factored invoice"),
  notice: z.string().nullable().describe("The notice of assignment printed on a factored invoice"),
});
type _Settings = Assert<Same<z.output<typeof ZFactoringSettingsResponse>, TFactoringSettings>>;

/** An invoice's factoring: the factor as it was when the invoice was assigned (a record, like its lines). */
export const ZInvoiceFactoring = z.object({
  factoredAt: ZTimestamp,
  name: z.string(),
  email: z.string().nullable(),
  remitTo: z.string(),
  notice: z.string().nullable(),
  sentToFactorAt: ZTimestamp.nullable().describe("When its documents were last sent to the factor"),
});
export type TInvoiceFactoring = z.output<typeof ZInvoiceFactoring>;

export const ZQuickPay = z.object({
  percent: ZDecimal,
  days: z.number().int(),
  payBy: ZDay.describe("The last day a payment earns the discount"),
  gross: ZDecimal,
  discount: ZDecimal,
  net: ZDecimal,
});
type _QuickPay = Assert<Same<z.output<typeof ZQuickPay>, TQuickPay>>;

/** POST /api/invoices/{id}/send-to-factor. */
export const ZSentToFactorResponse = z.object({
  sentToFactorAt: ZTimestamp,
  to: z.string(),
  attached: z.array(z.string()).describe("The files attached (invoice, signed rate confirmations, trip log)"),
  missing: z.array(z.string()).describe("Documents the packet lacks (e.g. a rate confirmation not signed)"),
  mailSent: z.boolean(),
  mail: ZMailState.nullable(),
});
export type TSentToFactor = z.output<typeof ZSentToFactorResponse>;
