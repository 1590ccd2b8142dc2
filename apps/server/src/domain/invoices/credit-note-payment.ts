/**
 * What a credit note does to its invoice (DECISIONS 'Credit notes'): the part up to the invoice's open
 * balance is a payments row of method `credit_note` pointing at the credit note, so that balance =
 * total − Σ payments stays the one rule and the status (partially paid, paid) and the reminders
 * follow as for any payment. domain/credit-notes calls these inside its issuing transaction.
 */
import { invoices, missingRow, payments, type Transaction } from "@pevo/db";
import { fromCents, type InvoiceStatus, toCents } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { ConflictError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { balanceCents, statusAfterAmounts } from "./invoice-status";
import { lockInvoice } from "./lock-invoice";
import { syncInvoiceReminders } from "./reminders";

/** A credit note corrects a record: an invoice that was sent (or paid), never a draft or a void one. */
const CREDITABLE: readonly InvoiceStatus[] = ["sent", "viewed", "partially_paid", "paid"];
const DRAFT_NOT_CREDITABLE = "A draft invoice is not credited: edit it instead";
const VOID_NOT_CREDITABLE = "A void invoice cannot be credited";

/**
 * The invoice a credit note is issued against, locked for the rest of the transaction (two credit
 * notes, or a credit note and a payment, on one invoice serialize); 409 for a draft or void one.
 */
export async function creditableInvoice(tx: Transaction, scope: Scope, invoiceId: string) {
  const inv = await lockInvoice(tx, scope, invoiceId);
  if (!CREDITABLE.includes(inv.status)) {
    throw new ConflictError(inv.status === "void" ? VOID_NOT_CREDITABLE : DRAFT_NOT_CREDITABLE);
  }
  return {
    id: inv.id,
    invoiceNumber: inv.invoiceNumber,
    clientId: inv.clientId,
    customerName: inv.customerName,
    customerAddress: inv.customerAddress,
    status: inv.status,
    totalCents: toCents(inv.total),
    balanceCents: balanceCents(inv),
  };
}

/**
 * Applies `amountCents` of a credit note to its invoice (locked by `creditableInvoice` first in the
 * same transaction): the `credit_note` payment, the invoice's amount paid and status, its reminders
 * and the live event. Nothing happens for 0 (an invoice already paid: all of it went to the client's
 * account). Never more than the balance.
 */
export async function applyCreditNote(
  tx: Transaction,
  scope: Scope,
  input: {
    invoiceId: string;
    creditNoteId: string;
    creditNoteNumber: string;
    date: string;
    amountCents: number;
  },
) {
  if (input.amountCents <= 0) return;
  const inv = await lockInvoice(tx, scope, input.invoiceId);
  if (input.amountCents > balanceCents(inv)) {
    throw new Error(`A credit note's applied part exceeds the balance of invoice ${inv.invoiceNumber}`);
  }
  await tx.insert(payments).values({
    companyId: scope.companyId,
    invoiceId: inv.id,
    date: input.date,
    amountCents: input.amountCents,
    method: "credit_note",
    reference: input.creditNoteNumber,
    creditNoteId: input.creditNoteId,
    createdBy: scope.userId,
  });
  const paidCents = toCents(inv.amountPaid) + input.amountCents;
  const [row = missingRow("invoices")] = await tx
    .update(invoices)
    .set({
      amountPaid: fromCents(paidCents),
      status: statusAfterAmounts(inv, toCents(inv.total), paidCents),
      updatedAt: new Date(),
    })
    .where(scoped(invoices, scope, eq(invoices.id, inv.id)))
    .returning();
  await syncInvoiceReminders(tx, scope, inv.id);
  // NOTIFY is transactional: the office's screens hear of it when the credit note commits (ADR 0012).
  await publishEvent(tx, { companyId: scope.companyId, by: scope.userId, ...invoiceEvent("credited")(row) });
}
