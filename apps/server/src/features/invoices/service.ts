import {
  clients,
  companies,
  dispatches,
  type Executor,
  invoiceLineItems,
  invoices,
  rateConfirmations,
  standardRates,
} from "@pevo/db";
import { invoiceTotals, type TInvoice, type TInvoiceData, type TInvoiceListItem } from "@pevo/shared";
import { asc, desc, eq, like } from "drizzle-orm";
import { recordActivity } from "../../lib/activity";
import { ConflictError, InvalidInputError, isUniqueViolation, NotFoundError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent, published } from "../../lib/live-events";
import { ownCompany, type Scope, scoped } from "../../lib/tenant";

export const INVOICE_NOT_FOUND = "Invoice not found";
export const INVOICE_NUMBER_TAKEN = "This invoice number is already used by another invoice";
const DISPATCH_REQUIRED = "Dispatch ID is required";

/** The refusal of a second invoice for a dispatch (no void status yet: every invoice counts). */
export const dispatchAlreadyInvoiced = (numbers: string[]) =>
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

export async function listInvoices(scope: Scope): Promise<TInvoiceListItem[]> {
  return scope.db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      jobNumber: rateConfirmations.jobNumber,
      total: invoices.total,
      status: invoices.status,
      customerName: invoices.customerName,
    })
    .from(invoices)
    .leftJoin(dispatches, eq(dispatches.id, invoices.dispatchId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .where(scoped(invoices, scope))
    .orderBy(desc(invoices.createdAt));
}

export async function getInvoice(scope: Scope, id: string): Promise<TInvoice> {
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
      .where(scoped(invoices, scope, eq(invoices.dispatchId, input.dispatchId)))
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
  const { lineItems: _lines, subtotal: _s, tax: _t, total: _total, allowAdditional: _a, ...fields } = input;
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
      const [row] = await tx
        .insert(invoices)
        .values({ ...values, companyId, createdBy: userId })
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

/** Update, delete the old lines and insert the new ones: one transaction. */
export async function updateInvoice(scope: Scope, id: string, input: TInvoiceData) {
  const { db, userId } = scope;
  const [before] = await db
    .select({ status: invoices.status, taxRate: invoices.taxRate, dispatchId: invoices.dispatchId })
    .from(invoices)
    .where(scoped(invoices, scope, eq(invoices.id, id)));
  if (!before) throw new NotFoundError(INVOICE_NOT_FOUND);
  const { dispatch, values } = await prepare(scope, input, before);
  await db
    .transaction(async (tx) => {
      await tx
        .update(invoices)
        .set({ ...values, updatedAt: new Date() })
        .where(scoped(invoices, scope, eq(invoices.id, id)));
      await tx
        .delete(invoiceLineItems)
        .where(scoped(invoiceLineItems, scope, eq(invoiceLineItems.invoiceId, id)));
      await writeLines(tx, scope, id, input);
      if (values.status === "paid" && before.status !== "paid") {
        await recordActivity(tx, scope, {
          actorId: userId,
          type: "payment_received",
          job: dispatch.jobNumber,
          client: values.customerName ?? dispatch.client,
          amount: values.total,
          message: `Payment received for invoice ${values.invoiceNumber}`,
        });
      }
    })
    .catch(duplicateNumber);
  return published(scope, await getInvoice(scope, id), invoiceEvent("updated"));
}

export async function deleteInvoice(scope: Scope, id: string) {
  const deleted = await scope.db
    .delete(invoices)
    .where(scoped(invoices, scope, eq(invoices.id, id)))
    .returning({ id: invoices.id });
  if (deleted.length === 0) throw new NotFoundError(INVOICE_NOT_FOUND);
  await publishEvent(scope.db, {
    companyId: scope.companyId,
    kind: "invoice.changed",
    ids: { invoiceId: id },
    text: "Invoice deleted",
  });
}
