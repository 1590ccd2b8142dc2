// The office's invoice list, its CSV export and the next free number: reads, filtered on the server.
import { dispatches, type Executor, invoices, rateConfirmations } from "@pevo/db";
import {
  INVOICE_OPEN_STATUSES,
  type InvoiceSort,
  type TInvoiceExportParams,
  type TInvoiceListItem,
  type TInvoiceListParams,
} from "@pevo/shared";
import { and, eq, gte, ilike, inArray, like, lte, or, type SQL, sql } from "drizzle-orm";
import {
  allRows,
  countRows,
  type KeyColumn,
  keyset,
  likePattern,
  offsetPageOf,
  sortBy,
} from "../../lib/paging";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";
import { balanceSql, invoiceToday, overdueCondition, overdueSql } from "./invoice-status";

/** INV-YYYY-NNNN: after the company's highest number of that year (gaps are not filled). */
export async function nextInvoiceNumber(scope: { db: Executor; companyId: CompanyId }, isoDay: string) {
  const prefix = `INV-${isoDay.slice(0, 4)}-`;
  const rows = await scope.db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(scoped(invoices, scope, like(invoices.invoiceNumber, `${prefix}%`)));
  const used = rows
    .map((r) => r.invoiceNumber.slice(prefix.length))
    .filter((rest) => /^\d{1,9}$/.test(rest))
    .map(Number);
  const next = used.length ? Math.max(...used) + 1 : 1;
  return `${prefix}${String(next).padStart(4, "0")}`;
}

/** The sort columns (all non-null, so that the export can read them as a keyset). */
const SORTS: Record<InvoiceSort, KeyColumn> = {
  issueDate: invoices.issueDate,
  invoiceNumber: invoices.invoiceNumber,
  // The customer name printed on the invoice; invoices without one sort as "" (first ascending).
  clientName: { expr: sql`coalesce(${invoices.customerName}, '')`, type: "text" },
  dueDate: invoices.dueDate,
  total: invoices.total,
  // The enum's order: draft, sent, viewed, partially_paid, paid, void.
  status: invoices.status,
  createdAt: invoices.createdAt,
};
const sortExpr = (sort: InvoiceSort) => {
  const column = SORTS[sort];
  return "expr" in column ? column.expr : column;
};

/** The list's and the export's WHERE: the company's invoices that pass every filter. */
function filtersOf(scope: Scope, params: TInvoiceExportParams, today: string): SQL {
  const statuses = params.status ?? [];
  const stored = statuses.filter((s) => s !== "overdue");
  // With the computed overdue, every stored status the filter can match goes first as a plain IN
  // list: the (company, status, due date) index then narrows the rows before the OR is checked.
  const withOverdue = () =>
    and(
      inArray(invoices.status, [...new Set([...stored, ...INVOICE_OPEN_STATUSES])]),
      or(stored.length ? inArray(invoices.status, stored) : undefined, overdueCondition(today)),
    );
  const statusCondition =
    statuses.length === 0
      ? undefined
      : statuses.includes("overdue")
        ? withOverdue()
        : inArray(invoices.status, stored);
  return scoped(
    invoices,
    scope,
    statusCondition,
    params.issueFrom ? gte(invoices.issueDate, params.issueFrom) : undefined,
    params.issueTo ? lte(invoices.issueDate, params.issueTo) : undefined,
    params.dueFrom ? gte(invoices.dueDate, params.dueFrom) : undefined,
    params.dueTo ? lte(invoices.dueDate, params.dueTo) : undefined,
    params.clientId ? eq(invoices.clientId, params.clientId) : undefined,
    params.q ? ilike(invoices.invoiceNumber, likePattern(params.q)) : undefined,
  );
}

const listColumns = (today: string) => ({
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  jobNumber: rateConfirmations.jobNumber,
  total: invoices.total,
  status: invoices.status,
  customerName: invoices.customerName,
  overdue: overdueSql(today),
  balance: balanceSql,
});

/** One page of the company's invoices, filtered and sorted on the server (issue date, newest first by default). */
export async function listInvoices(scope: Scope, params: TInvoiceListParams) {
  const { db } = scope;
  const today = await invoiceToday(db, scope);
  const where = filtersOf(scope, params, today);
  return offsetPageOf<TInvoiceListItem>(params, {
    // One statement: the page's ids from the sort index in a subquery (a deep page skips index
    // entries, not joined rows), then those rows with their job number.
    rows: (limit, offset) => {
      const order = sortBy(sortExpr(params.sort), params.dir, invoices.id);
      const page = db
        .select({ id: invoices.id })
        .from(invoices)
        // scoped: filtersOf() builds it with scoped()
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return db
        .select(listColumns(today))
        .from(invoices)
        .leftJoin(dispatches, eq(dispatches.id, invoices.dispatchId))
        .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
        .where(scoped(invoices, scope, inArray(invoices.id, page)))
        .orderBy(...order);
    },
    count: (cap) => countRows(db, invoices, where, cap),
  });
}

export const INVOICE_CSV_HEADER = [
  "Invoice Number",
  "Client",
  "Issue Date",
  "Due Date",
  "Status",
  "Overdue",
  "Subtotal",
  "Tax",
  "Total",
  "Amount Paid",
  "Balance",
  "Dispatch/Job",
  "Created",
];

/**
 * Every invoice of the filtered list, in the list's order, as CSV rows. Read in keyset batches of
 * 1,000 (`allRows`) over (sort column, id): each batch continues after the last row of the previous
 * one, so every matching row comes exactly once and memory holds one batch however many match.
 */
export async function* exportInvoices(scope: Scope, params: TInvoiceExportParams) {
  const { db } = scope;
  const today = await invoiceToday(db, scope);
  const where = filtersOf(scope, params, today);
  const key = keyset([SORTS[params.sort], invoices.id], params.dir);
  const rows = allRows((cursor, limit) =>
    db
      .select({
        ...listColumns(today),
        subtotal: invoices.subtotal,
        tax: invoices.tax,
        amountPaid: invoices.amountPaid,
        createdAt: invoices.createdAt,
        cursor: key.cursor,
      })
      .from(invoices)
      .leftJoin(dispatches, eq(dispatches.id, invoices.dispatchId))
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      // scoped: filtersOf() builds it with scoped()
      .where(and(where, key.after(cursor)))
      .orderBy(...key.orderBy)
      .limit(limit),
  );
  for await (const r of rows) {
    yield [
      r.invoiceNumber,
      r.customerName ?? "",
      r.issueDate,
      r.dueDate,
      r.status,
      r.overdue ? "yes" : "no",
      r.subtotal,
      r.tax,
      r.total,
      r.amountPaid,
      r.balance,
      r.jobNumber ?? "",
      r.createdAt.toISOString(),
    ];
  }
}
