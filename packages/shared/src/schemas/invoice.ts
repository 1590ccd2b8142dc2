import { z } from "zod";
import type { TInvoiceFactoring } from "../api/factoring";
import type { TMailState } from "../api/mail";
import { INVOICE_FILTER_STATUSES, type InvoiceStatus, LINE_KINDS } from "../constants";
import { formatNumber } from "../format-number";
import { lineTotalBelowZero } from "../invoice-math";
import { NUMBER_LIMITS, TEXT_LIMITS } from "../limits";
import { AMOUNT_SHAPE, atMost, fromCents, MAX_MONEY_MESSAGE, toCents } from "../money";
import { optionalPhone } from "../phone";
import type { TQuickPay } from "../quick-pay";
import { ZTimeZone } from "../time-zones";
import {
  boundedText,
  dateInWindow,
  documentNumber,
  dotNumber,
  mcNumber,
  optionalDateInWindow,
  optionalEmail,
  requiredEmail,
  requiredText,
} from "./fields";

export const LINE_ITEMS_REQUIRED_MESSAGE = "At least one line item is required";

/**
 * A decimal with up to two places (a leading minus only where `signed`: a discount line); empty
 * counts as 0 (SPEC §5 / §9); its size at most `max` (a decimal string) with `maxMessage`.
 */
const amount = (message: string, max: string, maxMessage: string, signed = false) => {
  // Any number of digits (AMOUNT_SHAPE): a too-large amount gets the bound's message, not this one.
  const shape = signed ? /^-?\d+(\.\d{1,2})?$/ : AMOUNT_SHAPE;
  return (
    z
      .union([z.string(), z.number(), z.null()])
      // optional(), not z.undefined() in the union: zod 4 otherwise refuses a missing key ("expected nonoptional").
      .optional()
      .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
      .refine((v) => v === "" || shape.test(v), { message })
      .refine((v) => !shape.test(v) || atMost(v, max), { message: maxMessage })
      .transform((v) => (v === "" ? "0.00" : fromCents(toCents(v))))
  );
};

export const DISCOUNT_SIGN_MESSAGE = "Only a discount line takes money off: enter a positive charge";
export const DISCOUNT_BELOW_ZERO_MESSAGE = "Discounts cannot take the invoice's total below $0.00";

export const ZLineItem = z
  .object({
    /** What the line bills (day, mileage, …); a line typed by hand without one is "custom". */
    kind: z.enum(LINE_KINDS, { error: "Choose what the line bills" }).default("custom"),
    date: dateInWindow("Date is required", "Date"),
    location: requiredText("Location is required", "Location", TEXT_LIMITS.location),
    mileage: amount(
      "Mileage must be a positive number",
      String(NUMBER_LIMITS.maxLineMileage),
      `Mileage must be at most ${formatNumber(NUMBER_LIMITS.maxLineMileage, 3)}`,
    ),
    charge: amount(
      "Charge must be a number with up to 2 decimals",
      NUMBER_LIMITS.maxMoney,
      MAX_MONEY_MESSAGE,
      true,
    ),
    /**
     * The job the line bills on a consolidated invoice (one of the invoice's jobs; DECISIONS
     * 'Consolidated invoices'); none on a single-job invoice or for a line typed by hand.
     */
    dispatchId: z
      .union([z.literal(""), z.uuid({ error: "Choose one of the invoice's jobs" })])
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  // A discount is stored negative whichever sign was typed ("50" off = "-50.00"); any other line is
  // a charge, never negative (DECISIONS 'Discount lines').
  .superRefine((line, ctx) => {
    if (line.kind !== "discount" && line.charge.startsWith("-")) {
      ctx.addIssue({ code: "custom", path: ["charge"], message: DISCOUNT_SIGN_MESSAGE });
    }
  })
  .transform((line) =>
    line.kind === "discount" ? { ...line, charge: fromCents(-Math.abs(toCents(line.charge))) } : line,
  );

/** The invoice form. Subtotal, tax and total are accepted but ignored: the server computes them. */
export const ZInvoice = z
  .object({
    invoiceNumber: documentNumber("Invoice number is required", "Invoice number"),
    issueDate: dateInWindow("Issue date is required", "Issue date"),
    /** Left out: the issue date plus the client's payment terms (or the company's), on the server. */
    dueDate: optionalDateInWindow("Due date is required", "Due date"),
    dispatchId: z.uuid({ error: "Dispatch ID is required" }),
    clientId: z
      .union([z.literal(""), z.uuid({ message: "Choose a customer from the list" })])
      .nullish()
      .transform((v) => (v ? v : null)),
    /**
     * Accepted for older clients and ignored: the status follows actions (send, view, payments,
     * void), never the form (DECISIONS "Invoice status").
     */
    status: z.enum(INVOICE_FILTER_STATUSES).optional(),
    customerName: boundedText("Customer name", TEXT_LIMITS.name),
    customerAddress: boundedText("Customer address", TEXT_LIMITS.address, "multi"),
    /** The client's purchase order number (required before sending when the client says so). */
    poNumber: boundedText("PO number", TEXT_LIMITS.code),
    pevoName: boundedText("PEVO name", TEXT_LIMITS.name),
    pevoPosition: boundedText("PEVO position", TEXT_LIMITS.label),
    notes: boundedText("Notes", TEXT_LIMITS.longText, "multi"),
    /** The office's own memo: never on the PDF, the email or the client's page. */
    memo: boundedText("Internal memo", TEXT_LIMITS.longText, "multi"),
    lineItems: z
      .array(ZLineItem, { error: LINE_ITEMS_REQUIRED_MESSAGE })
      .min(1, { message: LINE_ITEMS_REQUIRED_MESSAGE }),
    /** A deliberate supplementary invoice: lets a dispatch that already has one get another. */
    allowAdditional: z.boolean().optional().default(false),
    subtotal: z.unknown().optional(),
    tax: z.unknown().optional(),
    total: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (lineTotalBelowZero(v.lineItems.map((l) => l.charge))) {
      ctx.addIssue({ code: "custom", path: ["lineItems"], message: DISCOUNT_BELOW_ZERO_MESSAGE });
    }
    if (v.dueDate && v.dueDate < v.issueDate) {
      ctx.addIssue({
        code: "custom",
        path: ["dueDate"],
        message: "Due date cannot be before the issue date",
      });
    }
  });
export type TInvoiceInput = z.input<typeof ZInvoice>;

/**
 * The notes and the internal memo of an invoice: what stays editable once it was sent (DECISIONS
 * 'Invoices': a sent invoice is a record). Both are replaced (a missing one is cleared).
 */
export const ZInvoiceNotes = z.object({
  notes: boundedText("Notes", TEXT_LIMITS.longText, "multi"),
  memo: boundedText("Internal memo", TEXT_LIMITS.longText, "multi"),
});
export type TInvoiceNotes = z.output<typeof ZInvoiceNotes>;

export const REISSUE_REASON_MESSAGE = "Say why the invoice is voided and reissued";

/** Void and reissue: the reason is kept on the void invoice and in the activity log. */
export const ZReissueInvoice = z.object({
  reason: requiredText(REISSUE_REASON_MESSAGE, "Reason", TEXT_LIMITS.reason, 1, "multi"),
});
export type TReissueInvoice = z.output<typeof ZReissueInvoice>;

export const VOID_REASON_MESSAGE = "Say why the invoice is voided";

/** Void (without a new invoice): the reason is kept on the void invoice and in the activity log. */
export const ZVoidInvoice = z.object({
  reason: requiredText(VOID_REASON_MESSAGE, "Reason", TEXT_LIMITS.reason, 1, "multi"),
});
export type TVoidInvoice = z.output<typeof ZVoidInvoice>;
export type TInvoiceData = z.output<typeof ZInvoice>;

/** A job of a consolidated invoice: the heading of its group of lines. */
export type TInvoiceJob = {
  dispatchId: string;
  pickupDate: string;
  jobNumber: string | null;
  originAddress: string | null;
  destinationAddress: string | null;
  /** The position the dispatch filled (lead car, chase car, a custom name). */
  position: string | null;
  pevoName: string | null;
};

export type TInvoiceListItem = {
  id: string;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  jobNumber: string | null;
  total: string;
  status: InvoiceStatus;
  customerName: string | null;
  overdue: boolean;
  balance: string;
};

export type TInvoice = Omit<
  TInvoiceData,
  "subtotal" | "tax" | "total" | "lineItems" | "allowAdditional" | "status" | "dueDate" | "poNumber"
> & {
  id: string;
  status: InvoiceStatus;
  subtotal: string;
  tax: string;
  total: string;
  /** The tax rate (%) stored with the invoice: an edit keeps it even when the company's rate changes. */
  taxRate: string;
  /** What the payments add up to, and what is left (total - paid). */
  amountPaid: string;
  balance: string;
  /** Computed: due date before today in the company's zone, open status, balance left. */
  overdue: boolean;
  sentAt: string | null;
  /** Where it was last sent (the reminders go there). */
  sentTo: string | null;
  viewedAt: string | null;
  /** Why it was voided (alone or to be reissued); null otherwise. */
  voidReason: string | null;
  dueDate: string;
  poNumber: string | null;
  /** The party billed when it is not the ordering client (the client's bill-to setting). */
  billTo: { clientId: string | null; name: string; address: string | null } | null;
  /** The void invoice this one was reissued from, and the one reissued from this one. */
  replaces: { id: string; invoiceNumber: string } | null;
  replacedBy: { id: string; invoiceNumber: string } | null;
  /** The client's quick-pay terms applied to the total: gross, discount, net (null without terms). */
  quickPay: TQuickPay | null;
  /** Assigned to the company's factoring company (its remit-to and notice print on the PDF); null if not. */
  factoring: TInvoiceFactoring | null;
  /** Where the email of its latest sending stands (api/mail.ts); null before it was sent. */
  mail: TMailState | null;
  createdAt: string;
  lineItems: (z.output<typeof ZLineItem> & { id: string })[];
  /**
   * The jobs of a consolidated invoice in their order, each the heading of its lines' group; empty
   * for an invoice of one job (DECISIONS 'Consolidated invoices').
   */
  jobs: TInvoiceJob[];
  dispatch: {
    id: string;
    driverName: string;
    pickupDate: string;
    jobNumber: string | null;
    originAddress: string | null;
    destinationAddress: string | null;
    standardRates: { minimumDailyRate: string; mileageRate: string } | null;
  } | null;
};

/** The company profile and invoice defaults (Settings). */
export const ZCompanySettings = z.object({
  name: requiredText("Company name must be at least 2 characters", "Company name", TEXT_LIMITS.name, 2),
  contactPerson: boundedText("Contact person", TEXT_LIMITS.name),
  address: boundedText("Address", TEXT_LIMITS.address, "multi"),
  phone: optionalPhone("Phone"),
  email: optionalEmail(),
  /** Digits only: "MC-100200" is stored as "100200" (the app prints the "MC" itself). */
  mcNumber: mcNumber(),
  dotNumber: dotNumber(),
  paymentTermsDays: z.coerce
    .number({ error: "Payment terms must be a whole number of days" })
    .int({ message: "Payment terms must be a whole number of days" })
    .min(0, { message: "Payment terms must be a whole number of days" })
    .max(365, { message: "Payment terms must be 365 days or fewer" }),
  taxRate: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim() || "0")
    .refine((v) => /^\d{1,2}(\.\d{1,2})?$|^100(\.0{1,2})?$/.test(v), {
      message: "Tax rate must be between 0 and 100 with up to 2 decimals",
    })
    .transform((v) => Number(v).toFixed(2)),
  invoiceFooter: boundedText("Footer note", TEXT_LIMITS.longText, "multi"),
  /** Pickup dates and times are wall-clock times of this IANA zone (reminders); left out: unchanged. */
  timeZone: ZTimeZone.optional(),
  /** Overdue invoice reminder emails (1, 7 and 30 days after the due date); left out: unchanged. */
  invoiceReminders: z.boolean({ error: "Invoice reminders must be on or off" }).optional(),
  /** Credential expiry emails (PEVO and office, 30, 7 and 0 days before; the daily digest); left out: unchanged. */
  credentialExpiryEmails: z.boolean({ error: "Credential expiry emails must be on or off" }).optional(),
});
export type TCompanySettingsInput = z.input<typeof ZCompanySettings>;
export type TCompanySettings = z.output<typeof ZCompanySettings>;

export const ZInviteAdmin = z.object({
  name: requiredText("Name must be at least 2 characters", "Name", TEXT_LIMITS.name, 2),
  email: requiredEmail(),
});
