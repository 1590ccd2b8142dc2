/**
 * Issuing a credit note against an invoice (DECISIONS 'Credit notes'): one step, one transaction
 * with the invoice row locked: the number, the credit note and its lines, the part applied to the
 * invoice (domain/invoices' applyCreditNote: a `credit_note` payment), the activity event. The rest
 * of the total (above the invoice's open balance) is stored as `to_credit_cents`: the amount
 * credited to the client's account, added to the client's credit in the same transaction
 * (domain/invoices' addClientCredit, DECISIONS 'Client credit').
 */
import { creditNoteLines, creditNotes, missingRow } from "@pevo/db";
import {
  creditLineAmountCents,
  creditNoteTooLarge,
  creditNoteTotalCents,
  creditRoomCents,
  formatUsd,
  fromCents,
  splitCreditNote,
  type TIssueCreditNote,
  toCents,
} from "@pevo/shared";
import { eq, sql } from "drizzle-orm";
import { ConflictError, InvalidInputError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { addClientCredit, applyCreditNote, creditableInvoice } from "../invoices";
import { allocateCreditNoteNumber } from "./credit-note-number";
import { getCreditNote } from "./get-credit-note";

const noClientToCredit = (balance: string) =>
  `This invoice has no client to hold a credit: a credit note on it can be at most its balance, ${formatUsd(balance)}`;

export async function issueCreditNote(
  scope: Scope,
  { invoiceId, creditNote: input }: { invoiceId: string; creditNote: TIssueCreditNote },
) {
  const { companyId, userId } = scope;
  const id = await scope.db.transaction(async (tx) => {
    const invoice = await creditableInvoice(tx, scope, invoiceId);
    const totalCents = creditNoteTotalCents(input.lines);
    const [issued = missingRow("credit_notes")] = await tx
      .select({ cents: sql<number>`coalesce(sum(${creditNotes.totalCents}), 0)::bigint`.mapWith(Number) })
      .from(creditNotes)
      .where(scoped(creditNotes, scope, eq(creditNotes.invoiceId, invoiceId)));
    const room = creditRoomCents(invoice.totalCents, issued.cents);
    if (totalCents > room) {
      const message = creditNoteTooLarge(fromCents(room));
      throw new InvalidInputError(message, { lines: message });
    }
    const { appliedCents, toCreditCents } = splitCreditNote(totalCents, invoice.balanceCents);
    const creditNoteNumber = await allocateCreditNoteNumber(tx, scope, input.date);
    const [row = missingRow("credit_notes")] = await tx
      .insert(creditNotes)
      .values({
        companyId,
        invoiceId,
        clientId: invoice.clientId,
        creditNoteNumber,
        date: input.date,
        reason: input.reason,
        totalCents,
        appliedCents,
        toCreditCents,
        createdBy: userId,
      })
      .returning({ id: creditNotes.id });
    await tx.insert(creditNoteLines).values(
      input.lines.map((line, sortOrder) => ({
        companyId,
        creditNoteId: row.id,
        description: line.description,
        quantity: line.quantity,
        rateCents: toCents(line.rate),
        amountCents: creditLineAmountCents(line.quantity, line.rate),
        sortOrder,
      })),
    );
    await applyCreditNote(tx, scope, {
      invoiceId,
      creditNoteId: row.id,
      creditNoteNumber,
      date: input.date,
      amountCents: appliedCents,
    });
    if (toCreditCents > 0) {
      // Credit is the client's: an invoice without a client cannot be credited beyond its balance.
      if (!invoice.clientId) throw new ConflictError(noClientToCredit(fromCents(invoice.balanceCents)));
      await addClientCredit(tx, scope, {
        clientId: invoice.clientId,
        amountCents: toCreditCents,
        source: { kind: "credit_note", creditNoteId: row.id, invoiceId },
        date: input.date,
        note: `Credit note ${creditNoteNumber}`,
      });
    }
    const parts = [
      appliedCents > 0 ? `${formatUsd(fromCents(appliedCents))} applied to the invoice` : null,
      toCreditCents > 0 ? `${formatUsd(fromCents(toCreditCents))} credited to the client's account` : null,
    ].filter(Boolean);
    await recordActivity(tx, scope, {
      actorId: userId,
      type: "credit_note_issued",
      status: "success",
      client: invoice.customerName,
      amount: fromCents(totalCents),
      message: `Credit note ${creditNoteNumber} of ${formatUsd(fromCents(totalCents))} issued on invoice ${invoice.invoiceNumber}: ${parts.join(", ")}`,
    });
    return row.id;
  });
  return getCreditNote(scope, id);
}
