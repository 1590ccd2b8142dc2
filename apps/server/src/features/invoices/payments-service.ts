/**
 * Payments on an invoice (DECISIONS 'Invoices'). Recording or deleting a payment is one transaction with the
 * invoice row locked: the payment, the invoice's amount_paid and status, its reminders (dropped when
 * paid in full) and the activity event. A payment never exceeds the balance. Amounts are integer
 * cents.
 */
import { invoices, missingRow, payments, user } from "@pevo/db";
import { fromCents, type TInvoicePayments, type TRecordPayment, toCents } from "@pevo/shared";
import { and, asc, eq } from "drizzle-orm";
import { recordActivity } from "../../domain/activity";
import { ConflictError, InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { balanceCents, statusAfterAmounts } from "../../lib/invoice-status";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import type { Scope } from "../../lib/tenant";
import { scoped } from "../../lib/tenant";
import { syncInvoiceReminders } from "./reminders";
import { lockInvoice } from "./send-service";

export const PAYMENT_NOT_FOUND = "Payment not found";
const VOID_NO_PAYMENTS = "A void invoice cannot take payments";
const NOTHING_DUE = "This invoice has no balance left to pay";
const overBalance = (balance: string) => `The payment cannot exceed the balance of $${balance}`;

export async function listPayments(
  scope: Pick<Scope, "db" | "companyId">,
  invoiceId: string,
): Promise<TInvoicePayments> {
  const { db } = scope;
  const [inv] = await db
    .select({ status: invoices.status, total: invoices.total, amountPaid: invoices.amountPaid })
    .from(invoices)
    .where(scoped(invoices, scope, eq(invoices.id, invoiceId)));
  if (!inv) throw new NotFoundError("Invoice not found");
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

export async function recordPayment(scope: Scope, invoiceId: string, input: TRecordPayment) {
  const row = await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, invoiceId);
    if (inv.status === "void") throw new ConflictError(VOID_NO_PAYMENTS);
    const balance = balanceCents(inv);
    const amount = toCents(input.amount);
    if (balance <= 0) throw new InvalidInputError(NOTHING_DUE, { amount: NOTHING_DUE });
    if (amount > balance) {
      const message = overBalance(fromCents(balance));
      throw new InvalidInputError(message, { amount: message });
    }
    await tx.insert(payments).values({
      companyId: scope.companyId,
      invoiceId,
      date: input.date,
      amountCents: amount,
      method: input.method,
      reference: input.reference,
      note: input.note,
      createdBy: scope.userId,
    });
    const paid = toCents(inv.amountPaid) + amount;
    const [row = missingRow("invoices")] = await tx
      .update(invoices)
      .set({
        amountPaid: fromCents(paid),
        status: statusAfterAmounts(inv, toCents(inv.total), paid),
        updatedAt: new Date(),
      })
      .where(scoped(invoices, scope, eq(invoices.id, invoiceId)))
      .returning();
    await syncInvoiceReminders(tx, scope, invoiceId);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "payment_received",
      status: "success",
      client: inv.customerName,
      amount: input.amount,
      message: `Payment of $${input.amount} received for invoice ${inv.invoiceNumber}${row.status === "paid" ? " (paid in full)" : ""}`,
    });
    return row;
  });
  await publishEvent(scope.db, {
    companyId: scope.companyId,
    by: scope.userId,
    ...invoiceEvent("payment recorded")(row),
  });
  return listPayments(scope, invoiceId);
}

export async function deletePayment(scope: Scope, invoiceId: string, paymentId: string) {
  const row = await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, invoiceId);
    const [deleted] = await tx
      .delete(payments)
      .where(scoped(payments, scope, eq(payments.invoiceId, invoiceId), eq(payments.id, paymentId)))
      .returning();
    if (!deleted) throw new NotFoundError(PAYMENT_NOT_FOUND);
    const paid = toCents(inv.amountPaid) - deleted.amountCents;
    const [row = missingRow("invoices")] = await tx
      .update(invoices)
      .set({
        amountPaid: fromCents(paid),
        status: statusAfterAmounts(inv, toCents(inv.total), paid),
        updatedAt: new Date(),
      })
      .where(scoped(invoices, scope, eq(invoices.id, invoiceId)))
      .returning();
    await syncInvoiceReminders(tx, scope, invoiceId);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "payment_deleted",
      status: "error",
      client: inv.customerName,
      amount: fromCents(deleted.amountCents),
      message: `Payment of $${fromCents(deleted.amountCents)} on invoice ${inv.invoiceNumber} deleted`,
    });
    return row;
  });
  await publishEvent(scope.db, {
    companyId: scope.companyId,
    by: scope.userId,
    ...invoiceEvent("payment deleted")(row),
  });
  return listPayments(scope, invoiceId);
}
