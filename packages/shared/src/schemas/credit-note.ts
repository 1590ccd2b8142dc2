import { z } from "zod";
import { creditNoteTotalCents } from "../credit-note-math";
import { formatNumber } from "../format-number";
import { NUMBER_LIMITS, TEXT_LIMITS } from "../limits";
import { groupedAmount, MAX_MONEY_MESSAGE, money, toCents } from "../money";
import { dateInWindow, requiredText } from "./fields";

/** At most this many lines on one credit note. */
export const CREDIT_NOTE_MAX_LINES = 50;
/** A line's quantity: more than 0, at most this (two decimals). */
export const CREDIT_NOTE_MAX_QUANTITY = 10_000;

const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;
const QUANTITY_MESSAGE = "Enter a quantity greater than 0 with up to 2 decimals";
const LINES_MESSAGE = "Add at least one line";
export const CREDIT_NOTE_TOTAL_MESSAGE = "The credit note's total must be greater than $0.00";

const quantity = z
  .union([z.string(), z.number()], { error: QUANTITY_MESSAGE })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,5}(\.\d{1,2})?$/.test(v) && toCents(v) > 0, { message: QUANTITY_MESSAGE })
  .refine((v) => !/^\d{1,5}(\.\d{1,2})?$/.test(v) || toCents(v) <= CREDIT_NOTE_MAX_QUANTITY * 100, {
    message: `Quantity must be at most ${formatNumber(CREDIT_NOTE_MAX_QUANTITY, 3)}`,
  })
  .transform((v) => Number(v).toFixed(2));

export const ZCreditNoteLine = z.object({
  description: requiredText("Description is required", "Description", TEXT_LIMITS.location, 1, "multi"),
  quantity,
  rate: money("Rate is required"),
});

/** Issue a credit note against an invoice (POST /api/invoices/{id}/credit-notes): one step, never edited after. */
export const ZIssueCreditNote = z
  .object({
    date: dateInWindow("Date is required", "Date"),
    reason: requiredText("Say why the invoice is credited", "Reason", TEXT_LIMITS.reason, 1, "multi"),
    lines: z
      .array(ZCreditNoteLine, { error: LINES_MESSAGE })
      .min(1, { message: LINES_MESSAGE })
      .max(CREDIT_NOTE_MAX_LINES, { message: `At most ${CREDIT_NOTE_MAX_LINES} lines` }),
  })
  .superRefine((v, ctx) => {
    // A line whose quantity or rate was refused already has its message: the total waits for them.
    if (!v.lines.every((l) => DECIMAL.test(l.quantity) && DECIMAL.test(l.rate))) return;
    const total = creditNoteTotalCents(v.lines);
    if (total <= 0) ctx.addIssue({ code: "custom", path: ["lines"], message: CREDIT_NOTE_TOTAL_MESSAGE });
    if (total > toCents(NUMBER_LIMITS.maxMoney)) {
      ctx.addIssue({ code: "custom", path: ["lines"], message: MAX_MONEY_MESSAGE });
    }
  });
export type TIssueCreditNoteInput = z.input<typeof ZIssueCreditNote>;
export type TIssueCreditNote = z.output<typeof ZIssueCreditNote>;

/** The refusal of a credit note above what is left to credit on its invoice. */
export const creditNoteTooLarge = (room: string) =>
  `A credit note cannot exceed what is left to credit on this invoice: $${groupedAmount(room)} (its total minus the credit notes already issued)`;
