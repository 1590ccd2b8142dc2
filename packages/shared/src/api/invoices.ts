import { z } from "zod";
import { INVOICE_FILTER_STATUSES, INVOICE_STATUSES, LINE_KINDS } from "../constants";
import type { TInvoice, TInvoiceJob, TInvoiceListItem } from "../schemas/invoice";
import type { Assert, Same } from "./check";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";
import { ZInvoiceFactoring, ZQuickPay } from "./factoring";
import { ZMailState } from "./mail";
import {
  dayParam,
  idFilterParam,
  listParam,
  offsetPage,
  searchParam,
  sortParams,
  ZPageParams,
} from "./paging";

export const ZInvoiceListItem = z.object({
  id: ZId,
  invoiceNumber: z.string(),
  issueDate: ZDay,
  dueDate: ZDay,
  jobNumber: z.string().nullable(),
  total: ZDecimal,
  status: z.enum(INVOICE_STATUSES),
  customerName: z.string().nullable(),
  overdue: z
    .boolean()
    .describe(
      "Sent, viewed or partially paid, a balance left, and due before today in the company's time zone (computed, never stored)",
    ),
  balance: ZDecimal.describe("Total minus the payments"),
});
type _ListItem = Assert<Same<z.output<typeof ZInvoiceListItem>, TInvoiceListItem>>;

export const ZInvoiceJob = z.object({
  dispatchId: ZId,
  pickupDate: ZDay,
  jobNumber: z.string().nullable(),
  originAddress: z.string().nullable(),
  destinationAddress: z.string().nullable(),
  position: z.string().nullable(),
  pevoName: z.string().nullable(),
});
type _Job = Assert<Same<z.output<typeof ZInvoiceJob>, TInvoiceJob>>;

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
  memo: z.string().nullable().describe("The office's own memo (never shown to the client)"),
  subtotal: ZDecimal,
  /** The rate the invoice was made with (the company may have changed its rate since). */
  taxRate: ZDecimal,
  tax: ZDecimal,
  total: ZDecimal,
  amountPaid: ZDecimal,
  balance: ZDecimal,
  overdue: z.boolean().describe("Computed: open, a balance left, due before today in the company's zone"),
  sentAt: ZTimestamp.nullable(),
  sentTo: z.string().nullable(),
  viewedAt: ZTimestamp.nullable(),
  voidReason: z.string().nullable().describe("Why it was voided (alone or to be reissued); null otherwise"),
  poNumber: z.string().nullable().describe("The client's purchase order number"),
  billTo: z
    .object({ clientId: ZId.nullable(), name: z.string(), address: z.string().nullable() })
    .nullable()
    .describe("The party billed when it is not the ordering client (the client's bill-to setting)"),
  replaces: z
    .object({ id: ZId, invoiceNumber: z.string() })
    .nullable()
    .describe("The void invoice this one was reissued from"),
  replacedBy: z
    .object({ id: ZId, invoiceNumber: z.string() })
    .nullable()
    .describe("The invoice reissued from this one"),
  quickPay: ZQuickPay.nullable().describe(
    "The client's quick-pay terms applied to the total (gross, discount, net)",
  ),
  factoring: ZInvoiceFactoring.nullable().describe("The factoring company the invoice is assigned to"),
  mail: ZMailState.nullable().describe("Where the email of its latest sending stands"),
  createdAt: ZTimestamp,
  lineItems: z.array(
    z.object({
      id: ZId,
      kind: z.enum(LINE_KINDS),
      date: ZDay,
      location: z.string(),
      mileage: ZDecimal,
      charge: ZDecimal,
      dispatchId: ZId.nullable().describe("The job the line bills on a consolidated invoice"),
    }),
  ),
  jobs: z
    .array(ZInvoiceJob)
    .describe("The jobs of a consolidated invoice, each heading its group of lines; empty for one job"),
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

/** The sortable columns of the invoice list (clientName sorts by the invoice's customer name). */
export const INVOICE_SORTS = [
  "issueDate",
  "invoiceNumber",
  "clientName",
  "dueDate",
  "total",
  "status",
  "createdAt",
] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/** The filters of the invoice list and of its CSV export (`status=overdue` is the computed overdue). */
export const ZInvoiceListFilters = z.object({
  status: listParam("status", INVOICE_FILTER_STATUSES).describe(
    `One or more of ${INVOICE_FILTER_STATUSES.join(", ")}, comma-separated; overdue is computed (open, a balance left, due before today in the company's zone), the others the stored status`,
  ),
  issueFrom: dayParam("issueFrom"),
  issueTo: dayParam("issueTo"),
  dueFrom: dayParam("dueFrom"),
  dueTo: dayParam("dueTo"),
  clientId: idFilterParam("clientId").describe("The invoices of one client (another company's client: none)"),
  q: searchParam("by invoice number"),
});

export const ZInvoiceExportParams = sortParams(INVOICE_SORTS, "issueDate", "desc").extend(
  ZInvoiceListFilters.shape,
);
export const ZInvoiceListParams = ZPageParams.extend(ZInvoiceExportParams.shape);
export type TInvoiceListParams = z.output<typeof ZInvoiceListParams>;
export type TInvoiceExportParams = z.output<typeof ZInvoiceExportParams>;

export const ZInvoicePage = offsetPage(ZInvoiceListItem);
