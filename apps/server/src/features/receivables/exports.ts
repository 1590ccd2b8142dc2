/**
 * The accounting exports (DECISIONS 'Invoices', Exports): payments received in a date range, and invoices in the
 * CSV QuickBooks Online's invoice import accepts (one row per line; QuickBooks groups the rows of
 * one InvoiceNo into one invoice; dates MM/DD/YYYY as a US company reads them). Money goes out as
 * the exact decimal text of the database.
 */
import { clients, customRates, dispatches, invoiceLineItems, invoices, payments } from "@pevo/db";
import {
  fromCents,
  LINE_KIND_LABELS,
  type LineKind,
  PAYMENT_METHOD_LABELS,
  type TPaymentsExportParams,
  type TQuickBooksExportParams,
} from "@pevo/shared";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { CsvValue } from "../../http/csv";
import { allRows, keyset } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";

/** Each payment of the range, oldest first: Date, Invoice Number, Client, Amount, Method, … */
export async function* exportPayments(
  scope: Scope,
  params: TPaymentsExportParams,
): AsyncGenerator<CsvValue[]> {
  const { db } = scope;
  const where = scoped(
    payments,
    scope,
    params.dateFrom ? gte(payments.date, params.dateFrom) : undefined,
    params.dateTo ? lte(payments.date, params.dateTo) : undefined,
  );
  const key = keyset([payments.date, payments.id], "asc");
  const rows = allRows((cursor, limit) =>
    db
      .select({
        date: payments.date,
        invoiceNumber: invoices.invoiceNumber,
        client: sql<string>`coalesce(${clients.name}, ${invoices.customerName}, '')`,
        amountCents: payments.amountCents,
        method: payments.method,
        reference: payments.reference,
        note: payments.note,
        createdAt: payments.createdAt,
        cursor: key.cursor,
      })
      .from(payments)
      .innerJoin(
        invoices,
        and(eq(invoices.id, payments.invoiceId), eq(invoices.companyId, payments.companyId)),
      )
      .leftJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.companyId, invoices.companyId)))
      // scoped: `where` is built with scoped() above
      .where(and(where, key.after(cursor)))
      .orderBy(...key.orderBy)
      .limit(limit),
  );
  for await (const p of rows) {
    yield [
      p.date,
      p.invoiceNumber,
      p.client,
      fromCents(p.amountCents),
      PAYMENT_METHOD_LABELS[p.method],
      p.reference ?? "",
      p.note ?? "",
      p.createdAt.toISOString(),
    ];
  }
}

const QUICKBOOKS_TAX_ITEM = "Sales Tax";

/** QuickBooks Online's default payment terms: another number of days leaves Terms empty. */
const QUICKBOOKS_TERMS: Record<number, string> = {
  0: "Due on receipt",
  15: "Net 15",
  30: "Net 30",
  60: "Net 60",
};

/** "2025-03-01" → "03/01/2025": the date format of a US QuickBooks Online company. */
const quickBooksDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

type Line = { kind: LineKind; date: string; location: string; mileage: string; charge: string };

/**
 * The Product/Service a line is billed as (QuickBooks creates one per new name): the line kind's
 * shared label, as the PDF groups it; a custom line suggested from a custom rate ("Permit fee
 * ($75.00)") is billed as that rate. A colon would make a QuickBooks sub-item ("Parent:Child"):
 * it becomes a dash.
 */
function quickBooksItem(line: Line, customRateNames: string[]) {
  const rate =
    line.kind === "custom"
      ? customRateNames.find((name) => line.location === name || line.location.startsWith(`${name} (`))
      : undefined;
  return (rate ?? LINE_KIND_LABELS[line.kind]).replace(/\s*:\s*/g, " - ");
}

/**
 * Every line of the invoices issued in the range (sent or later: a draft is not billed yet, a void
 * one never), by issue date and number. A tax is one more line ("Sales Tax"), so that the rows of
 * an invoice add up to its total exactly.
 */
export async function* exportQuickBooks(
  scope: Scope,
  params: TQuickBooksExportParams,
): AsyncGenerator<CsvValue[]> {
  const { db } = scope;
  const where = scoped(
    invoices,
    scope,
    inArray(invoices.status, ["sent", "viewed", "partially_paid", "paid"]),
    params.issueFrom ? gte(invoices.issueDate, params.issueFrom) : undefined,
    params.issueTo ? lte(invoices.issueDate, params.issueTo) : undefined,
  );
  const key = keyset([invoices.issueDate, invoices.id], "asc");
  // The lines as exact text (json numbers would lose "100.50"'s zero), in the invoice's order.
  const lines = sql<Line[]>`coalesce((
    select json_agg(json_build_object(
      'kind', ${invoiceLineItems.kind}, 'date', ${invoiceLineItems.date}::text,
      'location', ${invoiceLineItems.location}, 'mileage', ${invoiceLineItems.mileage}::text,
      'charge', ${invoiceLineItems.charge}::text
    ) order by ${invoiceLineItems.sortOrder}, ${invoiceLineItems.id})
    from ${invoiceLineItems}
    where ${invoiceLineItems.invoiceId} = ${invoices.id} and ${invoiceLineItems.companyId} = ${invoices.companyId}
  ), '[]'::json)`;
  // The custom rates of the invoice's rate confirmation (through its dispatch), to name custom lines.
  const customRateNames = sql<string[]>`coalesce((
    select json_agg(${customRates.name})
    from ${customRates}
    join ${dispatches} on ${dispatches.rateConfirmationId} = ${customRates.rateConfirmationId}
      and ${dispatches.companyId} = ${customRates.companyId}
    where ${dispatches.id} = ${invoices.dispatchId} and ${customRates.companyId} = ${invoices.companyId}
  ), '[]'::json)`;
  const rows = allRows((cursor, limit) =>
    db
      .select({
        invoiceNumber: invoices.invoiceNumber,
        customer: sql<string>`coalesce(${invoices.customerName}, ${clients.name}, '')`,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        termDays: sql<number>`(${invoices.dueDate} - ${invoices.issueDate})::int`,
        tax: sql<string>`${invoices.tax}::text`,
        lines,
        customRateNames,
        cursor: key.cursor,
      })
      .from(invoices)
      .leftJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.companyId, invoices.companyId)))
      // scoped: `where` is built with scoped() above
      .where(and(where, key.after(cursor)))
      .orderBy(...key.orderBy)
      .limit(limit),
  );
  for await (const inv of rows) {
    const head = [
      inv.invoiceNumber,
      inv.customer,
      quickBooksDate(inv.issueDate),
      quickBooksDate(inv.dueDate),
      QUICKBOOKS_TERMS[inv.termDays] ?? "",
    ];
    for (const line of inv.lines) {
      const miles = Number(line.mileage) > 0 ? ` (${line.mileage} mi)` : "";
      const description = `${quickBooksDate(line.date)} ${line.location}${miles}`;
      const item = quickBooksItem(line, inv.customRateNames);
      yield [...head, item, description, 1, line.charge, line.charge];
    }
    if (Number(inv.tax) !== 0) yield [...head, QUICKBOOKS_TAX_ITEM, "Sales tax", 1, inv.tax, inv.tax];
  }
}
