/**
 * Payments on an invoice (DECISIONS 'Invoices'). Recording or deleting a payment is one transaction
 * with the invoice row locked: the payment, the invoice's amount_paid and status, its reminders
 * (dropped when paid in full), the activity event and the live event. A payment never exceeds the
 * balance: money received above it pays the invoice in full and the excess becomes the client's
 * credit in the same transaction (DECISIONS 'Client credit'). Amounts are integer cents.
 */
import { clientCreditEntries, invoices, missingRow, payments, type Transaction, user } from "@pevo/db";
import { formatUsd, fromCents, type TInvoicePayments, type TRecordPayment, toCents } from "@pevo/shared";
import { and, asc, eq } from "drizzle-orm";
import { ConflictError, InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { addClientCredit, creditCents, lockClientCredit } from "./client-credit";
import { INVOICE_NOT_FOUND } from "./get-invoice";
import { balanceCents, statusAfterAmounts } from "./invoice-status";
import { lockInvoice } from "./lock-invoice";
import { syncInvoiceReminders } from "./reminders";

export const PAYMENT_NOT_FOUND = "Payment not found";
const VOID_NO_PAYMENTS = "A void invoice cannot take payments";
const CREDIT_NOTE_PAYMENT =
  "This amount was applied by a credit note: a credit note is a record and its part on the invoice stays";
const NOTHING_DUE = "This invoice has no balance left to pay";
const overBalanceNoClient = (balance: string) =>
  `The payment cannot exceed the balance of ${formatUsd(balance)}: this invoice has no client to keep the rest as credit`;
const creditAlreadyUsed = (excess: string) =>
  `This payment left ${formatUsd(excess)} as the client's credit, and that credit has been applied or refunded since. Delete that application or refund first.`;

export async function listPayments(
  scope: Pick<Scope, "db" | "companyId">,
  invoiceId: string,
): Promise<TInvoicePayments> {
  const { db } = scope;
  const [inv] = await db
    .select({ status: invoices.status, total: invoices.total, amountPaid: invoices.amountPaid })
    .from(invoices)
    .where(scoped(invoices, scope, eq(invoices.id, invoiceId)));
  if (!inv) throw new NotFoundError(INVOICE_NOT_FOUND);
  const rows = await db
    .select({
      id: payments.id,
      date: payments.date,
      amountCents: payments.amountCents,
      method: payments.method,
      reference: payments.reference,
      note: payments.note,
      createdAt: payments.createdAt,
      createdByName: user.name,
      creditNoteId: payments.creditNoteId,
    })
    .from(payments)
    .leftJoin(user, and(eq(user.id, payments.createdBy), eq(user.companyId, payments.companyId)))
    .where(scoped(payments, scope, eq(payments.invoiceId, invoiceId)))
    .orderBy(asc(payments.date), asc(payments.createdAt), asc(payments.id));
  return {
    status: inv.status,
    total: inv.total,
    amountPaid: inv.amountPaid,
    balance: fromCents(balanceCents(inv)),
    payments: rows.map(({ amountCents, createdAt, ...p }) => ({
      ...p,
      amount: fromCents(amountCents),
      createdAt: createdAt.toISOString(),
    })),
  };
}

type LockedInvoice = Awaited<ReturnType<typeof lockInvoice>>;

/** The invoice's amount paid and status after a payment came or went, and its reminders with them. */
export async function setAmountPaid(tx: Transaction, scope: Scope, inv: LockedInvoice, paidCents: number) {
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
  return row;
}

/** NOTIFY is transactional: delivered when the payment's transaction commits (ADR 0012). */
export function publishPaymentEvent(
  tx: Transaction,
  scope: Scope,
  kind: "payment recorded" | "payment deleted",
  row: typeof invoices.$inferSelect,
) {
  return publishEvent(tx, { companyId: scope.companyId, by: scope.userId, ...invoiceEvent(kind)(row) });
}

export async function recordPayment(
  scope: Scope,
  { invoiceId, payment: input }: { invoiceId: string; payment: TRecordPayment },
) {
  await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, invoiceId);
    if (inv.status === "void") throw new ConflictError(VOID_NO_PAYMENTS);
    const balance = balanceCents(inv);
    const received = toCents(input.amount);
    if (balance <= 0) throw new InvalidInputError(NOTHING_DUE, { amount: NOTHING_DUE });
    if (received > balance && !inv.clientId) {
      const message = overBalanceNoClient(fromCents(balance));
      throw new InvalidInputError(message, { amount: message });
    }
    // The invoice takes at most its balance; the rest is the client's credit (DECISIONS 'Client credit').
    const applied = Math.min(received, balance);
    const excess = received - applied;
    const [payment = missingRow("payments")] = await tx
      .insert(payments)
      .values({
        companyId: scope.companyId,
        invoiceId,
        date: input.date,
        amountCents: applied,
        method: input.method,
        reference: input.reference,
        note: input.note,
        createdBy: scope.userId,
      })
      .returning({ id: payments.id });
    const row = await setAmountPaid(tx, scope, inv, toCents(inv.amountPaid) + applied);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "payment_received",
      status: "success",
      client: inv.customerName,
      amount: input.amount,
      message: `Payment of ${formatUsd(input.amount)} received for invoice ${inv.invoiceNumber}${row.status === "paid" ? " (paid in full)" : ""}${excess > 0 ? `; ${formatUsd(fromCents(excess))} kept as the client's credit` : ""}`,
    });
    if (excess > 0 && inv.clientId) {
      await addClientCredit(tx, scope, {
        clientId: inv.clientId,
        amountCents: excess,
        date: input.date,
        source: { kind: "overpayment", invoiceId, paymentId: payment.id },
      });
    }
    await publishPaymentEvent(tx, scope, "payment recorded", row);
  });
  return listPayments(scope, invoiceId);
}

export async function deletePayment(
  scope: Scope,
  { invoiceId, paymentId }: { invoiceId: string; paymentId: string },
) {
  await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, invoiceId);
    const [applied] = await tx
      .select({ creditNoteId: payments.creditNoteId })
      .from(payments)
      .where(scoped(payments, scope, eq(payments.invoiceId, invoiceId), eq(payments.id, paymentId)));
    // DECISIONS 'Credit notes': the row a credit note wrote goes only with the credit note.
    if (applied?.creditNoteId) throw new ConflictError(CREDIT_NOTE_PAYMENT);
    // The credit this payment left (an overpayment) goes with it, unless it was spent since.
    const [kept] = await tx
      .select({ clientId: clientCreditEntries.clientId, amountCents: clientCreditEntries.amountCents })
      .from(clientCreditEntries)
      .where(
        scoped(
          clientCreditEntries,
          scope,
          eq(clientCreditEntries.paymentId, paymentId),
          eq(clientCreditEntries.invoiceId, invoiceId),
          eq(clientCreditEntries.kind, "overpayment"),
        ),
      );
    if (kept) {
      await lockClientCredit(tx, scope, kept.clientId);
      if ((await creditCents(tx, scope, kept.clientId)) < kept.amountCents) {
        throw new ConflictError(creditAlreadyUsed(fromCents(kept.amountCents)));
      }
    }
    // Its client credit entry (overpayment, or the application of a client_credit payment) cascades:
    // deleting an application gives the credit back.
    const [deleted] = await tx
      .delete(payments)
      .where(scoped(payments, scope, eq(payments.invoiceId, invoiceId), eq(payments.id, paymentId)))
      .returning();
    if (!deleted) throw new NotFoundError(PAYMENT_NOT_FOUND);
    const paid = toCents(inv.amountPaid) - deleted.amountCents;
    const row = await setAmountPaid(tx, scope, inv, paid);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "payment_deleted",
      status: "error",
      client: inv.customerName,
      amount: fromCents(deleted.amountCents),
      message: `${deleted.method === "client_credit" ? "Client credit" : "Payment"} of ${formatUsd(fromCents(deleted.amountCents))} on invoice ${inv.invoiceNumber} deleted${kept ? `, with the ${formatUsd(fromCents(kept.amountCents))} it left as the client's credit` : deleted.method === "client_credit" ? "; the credit is the client's again" : ""}`,
    });
    await publishPaymentEvent(tx, scope, "payment deleted", row);
  });
  return listPayments(scope, invoiceId);
}
