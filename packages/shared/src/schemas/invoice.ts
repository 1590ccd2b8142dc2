import { z } from "zod";
import { INVOICE_STATUSES, type InvoiceStatus } from "../constants";
import { isoDate, optionalText } from "./fields";

/** A non-negative decimal with up to two places; empty counts as 0 (SPEC §5 / §9). */
const amount = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()])
    // optional(), not z.undefined() in the union: zod 4 otherwise refuses a missing key ("expected nonoptional").
    .optional()
    .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
    .refine((v) => v === "" || /^\d{1,10}(\.\d{1,2})?$/.test(v), { message })
    .transform((v) => (v === "" ? "0.00" : Number(v).toFixed(2)));

export const ZLineItem = z.object({
  date: isoDate("Date is required"),
  location: z.string({ error: "Location is required" }).trim().min(1, { message: "Location is required" }),
  mileage: amount("Mileage must be a positive number"),
  charge: amount("Charge must be a positive number"),
});

/** The invoice form. Subtotal, tax and total are accepted but ignored: the server computes them. */
export const ZInvoice = z
  .object({
    invoiceNumber: z
      .string({ error: "Invoice number is required" })
      .trim()
      .min(1, { message: "Invoice number is required" }),
    issueDate: isoDate("Issue date is required"),
    dueDate: isoDate("Due date is required"),
    dispatchId: z.uuid({ error: "Dispatch ID is required" }),
    clientId: z
      .union([z.literal(""), z.uuid({ message: "Choose a customer from the list" })])
      .nullish()
      .transform((v) => (v ? v : null)),
    status: z.enum(INVOICE_STATUSES).default("draft"),
    customerName: optionalText,
    customerAddress: optionalText,
    pevoName: optionalText,
    pevoPosition: optionalText,
    notes: optionalText,
    lineItems: z.array(ZLineItem).default([]),
    subtotal: z.unknown().optional(),
    tax: z.unknown().optional(),
    total: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.dueDate < v.issueDate) {
      ctx.addIssue({
        code: "custom",
        path: ["dueDate"],
        message: "Due date cannot be before the issue date",
      });
    }
  });
export type TInvoiceInput = z.input<typeof ZInvoice>;
export type TInvoiceData = z.output<typeof ZInvoice>;

export type TInvoiceListItem = {
  id: string;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  jobNumber: string | null;
  total: string;
  status: InvoiceStatus;
  customerName: string | null;
};

export type TInvoice = Omit<TInvoiceData, "subtotal" | "tax" | "total" | "lineItems"> & {
  id: string;
  subtotal: string;
  tax: string;
  total: string;
  /** The tax rate (%) stored with the invoice: an edit keeps it even when the company's rate changes. */
  taxRate: string;
  createdAt: string;
  lineItems: (z.output<typeof ZLineItem> & { id: string })[];
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
  name: z.string({ error: "Company name must be at least 2 characters" }).trim().min(2, {
    message: "Company name must be at least 2 characters",
  }),
  contactPerson: optionalText,
  address: optionalText,
  phone: optionalText,
  email: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .pipe(z.email({ message: "Please enter a valid email" })),
    ])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  mcNumber: optionalText,
  dotNumber: optionalText,
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
  invoiceFooter: optionalText,
});
export type TCompanySettingsInput = z.input<typeof ZCompanySettings>;
export type TCompanySettings = z.output<typeof ZCompanySettings>;

export const ZInviteAdmin = z.object({
  name: z.string({ error: "Name must be at least 2 characters" }).trim().min(2, {
    message: "Name must be at least 2 characters",
  }),
  email: z
    .string({ error: "Please enter a valid email" })
    .trim()
    .pipe(z.email({ message: "Please enter a valid email" })),
});
