/**
 * Apply a client's credit to one of its open invoices (DECISIONS 'Client credit'): one transaction
 * with the invoice then the client locked (the order every credit change takes), a payments row of
 * method client_credit (the invoice's balance stays total − Σ payments), its ledger entry taking the
 * credit, the invoice's amount paid and status, the activity and live events.
 */
import { clientCreditEntries, missingRow, payments } from "@pevo/db";
import { formatUsd, fromCents, type TApplyClientCredit, toCents } from "@pevo/shared";
import { ConflictError, InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { clientCredit, creditCents, lockClientCredit, requireClient } from "./client-credit";
import { INVOICE_NOT_FOUND } from "./get-invoice";
import { balanceCents, isOpenStatus } from "./invoice-status";
import { lockInvoice } from "./lock-invoice";
import { publishPaymentEvent, setAmountPaid } from "./payments";

const NOT_OPEN = "Credit can be applied only to a sent invoice with a balance left";
const overCredit = (credit: string) => `The amount cannot exceed the client's credit of ${formatUsd(credit)}`;
const overBalance = (balance: string) =>
  `The amount cannot exceed the invoice's balance of ${formatUsd(balance)}`;

export async function applyClientCredit(
  scope: Scope,
  { clientId, apply }: { clientId: string; apply: TApplyClientCredit },
) {
  await scope.db.transaction(async (tx) => {
    // Another company's client is unknown (404) before its invoice is looked at.
    await requireClient(tx, scope, clientId);
    const inv = await lockInvoice(tx, scope, apply.invoiceId).catch((error: unknown) => {
      if (error instanceof NotFoundError)
        throw new InvalidInputError(INVOICE_NOT_FOUND, { invoiceId: INVOICE_NOT_FOUND });
      throw error;
    });
    const client = await lockClientCredit(tx, scope, clientId);
    if (inv.clientId !== clientId) {
      const message = "This invoice is not this client's";
      throw new InvalidInputError(message, { invoiceId: message });
    }
    const balance = balanceCents(inv);
    if (!isOpenStatus(inv.status) || balance <= 0) throw new ConflictError(NOT_OPEN);
    const amount = toCents(apply.amount);
    const credit = await creditCents(tx, scope, clientId);
    if (amount > credit) {
      const message = overCredit(fromCents(credit));
      throw new InvalidInputError(message, { amount: message });
    }
    if (amount > balance) {
      const message = overBalance(fromCents(balance));
      throw new InvalidInputError(message, { amount: message });
    }
    const [payment = missingRow("payments")] = await tx
      .insert(payments)
      .values({
        companyId: scope.companyId,
        invoiceId: inv.id,
        date: apply.date,
        amountCents: amount,
        method: "client_credit",
        note: apply.note,
        createdBy: scope.userId,
      })
      .returning({ id: payments.id });
    await tx.insert(clientCreditEntries).values({
      companyId: scope.companyId,
      clientId,
      kind: "applied",
      date: apply.date,
      amountCents: -amount,
      invoiceId: inv.id,
      paymentId: payment.id,
      note: apply.note,
      createdBy: scope.userId,
    });
    const row = await setAmountPaid(tx, scope, inv, toCents(inv.amountPaid) + amount);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "client_credit_applied",
      status: "success",
      client: client.name,
      amount: apply.amount,
      message: `${formatUsd(apply.amount)} of ${client.name}'s credit applied to invoice ${inv.invoiceNumber}${row.status === "paid" ? " (paid in full)" : ""}; credit ${formatUsd(fromCents(credit))} → ${formatUsd(fromCents(credit - amount))}`,
    });
    await publishPaymentEvent(tx, scope, "payment recorded", row);
  });
  return clientCredit(scope, clientId);
}
