// One credit note as the office's page shows it, and the fields its PDF and public page print.
import { creditNoteLines, creditNotes, type Executor, invoices, user } from "@pevo/db";
import { fromCents, type TCreditNote } from "@pevo/shared";
import { and, asc, eq } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { safeFileName } from "../../lib/file-name";
import { type CompanyId, scoped } from "../../lib/tenant";
import { mailState } from "../../mail/mail-jobs";

export const CREDIT_NOTE_NOT_FOUND = "Credit note not found";

/** The key of a credit note's mail (mail/mail-jobs.ts): its page shows where the latest one stands. */
export const creditNoteMailKey = (id: string) => `credit-note:${id}`;

export const creditNoteFileName = (creditNoteNumber: string) =>
  safeFileName(`credit-note-${creditNoteNumber}.pdf`);

type ReadScope = { db: Executor; companyId: CompanyId };

/** The credit note with its lines and its invoice's number and customer (404 when not the company's). */
export async function getCreditNote(
  scope: ReadScope,
  id: string,
): Promise<TCreditNote & { customerAddress: string | null }> {
  const { db } = scope;
  const [row] = await db
    .select({
      note: creditNotes,
      invoiceNumber: invoices.invoiceNumber,
      customerName: invoices.customerName,
      customerAddress: invoices.customerAddress,
      createdByName: user.name,
    })
    .from(creditNotes)
    .innerJoin(
      invoices,
      and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.companyId, creditNotes.companyId)),
    )
    .leftJoin(user, and(eq(user.id, creditNotes.createdBy), eq(user.companyId, creditNotes.companyId)))
    .where(scoped(creditNotes, scope, eq(creditNotes.id, id)));
  if (!row) throw new NotFoundError(CREDIT_NOTE_NOT_FOUND);
  const lines = await db
    .select()
    .from(creditNoteLines)
    .where(scoped(creditNoteLines, scope, eq(creditNoteLines.creditNoteId, id)))
    .orderBy(asc(creditNoteLines.sortOrder), asc(creditNoteLines.id));
  const { note } = row;
  return {
    id: note.id,
    creditNoteNumber: note.creditNoteNumber,
    date: note.date,
    reason: note.reason,
    invoice: { id: note.invoiceId, invoiceNumber: row.invoiceNumber },
    clientId: note.clientId,
    customerName: row.customerName,
    customerAddress: row.customerAddress,
    total: fromCents(note.totalCents),
    applied: fromCents(note.appliedCents),
    toCredit: fromCents(note.toCreditCents),
    lines: lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      rate: fromCents(l.rateCents),
      amount: fromCents(l.amountCents),
    })),
    createdAt: note.createdAt.toISOString(),
    createdByName: row.createdByName,
    sentAt: note.sentAt?.toISOString() ?? null,
    sentTo: note.sentTo,
    mail: await mailState(db, scope, creditNoteMailKey(id)),
  };
}
