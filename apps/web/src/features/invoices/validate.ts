import type { TInvoice, TInvoiceListItem } from "@pevo/shared";
import { z } from "zod";

/** What a screen needs of an answer before it renders it (SPEC: invalid rows are skipped). */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
const amount = z.union([z.string().regex(/^-?\d+(\.\d+)?$/), z.number()]);

const ZListRow = z.object({
  id: z.string().min(1),
  invoiceNumber: z.string().min(1),
  issueDate: isoDay,
  dueDate: isoDay,
  jobNumber: z.string().nullable(),
  total: amount,
  status: z.string(),
});

const ZStoredInvoice = ZListRow.omit({ jobNumber: true }).extend({
  dispatchId: z.string(),
  subtotal: amount,
  tax: amount,
  lineItems: z.array(
    z.object({ id: z.string(), date: isoDay, location: z.string(), mileage: amount, charge: amount }),
  ),
  dispatch: z
    .object({
      id: z.string(),
      driverName: z.string(),
      pickupDate: isoDay,
      jobNumber: z.string().nullable(),
      standardRates: z.object({ minimumDailyRate: amount, mileageRate: amount }).nullable(),
    })
    .nullable(),
});

/** The list rows that have what the table shows; others are skipped. */
export const validRows = (rows: unknown): TInvoiceListItem[] =>
  Array.isArray(rows) ? rows.filter((row): row is TInvoiceListItem => ZListRow.safeParse(row).success) : [];

export const isValidInvoice = (value: unknown): value is TInvoice => ZStoredInvoice.safeParse(value).success;
