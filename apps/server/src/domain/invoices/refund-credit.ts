/**
 * Record money of a client's credit paid back to the client (DECISIONS 'Client credit'): one
 * transaction with the client locked, at most the credit, its ledger entry and activity event.
 */
import { clientCreditEntries } from "@pevo/db";
import { formatUsd, fromCents, PAYMENT_METHOD_LABELS, type TRefundClientCredit, toCents } from "@pevo/shared";
import { InvalidInputError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { clientCredit, creditCents, lockClientCredit } from "./client-credit";

const overCredit = (credit: string) => `The refund cannot exceed the client's credit of ${formatUsd(credit)}`;

export async function refundClientCredit(
  scope: Scope,
  { clientId, refund }: { clientId: string; refund: TRefundClientCredit },
) {
  await scope.db.transaction(async (tx) => {
    const client = await lockClientCredit(tx, scope, clientId);
    const amount = toCents(refund.amount);
    const credit = await creditCents(tx, scope, clientId);
    if (amount > credit) {
      const message = overCredit(fromCents(credit));
      throw new InvalidInputError(message, { amount: message });
    }
    await tx.insert(clientCreditEntries).values({
      companyId: scope.companyId,
      clientId,
      kind: "refund",
      date: refund.date,
      amountCents: -amount,
      method: refund.method,
      reference: refund.reference,
      note: refund.note,
      createdBy: scope.userId,
    });
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "client_credit_refunded",
      status: "success",
      client: client.name,
      amount: refund.amount,
      message: `${formatUsd(refund.amount)} of ${client.name}'s credit refunded (${PAYMENT_METHOD_LABELS[refund.method]}${refund.reference ? ` ${refund.reference}` : ""}); credit ${formatUsd(fromCents(credit))} → ${formatUsd(fromCents(credit - amount))}`,
    });
  });
  return clientCredit(scope, clientId);
}
