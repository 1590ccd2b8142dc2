import { z } from "zod";
import { INVOICE_STATUSES, LINE_KINDS, PAYMENT_METHODS } from "../constants";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";
import { ZLetterhead } from "./company";
import { ZQuickPay } from "./factoring";
import { ZInvoiceJob } from "./invoices";
import { ZMailState } from "./mail";

export const ZPayment = z.object({
  id: ZId,
  date: ZDay,
  amount: ZDecimal,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: ZTimestamp,
  createdByName: z.string().nullable(),
  creditNoteId: ZId.nullable().describe("Set when a credit note applied this amount (method credit_note)"),
});
export type TPayment = z.output<typeof ZPayment>;

/** GET /api/invoices/{id}/payments: the payments (oldest first) and what is left to pay. */
export const ZInvoicePayments = z.object({
  status: z.enum(INVOICE_STATUSES),
  total: ZDecimal,
  amountPaid: ZDecimal,
  balance: ZDecimal,
  payments: z.array(ZPayment),
});
export type TInvoicePayments = z.output<typeof ZInvoicePayments>;

/** POST /api/invoices/{id}/send: the invoice was saved as sent; mailSent false when the email failed. */
export const ZInvoiceSent = z.object({
  status: z.enum(INVOICE_STATUSES),
  sentAt: ZTimestamp,
  sentTo: z.string(),
  mailSent: z.boolean().describe("Whether the email went on its first attempt"),
  mail: ZMailState.nullable().describe("Where the email stands (queued and retried when it did not go)"),
});
export type TInvoiceSent = z.output<typeof ZInvoiceSent>;

/** What the public invoice page (/i/{token}) shows: that one invoice, as the client sees it. */
export const ZPublicInvoice = z.object({
  company: ZLetterhead.extend({ footer: z.string().nullable() }),
  invoiceNumber: z.string(),
  issueDate: ZDay,
  dueDate: ZDay,
  status: z.enum(INVOICE_STATUSES),
  overdue: z.boolean(),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  poNumber: z.string().nullable(),
  billTo: z
    .object({ name: z.string(), address: z.string().nullable() })
    .nullable()
    .describe("The party billed when it is not the ordering client (customerName)"),
  jobNumber: z.string().nullable(),
  lineItems: z.array(
    z.object({
      kind: z.enum(LINE_KINDS).describe("discount: a negative charge"),
      date: ZDay,
      location: z.string(),
      mileage: ZDecimal,
      charge: ZDecimal,
      dispatchId: ZId.nullable(),
    }),
  ),
  /** A consolidated invoice's jobs, each heading its lines; empty for one job. */
  jobs: z.array(ZInvoiceJob),
  subtotal: ZDecimal,
  taxRate: ZDecimal,
  tax: ZDecimal,
  total: ZDecimal,
  amountPaid: ZDecimal,
  balance: ZDecimal,
  payments: z.array(z.object({ date: ZDay, amount: ZDecimal, method: z.enum(PAYMENT_METHODS) })),
  quickPay: ZQuickPay.nullable().describe(
    "Quick-pay terms: the total (gross), the discount and the net paid by payBy",
  ),
  remitTo: z
    .object({ name: z.string(), address: z.string(), notice: z.string().nullable() })
    .nullable()
    .describe("A factored invoice: who the client pays, and the notice of assignment"),
  notes: z.string().nullable(),
});
export type TPublicInvoice = z.output<typeof ZPublicInvoice>;
