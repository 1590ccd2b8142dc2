/**
 * The client's side of a sent credit note, from the emailed link `/cn/{token}` (DECISIONS 'Credit
 * notes'): no account; the token opens that one credit note and nothing else of the company (not
 * the invoice's balance, payments or other documents). The first opening is recorded in the activity.
 */
import { creditNotes, type Database } from "@pevo/db";
import type { TPublicCreditNote } from "@pevo/shared";
import { eq, isNull } from "drizzle-orm";
import { scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { getCompanySettings } from "../company";
import { openPublicLink } from "../public-links";
import { creditNoteFileName, getCreditNote } from "./get-credit-note";
import { renderCreditNotePdf } from "./pdf";

/** What the page says for a link it cannot open (never which company or credit note it was). */
export const CREDIT_NOTE_LINK_MESSAGES = {
  unknown: "This credit note link is not valid. Check that you copied the whole link from the email.",
  expired: "This credit note link has expired. Ask the sender for a new one.",
  revoked: "This credit note link is no longer valid. Ask the sender for a new link.",
} as const;

async function openLink(db: Database, token: string) {
  const link = await openPublicLink(db, "credit_note_view", token, CREDIT_NOTE_LINK_MESSAGES);
  // The link names the company: every later query is scoped to it (userId: nobody is signed in).
  return { db, ...link.scope, userId: "", creditNoteId: link.subjectId };
}

export async function openPublicCreditNote(db: Database, token: string): Promise<TPublicCreditNote> {
  const scope = await openLink(db, token);
  await db.transaction(async (tx) => {
    // Only the first opening is recorded (the update finds the row once).
    const [first] = await tx
      .update(creditNotes)
      .set({ viewedAt: new Date() })
      .where(scoped(creditNotes, scope, eq(creditNotes.id, scope.creditNoteId), isNull(creditNotes.viewedAt)))
      .returning({ number: creditNotes.creditNoteNumber, totalCents: creditNotes.totalCents });
    if (!first) return;
    await recordActivity(tx, scope, {
      actorId: null,
      type: "credit_note_viewed",
      status: "success",
      message: `Credit note ${first.number} opened by the client`,
    });
  });
  const note = await getCreditNote(scope, scope.creditNoteId);
  const company = await getCompanySettings(scope);
  return {
    company: {
      name: company.name,
      address: company.address,
      phone: company.phone,
      email: company.email,
      mcNumber: company.mcNumber,
      dotNumber: company.dotNumber,
      footer: company.invoiceFooter,
    },
    creditNoteNumber: note.creditNoteNumber,
    date: note.date,
    invoiceNumber: note.invoice.invoiceNumber,
    customerName: note.customerName,
    customerAddress: note.customerAddress,
    reason: note.reason,
    lines: note.lines,
    total: note.total,
    applied: note.applied,
    toCredit: note.toCredit,
  };
}

/** The credit note PDF, from the client's link. */
export async function publicCreditNotePdf(db: Database, token: string) {
  const scope = await openLink(db, token);
  const note = await getCreditNote(scope, scope.creditNoteId);
  return { pdf: await renderCreditNotePdf(scope, note), fileName: creditNoteFileName(note.creditNoteNumber) };
}
