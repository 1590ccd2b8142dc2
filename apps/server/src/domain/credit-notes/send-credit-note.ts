/**
 * Sending a credit note to the client (DECISIONS 'Credit notes'), as an invoice is sent: a public link
 * (/cn/{token}, purpose credit_note_view), the sent stamp and the activity event in one transaction,
 * with the email (PDF attached) as an outbox job (ADR 0012) tried once right after the commit.
 */
import { creditNotes, missingRow } from "@pevo/db";
import { INVOICE_LINK_DAYS, type TCreditNoteSent, type TSendInvoice } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { InvalidInputError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { deliverNow, enqueueMail, mailStateById } from "../../mail/mail-jobs";
import { creditNoteMail } from "../../mail/templates";
import { recordActivity } from "../activity";
import { companyLogoUrl, getCompanySettings } from "../company";
import { createPublicLink, daysFrom } from "../public-links";
import { creditNoteFileName, creditNoteMailKey, getCreditNote } from "./get-credit-note";
import { renderCreditNotePdf } from "./pdf";

const NO_RECIPIENT = "Enter the recipient's email";

const creditNoteUrl = (deps: Pick<Deps, "config">, token: string) => `${deps.config.appUrl}/cn/${token}`;

export async function sendCreditNote(
  scope: Scope,
  { id, send: input }: { id: string; send: TSendInvoice },
  deps: Pick<Deps, "mailer" | "config">,
): Promise<TCreditNoteSent> {
  const { db } = scope;
  // The dialog prefills the address the invoice was last sent to; the API asks for it.
  if (!input.to) throw new InvalidInputError(NO_RECIPIENT, { to: NO_RECIPIENT });
  const to = input.to.toLowerCase();
  // A credit note never changes once issued: its PDF can be made before the transaction.
  const note = await getCreditNote(scope, id);
  const pdf = await renderCreditNotePdf(scope, note);
  const company = await getCompanySettings(scope);
  const sent = await db.transaction(async (tx) => {
    const now = new Date();
    const link = await createPublicLink(tx, scope, {
      purpose: "credit_note_view",
      subjectId: id,
      expiresAt: daysFrom(now, INVOICE_LINK_DAYS),
    });
    const [row = missingRow("credit_notes")] = await tx
      .update(creditNotes)
      .set({ sentAt: now, sentTo: to })
      .where(scoped(creditNotes, scope, eq(creditNotes.id, id)))
      .returning({ sentAt: creditNotes.sentAt });
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "credit_note_sent",
      status: "success",
      client: note.customerName,
      amount: note.total,
      message: `Credit note ${note.creditNoteNumber} sent to ${to}${input.cc.length ? ` (cc ${input.cc.join(", ")})` : ""}`,
    });
    const mailJob = await enqueueMail(
      tx,
      scope,
      creditNoteMailKey(id),
      creditNoteMail(
        {
          to,
          cc: input.cc,
          companyName: company.name,
          creditNoteNumber: note.creditNoteNumber,
          invoiceNumber: note.invoice.invoiceNumber,
          total: note.total,
          logoUrl: await companyLogoUrl(tx, scope, deps.config.appUrl),
        },
        input.message,
        creditNoteUrl(deps, link.token),
        pdf,
        creditNoteFileName(note.creditNoteNumber),
      ),
    );
    return { sentAt: row.sentAt ?? now, mailJob };
  });
  const mailSent = await deliverNow({ db, ...deps }, sent.mailJob);
  return {
    sentAt: sent.sentAt.toISOString(),
    sentTo: to,
    mailSent,
    mail: await mailStateById(db, scope, sent.mailJob),
  };
}
