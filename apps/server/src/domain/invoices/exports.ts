/**
 * The rows of the accounting exports (DECISIONS 'Invoices', Exports): payments received in a date
 * range and the invoices issued in one, read as the database holds them (money as exact decimal
 * text); features/receivables writes them as CSV.
 */
import {
  clientCreditEntries,
  clients,
  customRates,
  dispatches,
  invoiceLineItems,
  invoices,
  payments,
} from "@pevo/db";
import {
  type LineKind,
  NON_CASH_PAYMENT_METHODS,
  type TPaymentsExportParams,
  type TQuickBooksExportParams,
} from "@pevo/shared";
import { and, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { allRows, keyset } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";

/** An invoice line as the QuickBooks export reads it. */
export type ExportedLine = {
  kind: LineKind;
  date: string;
  location: string;
  mileage: string;
  charge: string;
};

/**
 * Each payment of the range, oldest first, with its invoice number and client: money received
 * (DECISIONS 'Client credit'). The amount is what was received, the part kept as the client's credit
 * included (`creditCents`); a credit note's applied part and client credit applied to an invoice are
 * no new money and are left out (DECISIONS 'Credit notes').
 * Read in keyset batches (`allRows`): memory holds one batch however many match.
 */
export function paymentsInRange(scope: Scope, params: TPaymentsExportParams) {
  const { db } = scope;
  const where = scoped(
    payments,
    scope,
    params.dateFrom ? gte(payments.date, params.dateFrom) : undefined,
    params.dateTo ? lte(payments.date, params.dateTo) : undefined,
    notInArray(payments.method, [...NON_CASH_PAYMENT_METHODS]),
  );
  const key = keyset([payments.date, payments.id], "asc");
  const creditCents = sql<number>`coalesce((
    select sum(${clientCreditEntries.amountCents}) from ${clientCreditEntries}
    where ${clientCreditEntries.companyId} = ${payments.companyId} and ${clientCreditEntries.paymentId} = ${payments.id}
      and ${clientCreditEntries.kind} = 'overpayment'
  ), 0)`.mapWith(Number);
  return allRows((cursor, limit) =>
    db
      .select({
        date: payments.date,
        invoiceNumber: invoices.invoiceNumber,
        client: sql<string>`coalesce(${clients.name}, ${invoices.customerName}, '')`,
        // QuickBooks' customer is who owes the money, as the invoice export names it: the bill-to party.
        billedCustomer: sql<string>`coalesce(${invoices.billToName}, ${invoices.customerName}, ${clients.name}, '')`,
        amountCents: payments.amountCents,
        creditCents,
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
}

/**
 * The invoices issued in the range (sent or later: a draft is not billed yet, a void one never), by
 * issue date and id, each with its lines as exact text and the names of its rate confirmation's
 * custom rates. Read in keyset batches (`allRows`).
 */
export function invoicesIssuedInRange(scope: Scope, params: TQuickBooksExportParams) {
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
  const lines = sql<ExportedLine[]>`coalesce((
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
  return allRows((cursor, limit) =>
    db
      .select({
        invoiceNumber: invoices.invoiceNumber,
        // QuickBooks' customer is who owes the money: the bill-to party when there is one.
        customer: sql<string>`coalesce(${invoices.billToName}, ${invoices.customerName}, ${clients.name}, '')`,
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
}
