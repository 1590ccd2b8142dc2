/**
 * GET /api/receivables: the open balance of each client, aged by due date against the company's
 * today (DECISIONS 'Invoices', Receivables). Open = sent, viewed or partially paid with a balance left; draft, paid and
 * void invoices owe nothing.
 */
import { z } from "zod";
import { ZDay, ZDecimal, ZId } from "./common";
import { dayParam, offsetPage, sortParams, ZPageParams } from "./paging";

/** The aging buckets: days past the due date (current = not yet past due). */
export const AGING_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "over90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const ZAging = z.object({
  balance: ZDecimal.describe("Everything still owed on open invoices"),
  current: ZDecimal.describe("Not yet past due (due today or later)"),
  days1to30: ZDecimal,
  days31to60: ZDecimal,
  days61to90: ZDecimal,
  over90: ZDecimal,
  overdue: ZDecimal.describe("Past due: the sum of the four past-due buckets (the computed overdue rule)"),
  openInvoices: z.number().int(),
});

/** The client's unapplied credit beside what its open invoices owe (DECISIONS 'Client credit'). */
const creditColumns = {
  credit: ZDecimal.describe("Unapplied client credit"),
  netBalance: ZDecimal.describe("The client's balance: open invoices' balance minus unapplied credit"),
};

export const ZReceivablesRow = ZAging.extend({
  clientId: ZId.nullable().describe("Null for invoices without a client (grouped by customer name)"),
  clientName: z.string(),
  oldestDueDate: ZDay,
  ...creditColumns,
});

export const RECEIVABLES_SORTS = ["clientName", "balance", "overdue", "oldestDueDate"] as const;
export type ReceivablesSort = (typeof RECEIVABLES_SORTS)[number];

export const ZReceivablesParams = ZPageParams.extend(sortParams(RECEIVABLES_SORTS, "balance", "desc").shape);
export type TReceivablesParams = z.output<typeof ZReceivablesParams>;

export const ZReceivablesResponse = offsetPage(ZReceivablesRow).extend({
  today: ZDay.describe("The company's today the buckets were computed against"),
  totals: ZAging.extend(creditColumns).describe(
    "All clients together (not only this page); credit counts every client's unapplied credit, also of clients owing nothing",
  ),
});
export type TReceivablesRow = z.output<typeof ZReceivablesRow>;
export type TAging = z.output<typeof ZAging>;
export type TReceivablesResponse = z.output<typeof ZReceivablesResponse>;

/** GET /api/receivables/payments.csv: the payments received in a date range (both inclusive). */
export const ZPaymentsExportParams = z.object({
  dateFrom: dayParam("dateFrom"),
  dateTo: dayParam("dateTo"),
});
export type TPaymentsExportParams = z.output<typeof ZPaymentsExportParams>;

/** GET /api/receivables/quickbooks.csv: the invoices issued in a date range (draft and void left out). */
export const ZQuickBooksExportParams = z.object({
  issueFrom: dayParam("issueFrom"),
  issueTo: dayParam("issueTo"),
});
export type TQuickBooksExportParams = z.output<typeof ZQuickBooksExportParams>;

/** The columns QuickBooks Online's invoice import maps by name. */
export const QUICKBOOKS_INVOICE_HEADER = [
  "InvoiceNo",
  "Customer",
  "InvoiceDate",
  "DueDate",
  "Terms",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "ItemAmount",
] as const;

/**
 * GET /api/receivables/quickbooks-credit-memos.csv and quickbooks-payments.csv: the credit notes
 * dated and the payments received in a date range (both inclusive).
 */
export const ZQuickBooksRangeParams = z.object({
  dateFrom: dayParam("dateFrom"),
  dateTo: dayParam("dateTo"),
});
export type TQuickBooksRangeParams = z.output<typeof ZQuickBooksRangeParams>;

/**
 * The columns of the credit memo CSV: QuickBooks Online's credit memo fields, spelled as its
 * invoice import spells them (CreditMemoNo and CreditMemoDate for InvoiceNo and InvoiceDate; the
 * same line columns), so its import maps every column without a choice. DECISIONS 'Invoices', Exports.
 */
export const QUICKBOOKS_CREDIT_MEMO_HEADER = [
  "CreditMemoNo",
  "Customer",
  "CreditMemoDate",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "ItemAmount",
  "Memo",
] as const;

/** The columns of the received-payment CSV: QuickBooks Online's Receive payment fields, one row a payment. */
export const QUICKBOOKS_PAYMENT_HEADER = [
  "PaymentDate",
  "Customer",
  "PaymentMethod",
  "ReferenceNo",
  "InvoiceNo",
  "Amount",
  "Memo",
] as const;

export const PAYMENTS_CSV_HEADER = [
  "Date",
  "Invoice Number",
  "Client",
  "Amount",
  "Method",
  "Reference",
  "Note",
  "Recorded",
  "Kept as Client Credit",
] as const;
