import { z } from "zod";
import { CLIENT_PAYMENT_TERMS } from "../constants";
import { TEXT_LIMITS } from "../limits";
import { optionalPhone } from "../phone";
import { boundedText, dotNumber, mcNumber, optionalEmail, requiredText } from "./fields";

export const QUICK_PAY_PERCENT_MESSAGE =
  "Quick pay discount must be between 0.01 and 25 % with up to 2 decimals";
export const QUICK_PAY_DAYS_MESSAGE = "Quick pay days must be a whole number from 1 to 60";
const QUICK_PAY_PAIR_MESSAGE = "Enter both the quick pay discount and its days, or neither";
const PAYMENT_TERMS_MESSAGE = "Choose Due on receipt, Net 7, 15, 30 or 45, or the company's terms";
export const BILL_TO_MESSAGE = "Choose another client from the list";

export const ZClient = z
  .object({
    name: requiredText("Company name is required", "Company name", TEXT_LIMITS.name, 2),
    contactPerson: boundedText("Contact person", TEXT_LIMITS.name),
    /** Digits only: "MC-100200" is stored as "100200" (the app prints the "MC" itself). */
    mcNumber: mcNumber(),
    dotNumber: dotNumber(),
    email: optionalEmail(),
    /**
     * The accounts-payable email: where invoices go (the server's and the Send dialog's default); the
     * contact email when empty (DECISIONS 'Client billing settings').
     */
    billingEmail: optionalEmail("Please enter a valid email", "Accounts payable email"),
    phone: optionalPhone("Phone"),
    cellPhone: optionalPhone("Cell phone"),
    fax: optionalPhone("Fax"),
    address: boundedText("Address", TEXT_LIMITS.address, "multi"),
    /** Days to pay (one of CLIENT_PAYMENT_TERMS); null: the company's payment terms. */
    paymentTermsDays: z
      .union([z.literal(""), z.coerce.number()], { error: PAYMENT_TERMS_MESSAGE })
      .nullish()
      .transform((v) => (v === "" || v === null || v === undefined ? null : v))
      .refine((v) => v === null || (CLIENT_PAYMENT_TERMS as readonly number[]).includes(v), {
        message: PAYMENT_TERMS_MESSAGE,
      }),
    /** An invoice of this client cannot be sent without a PO number. */
    poRequired: z.boolean({ error: "PO number required must be on or off" }).optional().default(false),
    /** Another client of the company billed for this client's jobs; null: the client itself. */
    billToClientId: z
      .union([z.literal(""), z.uuid({ message: BILL_TO_MESSAGE })], { error: BILL_TO_MESSAGE })
      .nullish()
      .transform((v) => (v ? v : null)),
    /**
     * Quick-pay terms (DECISIONS 'Quick pay and factoring'): this percent off the invoice's total when
     * paid within this many days of its issue date; both or neither (null: no quick pay).
     */
    quickPayPercent: z
      .union([z.string(), z.number()], { error: QUICK_PAY_PERCENT_MESSAGE })
      .nullish()
      .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
      .refine((v) => v === "" || (/^\d{1,2}(\.\d{1,2})?$/.test(v) && Number(v) >= 0.01 && Number(v) <= 25), {
        message: QUICK_PAY_PERCENT_MESSAGE,
      })
      .transform((v) => (v === "" ? null : Number(v).toFixed(2))),
    quickPayDays: z
      .union([z.literal(""), z.coerce.number()], { error: QUICK_PAY_DAYS_MESSAGE })
      .nullish()
      .transform((v) => (v === "" || v === null || v === undefined ? null : v))
      .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 60), {
        message: QUICK_PAY_DAYS_MESSAGE,
      }),
  })
  .superRefine((c, ctx) => {
    if ((c.quickPayPercent === null) !== (c.quickPayDays === null)) {
      ctx.addIssue({
        code: "custom",
        path: [c.quickPayPercent === null ? "quickPayPercent" : "quickPayDays"],
        message: QUICK_PAY_PAIR_MESSAGE,
      });
    }
  });
export type TClientInput = z.input<typeof ZClient>;
export type TClientData = z.output<typeof ZClient>;

export type TClient = TClientData & {
  id: string;
  /** The bill-to client's name (null without one). */
  billToName: string | null;
  createdAt: string;
  updatedAt: string;
};
