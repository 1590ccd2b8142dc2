import { z } from "zod";
import { CASH_PAYMENT_METHODS } from "../constants";
import { NUMBER_LIMITS, TEXT_LIMITS } from "../limits";
import { AMOUNT_SHAPE, atMost, MAX_MONEY_MESSAGE, toCents } from "../money";
import { boundedText, dateInWindow, requiredEmail } from "./fields";

export const PAYMENT_AMOUNT_MESSAGE = "Enter an amount greater than 0 with up to 2 decimals";
const MAX_CC = 5;

/** A positive amount of money, up to 2 decimals, at most the money limit: "123.40". */
export const paymentAmount = () =>
  z
    .union([z.string(), z.number()], { error: PAYMENT_AMOUNT_MESSAGE })
    .transform((v) => String(v).trim())
    .refine((v) => AMOUNT_SHAPE.test(v) && toCents(v) > 0, { message: PAYMENT_AMOUNT_MESSAGE })
    .refine((v) => !AMOUNT_SHAPE.test(v) || atMost(v, NUMBER_LIMITS.maxMoney), { message: MAX_MONEY_MESSAGE })
    .transform((v) => Number(v).toFixed(2));

/**
 * Record money received on an invoice. Above the balance, the invoice is paid in full and the excess
 * becomes the client's credit (DECISIONS 'Client credit'); client credit itself is applied, not recorded.
 */
export const ZRecordPayment = z.object({
  date: dateInWindow("Payment date is required", "Payment date"),
  amount: paymentAmount(),
  method: z.enum(CASH_PAYMENT_METHODS, { error: "Choose a payment method" }),
  reference: boundedText("Reference number", TEXT_LIMITS.code),
  note: boundedText("Note", TEXT_LIMITS.longText, "multi"),
});
export type TRecordPaymentInput = z.input<typeof ZRecordPayment>;
export type TRecordPayment = z.output<typeof ZRecordPayment>;

/**
 * Send an invoice: to (left out: the billed client's accounts-payable email, else its email),
 * optional cc (comma-separated), a message.
 */
export const ZSendInvoice = z.object({
  to: z
    .union([z.literal(""), requiredEmail("Enter the recipient's email", "To")])
    .nullish()
    .transform((v) => (v ? v : null)),
  cc: z
    .string()
    .max(TEXT_LIMITS.email * MAX_CC, {
      message: `Cc must be at most ${TEXT_LIMITS.email * MAX_CC} characters`,
    })
    .nullish()
    .transform((v) =>
      (v ?? "")
        .split(/[,;\s]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(requiredEmail("Cc must be email addresses separated by commas", "Cc"))
        .max(MAX_CC, { message: `At most ${MAX_CC} cc addresses` }),
    ),
  message: boundedText("Message", TEXT_LIMITS.longText, "multi"),
});
export type TSendInvoiceInput = z.input<typeof ZSendInvoice>;
export type TSendInvoice = z.output<typeof ZSendInvoice>;
