/**
 * Writing an invoice from the office's form (DECISIONS 'Invoices'): create and update, each one
 * transaction with its line items, activity event and live event (ADR 0012: NOTIFY is delivered
 * when the transaction commits, never for a rollback).
 */
import {
  clients,
  companies,
  dispatches,
  type Executor,
  invoiceJobs,
  invoiceLineItems,
  invoices,
  missingRow,
  rateConfirmations,
} from "@pevo/db";
import {
  DISCOUNT_BELOW_ZERO_MESSAGE,
  invoiceTotals,
  lineTotalBelowZero,
  type TInvoiceData,
} from "@pevo/shared";
import { and, asc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { addDaysIso } from "../../lib/dates";
import { ConflictError, InvalidInputError, isUniqueViolation, NotFoundError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { ownCompany, type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { getInvoice, INVOICE_NOT_FOUND } from "./get-invoice";
import { claimJobs, jobName } from "./invoice-jobs";
import { refuseUnlessDraft } from "./invoice-lock";
import { lockInvoice } from "./lock-invoice";

const INVOICE_NUMBER_TAKEN = "This invoice number is already used by another invoice";
const DISPATCH_REQUIRED = "Dispatch ID is required";
const NOT_ONE_OF_ITS_JOBS = "Choose one of the invoice's jobs";
const CONSOLIDATED_JOBS_FIXED =
  "A consolidated invoice keeps its jobs: delete or void it and bill the jobs again from Bill jobs";

/** A line may name a job only among the invoice's own (DECISIONS 'Consolidated invoices'). */
function refuseForeignLineJobs(input: TInvoiceData, jobs: string[]) {
  const fields: Record<string, string> = {};
  input.lineItems.forEach((line, i) => {
    if (line.dispatchId && !jobs.includes(line.dispatchId))
      fields[`lineItems.${i}.dispatchId`] = NOT_ONE_OF_ITS_JOBS;
  });
  if (Object.keys(fields).length > 0) throw new InvalidInputError(NOT_ONE_OF_ITS_JOBS, fields);
}

/** The refusal of a second invoice for a dispatch (void invoices do not count). */
const dispatchAlreadyInvoiced = (numbers: string[]) =>
  `This dispatch already has ${numbers.length === 1 ? "invoice" : "invoices"} ${numbers.join(", ")}. ` +
  "Tick “Create a supplementary invoice anyway” to add another one.";

/**
 * The dispatch and customer must be the company's own; the totals come from the lines and the tax
 * rate: the company's current one for a new invoice, the invoice's own when it is edited.
 */
async function prepare(scope: Scope, input: TInvoiceData, kept?: { taxRate: string; dispatchId: string }) {
  const { db } = scope;
  const [dispatch] = await db
    .select({
      id: dispatches.id,
      jobNumber: rateConfirmations.jobNumber,
      pickupDate: dispatches.pickupDate,
      client: clients.name,
    })
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
  const billing = await clientBilling(scope, input.clientId);
  const [company] = await db
    .select({ taxRate: companies.taxRate, paymentTermsDays: companies.paymentTermsDays })
    .from(companies)
    .where(ownCompany(scope));
  const taxRate = kept?.taxRate ?? company?.taxRate ?? "0";
  const charges = input.lineItems.map((l) => l.charge);
  // The shared schema refused it already; the rule is the server's (DECISIONS 'Discount lines').
  if (lineTotalBelowZero(charges)) {
    throw new InvalidInputError(DISCOUNT_BELOW_ZERO_MESSAGE, { lineItems: DISCOUNT_BELOW_ZERO_MESSAGE });
  }
  const totals = invoiceTotals(charges, taxRate);
  // No due date given: the issue date plus the client's terms, else the company's.
  const dueDate =
    input.dueDate ??
    addDaysIso(input.issueDate, billing?.paymentTermsDays ?? company?.paymentTermsDays ?? 30);
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
  return { dispatch, values: { ...fields, ...totals, taxRate, dueDate, ...billTo(billing) } };
}

/** The customer's billing settings (its terms and bill-to party); the customer must be the company's. */
async function clientBilling(scope: Scope, clientId: string | null) {
  if (!clientId) return null;
  const billTo = alias(clients, "bill_to");
  const [client] = await scope.db
    .select({
      paymentTermsDays: clients.paymentTermsDays,
      quickPayPercent: clients.quickPayPercent,
      quickPayDays: clients.quickPayDays,
      billToClientId: billTo.id,
      billToName: billTo.name,
      billToAddress: billTo.address,
    })
    .from(clients)
    .leftJoin(billTo, and(eq(billTo.companyId, clients.companyId), eq(billTo.id, clients.billToClientId)))
    .where(scoped(clients, scope, eq(clients.id, clientId)));
  if (!client) {
    const message = "Choose a customer from the list";
    throw new InvalidInputError(message, { clientId: message });
  }
  return client;
}

/**
 * The bill-to party copied onto the draft at each save (DECISIONS 'Client billing settings'): the
 * PDF, the email and the client's page use it; the job stays the ordering client's.
 */
function billTo(billing: Awaited<ReturnType<typeof clientBilling>>) {
  return {
    billToClientId: billing?.billToClientId ?? null,
    billToName: billing?.billToName ?? null,
    billToAddress: billing?.billToAddress ?? null,
    // The quick-pay terms too (DECISIONS 'Quick pay and factoring'): a sent invoice keeps the terms it was sent with.
    quickPayPercent: billing?.quickPayPercent ?? null,
    quickPayDays: billing?.quickPayDays ?? null,
  };
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
  refuseForeignLineJobs(input, [dispatch.id]);
  const id = await db
    .transaction(async (tx) => {
      const [row = missingRow("invoices")] = await tx
        .insert(invoices)
        .values({ ...values, status: "draft", companyId, createdBy: userId })
        .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status });
      await writeLines(tx, scope, row.id, input);
      // The database's word on "invoiced once": a concurrent invoice of the job loses here (409).
      await claimJobs(tx, scope, {
        invoiceId: row.id,
        dispatchIds: [dispatch.id],
        supplementary: input.allowAdditional,
        names: { [dispatch.id]: jobName(dispatch) },
      });
      await recordActivity(tx, scope, {
        actorId: userId,
        type: "invoice_generated",
        job: dispatch.jobNumber,
        client: values.customerName ?? dispatch.client,
        amount: values.total,
        message: `Invoice ${values.invoiceNumber} generated${dispatch.jobNumber ? ` for ${dispatch.jobNumber}` : ""}`,
      });
      await publishEvent(tx, { companyId, by: userId, ...invoiceEvent("created")(row) });
      return row.id;
    })
    .catch(duplicateNumber);
  return getInvoice(scope, id);
}

/**
 * Update, delete the old lines and insert the new ones: one transaction. Only a draft: once sent its
 * number, customer, dates, lines and amounts are a record (DECISIONS 'Invoices'); its notes are
 * changed with `updateInvoiceNotes`, a mistake is corrected by void and reissue. A draft has no
 * payments and no reminders, so its status and reminders do not follow the edit.
 */
export async function updateInvoice(
  scope: Scope,
  { id, invoice: input }: { id: string; invoice: TInvoiceData },
) {
  const { db } = scope;
  const [before] = await db
    .select({ status: invoices.status, taxRate: invoices.taxRate, dispatchId: invoices.dispatchId })
    .from(invoices)
    .where(scoped(invoices, scope, eq(invoices.id, id)));
  if (!before) throw new NotFoundError(INVOICE_NOT_FOUND);
  refuseUnlessDraft(before.status);
  const { dispatch, values } = await prepare(scope, input, before);
  const claimed = (
    await db
      .select({ dispatchId: invoiceJobs.dispatchId })
      .from(invoiceJobs)
      .where(scoped(invoiceJobs, scope, eq(invoiceJobs.invoiceId, id)))
  ).map((j) => j.dispatchId);
  const moved = before.dispatchId !== input.dispatchId;
  if (moved && claimed.length > 1) {
    throw new InvalidInputError(CONSOLIDATED_JOBS_FIXED, { dispatchId: CONSOLIDATED_JOBS_FIXED });
  }
  refuseForeignLineJobs(input, moved ? [input.dispatchId] : [...new Set([...claimed, input.dispatchId])]);
  await db
    .transaction(async (tx) => {
      // Locked, then checked again: a send that committed meanwhile makes it a record.
      refuseUnlessDraft((await lockInvoice(tx, scope, id)).status);
      const [row = missingRow("invoices")] = await tx
        .update(invoices)
        .set({ ...values, updatedAt: new Date() })
        .where(scoped(invoices, scope, eq(invoices.id, id)))
        .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status });
      await tx
        .delete(invoiceLineItems)
        .where(scoped(invoiceLineItems, scope, eq(invoiceLineItems.invoiceId, id)));
      await writeLines(tx, scope, id, input);
      if (moved) {
        // A draft moved to another job gives its old job back and claims the new one.
        await tx.delete(invoiceJobs).where(scoped(invoiceJobs, scope, eq(invoiceJobs.invoiceId, id)));
        await claimJobs(tx, scope, {
          invoiceId: id,
          dispatchIds: [dispatch.id],
          supplementary: input.allowAdditional,
          names: { [dispatch.id]: jobName(dispatch) },
        });
      }
      await publishEvent(tx, {
        companyId: scope.companyId,
        by: scope.userId,
        ...invoiceEvent("updated")(row),
      });
    })
    .catch(duplicateNumber);
  return getInvoice(scope, id);
}
