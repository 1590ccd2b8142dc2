import {
  clients,
  companies,
  dispatches,
  type Executor,
  invoiceLineItems,
  invoices,
  missingRow,
  rateConfirmations,
  standardRates,
} from "@pevo/db";
import {
  INVOICE_OPEN_STATUSES,
  type InvoiceSort,
  invoiceTotals,
  type TInvoice,
  type TInvoiceData,
  type TInvoiceExportParams,
  type TInvoiceListItem,
  type TInvoiceListParams,
  toCents,
} from "@pevo/shared";
import { and, asc, eq, gte, ilike, inArray, like, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { recordActivity } from "../../domain/activity";
import { ConflictError, InvalidInputError, isUniqueViolation, NotFoundError } from "../../lib/domain-errors";
import {
  balanceOf,
  balanceSql,
  invoiceToday,
  isOverdue,
  overdueCondition,
  overdueSql,
  statusAfterAmounts,
} from "../../lib/invoice-status";
import { invoiceEvent, published } from "../../lib/live-events";
import {
  allRows,
  countRows,
  type KeyColumn,
  keyset,
  likePattern,
  offsetPageOf,
  sortBy,
} from "../../lib/paging";
import { type CompanyId, ownCompany, type Scope, scoped } from "../../lib/tenant";
import { mailState } from "../../mail/mail-jobs";
import { syncInvoiceReminders } from "./reminders";

export const INVOICE_NOT_FOUND = "Invoice not found";
const INVOICE_NUMBER_TAKEN = "This invoice number is already used by another invoice";
const VOID_NOT_EDITABLE = "A void invoice cannot be changed";
const totalBelowPaid = (paid: string) =>
  `The total cannot be less than the $${paid} already paid: delete a payment first`;
const DISPATCH_REQUIRED = "Dispatch ID is required";

/** The refusal of a second invoice for a dispatch (void invoices do not count). */
const dispatchAlreadyInvoiced = (numbers: string[]) =>
  `This dispatch already has ${numbers.length === 1 ? "invoice" : "invoices"} ${numbers.join(", ")}. ` +
  "Tick “Create a supplementary invoice anyway” to add another one.";

/** INV-YYYY-NNNN: after the company's highest number of that year (gaps are not filled). */
export async function nextInvoiceNumber(scope: Scope, isoDay: string) {
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

/** The key of an invoice's mail (mail/mail-jobs.ts): the invoice page shows where its latest one stands. */
export const invoiceMailKey = (invoiceId: string) => `invoice:${invoiceId}`;

export async function getInvoice(
  scope: { db: Executor; companyId: CompanyId },
  id: string,
): Promise<TInvoice> {
  const { db } = scope;
  const [row] = await db
    .select({
      invoice: invoices,
      dispatch: {
        id: dispatches.id,
        driverName: dispatches.driverName,
        pickupDate: dispatches.pickupDate,
      },
      jobNumber: rateConfirmations.jobNumber,
      originAddress: rateConfirmations.originAddress,
      destinationAddress: rateConfirmations.destinationAddress,
      minimumDailyRate: standardRates.minimumDailyRate,
      mileageRate: standardRates.mileageRate,
    })
    .from(invoices)
    .innerJoin(dispatches, eq(dispatches.id, invoices.dispatchId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(standardRates, eq(standardRates.rateConfirmationId, rateConfirmations.id))
    .where(scoped(invoices, scope, eq(invoices.id, id)));
  if (!row) throw new NotFoundError(INVOICE_NOT_FOUND);
  const items = await db
    .select({
      id: invoiceLineItems.id,
      kind: invoiceLineItems.kind,
      date: invoiceLineItems.date,
      location: invoiceLineItems.location,
      mileage: invoiceLineItems.mileage,
      charge: invoiceLineItems.charge,
    })
    .from(invoiceLineItems)
    .where(scoped(invoiceLineItems, scope, eq(invoiceLineItems.invoiceId, id)))
    .orderBy(asc(invoiceLineItems.sortOrder));
  const inv = row.invoice;
  return {
    id: inv.id,
    invoiceNumber: inv.invoiceNumber,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    dispatchId: inv.dispatchId,
    clientId: inv.clientId,
    status: inv.status,
    customerName: inv.customerName,
    customerAddress: inv.customerAddress,
    pevoName: inv.pevoName,
    pevoPosition: inv.pevoPosition,
    notes: inv.notes,
    subtotal: inv.subtotal,
    tax: inv.tax,
    total: inv.total,
    taxRate: inv.taxRate,
    amountPaid: inv.amountPaid,
    balance: balanceOf(inv),
    overdue: isOverdue(inv, await invoiceToday(db, scope)),
    sentAt: inv.sentAt?.toISOString() ?? null,
    sentTo: inv.sentTo,
    viewedAt: inv.viewedAt?.toISOString() ?? null,
    mail: await mailState(db, scope, invoiceMailKey(inv.id)),
    createdAt: inv.createdAt.toISOString(),
    lineItems: items,
    dispatch: {
      ...row.dispatch,
      jobNumber: row.jobNumber,
      originAddress: row.originAddress,
      destinationAddress: row.destinationAddress,
      standardRates:
        row.minimumDailyRate && row.mileageRate
          ? { minimumDailyRate: row.minimumDailyRate, mileageRate: row.mileageRate }
          : null,
    },
  };
}

/**
 * The dispatch and customer must be the company's own; the totals come from the lines and the tax
 * rate: the company's current one for a new invoice, the invoice's own when it is edited.
 */
async function prepare(scope: Scope, input: TInvoiceData, kept?: { taxRate: string; dispatchId: string }) {
  const { db } = scope;
  const [dispatch] = await db
    .select({ id: dispatches.id, jobNumber: rateConfirmations.jobNumber, client: clients.name })
    .from(dispatches)
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .where(scoped(dispatches, scope, eq(dispatches.id, input.dispatchId)));
  if (!dispatch) throw new InvalidInputError(DISPATCH_REQUIRED, { dispatchId: DISPATCH_REQUIRED });
  // A second invoice for a dispatch only on purpose; an edit that keeps its dispatch is not checked
  // (a supplementary invoice stays editable).
  if (!input.allowAdditional && kept?.dispatchId !== input.dispatchId) {
    const others = await db
      .select({ invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(scoped(invoices, scope, eq(invoices.dispatchId, input.dispatchId), ne(invoices.status, "void")))
      .orderBy(asc(invoices.createdAt));
    if (others.length > 0) {
      const message = dispatchAlreadyInvoiced(others.map((o) => o.invoiceNumber));
      throw new ConflictError(message, { dispatchId: message });
    }
  }
  if (input.clientId) {
    const [client] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(scoped(clients, scope, eq(clients.id, input.clientId)));
    if (!client) {
      const message = "Choose a customer from the list";
      throw new InvalidInputError(message, { clientId: message });
    }
  }
  const taxRate =
    kept?.taxRate ??
    (await db.select({ taxRate: companies.taxRate }).from(companies).where(ownCompany(scope)))[0]?.taxRate ??
    "0";
  const totals = invoiceTotals(
    input.lineItems.map((l) => l.charge),
    taxRate,
  );
  // The status is not the form's: it follows send, view, payments and void.
  const {
    lineItems: _lines,
    subtotal: _s,
    tax: _t,
    total: _total,
    allowAdditional: _a,
    status: _status,
    ...fields
  } = input;
  return { dispatch, values: { ...fields, ...totals, taxRate } };
}

async function writeLines(tx: Executor, scope: Scope, invoiceId: string, input: TInvoiceData) {
  if (input.lineItems.length === 0) return;
  await tx.insert(invoiceLineItems).values(
    input.lineItems.map((line, sortOrder) => ({
      ...line,
      companyId: scope.companyId,
      invoiceId,
      sortOrder,
    })),
  );
}

function duplicateNumber(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new ConflictError(INVOICE_NUMBER_TAKEN, { invoiceNumber: INVOICE_NUMBER_TAKEN });
  }
  throw error;
}

/** Invoice and line items in one transaction; the server's totals, never the client's. */
export async function createInvoice(scope: Scope, input: TInvoiceData) {
  const { db, companyId, userId } = scope;
  const { dispatch, values } = await prepare(scope, input);
  const id = await db
    .transaction(async (tx) => {
      const [row = missingRow("invoices")] = await tx
        .insert(invoices)
        .values({ ...values, status: "draft", companyId, createdBy: userId })
        .returning({ id: invoices.id });
      await writeLines(tx, scope, row.id, input);
      await recordActivity(tx, scope, {
        actorId: userId,
        type: "invoice_generated",
        job: dispatch.jobNumber,
        client: values.customerName ?? dispatch.client,
        amount: values.total,
        message: `Invoice ${values.invoiceNumber} generated${dispatch.jobNumber ? ` for ${dispatch.jobNumber}` : ""}`,
      });
      return row.id;
    })
    .catch(duplicateNumber);
  return published(scope, await getInvoice(scope, id), invoiceEvent("created"));
}

/**
 * Update, delete the old lines and insert the new ones: one transaction. A void invoice stays as
 * it is; the total cannot go below what was paid; the status follows the new total (a paid
 * invoice whose total grows is partially paid again) and the reminders follow the due date.
 */
export async function updateInvoice(scope: Scope, id: string, input: TInvoiceData) {
  const { db } = scope;
  const [before] = await db
    .select({ status: invoices.status, taxRate: invoices.taxRate, dispatchId: invoices.dispatchId })
    .from(invoices)
    .where(scoped(invoices, scope, eq(invoices.id, id)));
  if (!before) throw new NotFoundError(INVOICE_NOT_FOUND);
  if (before.status === "void") throw new ConflictError(VOID_NOT_EDITABLE);
  const { values } = await prepare(scope, input, before);
  await db
    .transaction(async (tx) => {
      const [locked] = await tx
        .select({
          status: invoices.status,
          amountPaid: invoices.amountPaid,
          sentAt: invoices.sentAt,
          viewedAt: invoices.viewedAt,
        })
        .from(invoices)
        .where(scoped(invoices, scope, eq(invoices.id, id)))
        .for("update");
      if (!locked) throw new NotFoundError(INVOICE_NOT_FOUND);
      if (locked.status === "void") throw new ConflictError(VOID_NOT_EDITABLE);
      const paidCents = toCents(locked.amountPaid);
      if (toCents(values.total) < paidCents) {
        const message = totalBelowPaid(locked.amountPaid);
        throw new InvalidInputError(message, { lineItems: message });
      }
      await tx
        .update(invoices)
        .set({
          ...values,
          status: statusAfterAmounts(locked, toCents(values.total), paidCents),
          updatedAt: new Date(),
        })
        .where(scoped(invoices, scope, eq(invoices.id, id)));
      await tx
        .delete(invoiceLineItems)
        .where(scoped(invoiceLineItems, scope, eq(invoiceLineItems.invoiceId, id)));
      await writeLines(tx, scope, id, input);
      await syncInvoiceReminders(tx, scope, id);
    })
    .catch(duplicateNumber);
  return published(scope, await getInvoice(scope, id), invoiceEvent("updated"));
}
