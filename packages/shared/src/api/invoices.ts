import { z } from "zod";
import { INVOICE_STATUSES } from "../constants";
import type { TInvoice, TInvoiceListItem } from "../schemas/invoice";
import type { Assert, Same } from "./check";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";

export const ZInvoiceListItem = z.object({
  id: ZId,
  invoiceNumber: z.string(),
  issueDate: ZDay,
  dueDate: ZDay,
  jobNumber: z.string().nullable(),
  total: ZDecimal,
  status: z.enum(INVOICE_STATUSES),
  customerName: z.string().nullable(),
});
type _ListItem = Assert<Same<z.output<typeof ZInvoiceListItem>, TInvoiceListItem>>;

export const ZInvoiceResponse = z.object({
  id: ZId,
  invoiceNumber: z.string(),
  issueDate: ZDay,
  dueDate: ZDay,
  dispatchId: ZId,
  clientId: ZId.nullable(),
  status: z.enum(INVOICE_STATUSES),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  pevoName: z.string().nullable(),
  pevoPosition: z.string().nullable(),
  notes: z.string().nullable(),
  subtotal: ZDecimal,
  /** The rate the invoice was made with (the company may have changed its rate since). */
  taxRate: ZDecimal,
  tax: ZDecimal,
  total: ZDecimal,
  createdAt: ZTimestamp,
  lineItems: z.array(
    z.object({ id: ZId, date: ZDay, location: z.string(), mileage: ZDecimal, charge: ZDecimal }),
  ),
  dispatch: z
    .object({
      id: ZId,
      driverName: z.string(),
      pickupDate: ZDay,
      jobNumber: z.string().nullable(),
      originAddress: z.string().nullable(),
      destinationAddress: z.string().nullable(),
      standardRates: z.object({ minimumDailyRate: ZDecimal, mileageRate: ZDecimal }).nullable(),
    })
    .nullable(),
});
type _Invoice = Assert<Same<z.output<typeof ZInvoiceResponse>, TInvoice>>;

export const ZNextInvoiceNumberResponse = z.object({
  invoiceNumber: z.string().describe("INV-YYYY-NNNN: the next free number of the company in that year"),
});
