import { z } from "zod";
import { CASH_PAYMENT_METHODS } from "../constants";
import { TEXT_LIMITS } from "../limits";
import { boundedText, dateInWindow } from "./fields";
import { paymentAmount } from "./invoice-payment";

/**
 * Apply the client's credit to one of its open invoices (DECISIONS 'Client credit'): at most the
 * credit and at most the invoice's balance (the server checks both on locked rows).
 */
export const ZApplyClientCredit = z.object({
  invoiceId: z.uuid({ error: "Choose an open invoice of this client" }),
  date: dateInWindow("Date is required", "Date"),
  amount: paymentAmount(),
  note: boundedText("Note", TEXT_LIMITS.longText, "multi"),
});
export type TApplyClientCreditInput = z.input<typeof ZApplyClientCredit>;
export type TApplyClientCredit = z.output<typeof ZApplyClientCredit>;

/** Money of the client's credit paid back to the client (at most the credit). */
export const ZRefundClientCredit = z.object({
  date: dateInWindow("Refund date is required", "Refund date"),
  amount: paymentAmount(),
  method: z.enum(CASH_PAYMENT_METHODS, { error: "Choose how the refund was paid" }),
  reference: boundedText("Reference number", TEXT_LIMITS.code),
  note: boundedText("Note", TEXT_LIMITS.longText, "multi"),
});
export type TRefundClientCreditInput = z.input<typeof ZRefundClientCredit>;
export type TRefundClientCredit = z.output<typeof ZRefundClientCredit>;
