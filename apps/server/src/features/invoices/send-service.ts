/**
 * Sending, voiding and deleting an invoice (DECISIONS 'Invoices'). Sending makes a public link (/i/{token},
 * 30 days, purpose invoice_view), marks the invoice sent, schedules its overdue reminders and records
 * the activity in one transaction; the email (PDF attached) goes after the commit. A failed email
 * keeps the change and says so (`mailSent: false`): the page offers Retry, which sends again.
 * Once an invoice left the office (sent or paid) it is voided, never deleted: only a draft can go.
 */
import { companies, type Executor, invoices, missingRow } from "@pevo/db";
import { INVOICE_LINK_DAYS, type TInvoiceSent, type TSendInvoice, toCents } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { recordActivity } from "../../domain/activity";
import { createPublicLink, daysFrom, revokePublicLinks } from "../../domain/public-links";
import type { Deps } from "../../http/context";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { type CompanyId, ownCompany, type Scope, scoped } from "../../lib/tenant";
import { deliverNow, enqueueMail, mailStateById } from "../../mail/mail-jobs";
import { invoiceMail } from "../../mail/templates";
import { renderInvoicePdf } from "./pdf";
import { cancelInvoiceReminders, invoiceUrl, syncInvoiceReminders } from "./reminders";
import { getInvoice, INVOICE_NOT_FOUND, invoiceMailKey } from "./service";

const VOID_NOT_SENDABLE = "A void invoice cannot be sent";
const ALREADY_VOID = "This invoice is already void";
const VOID_WITH_PAYMENTS = "An invoice with payments cannot be voided: delete its payments first";
const ONLY_DRAFT_DELETABLE = "Only a draft invoice can be deleted; void a sent invoice instead";
const VOID_NOT_DELETABLE = "A void invoice cannot be deleted: it stays on record";

export const invoiceFileName = (invoiceNumber: string) => `invoice-${invoiceNumber}.pdf`;

/** The invoice row, locked for the rest of the transaction (a send, a payment and a void serialize). */
export async function lockInvoice(tx: Executor, scope: { companyId: CompanyId }, id: string) {
  const [inv] = await tx
    .select()
    .from(invoices)
    .where(scoped(invoices, scope, eq(invoices.id, id)))
    .for("update");
  if (!inv) throw new NotFoundError(INVOICE_NOT_FOUND);
  return inv;
}

export async function sendInvoice(
  scope: Scope,
  deps: Pick<Deps, "mailer" | "config">,
  id: string,
  input: TSendInvoice,
): Promise<TInvoiceSent> {
  const { db } = scope;
  const to = input.to.toLowerCase();
  const sent = await db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, id);
    if (inv.status === "void") throw new ConflictError(VOID_NOT_SENDABLE);
    const now = new Date();
    const link = await createPublicLink(tx, scope, {
      purpose: "invoice_view",
      subjectId: inv.id,
      expiresAt: daysFrom(now, INVOICE_LINK_DAYS),
    });
    const [row = missingRow("invoices")] = await tx
      .update(invoices)
      .set({ status: inv.status === "draft" ? "sent" : inv.status, sentAt: now, sentTo: to, updatedAt: now })
      .where(scoped(invoices, scope, eq(invoices.id, id)))
      .returning();
    await syncInvoiceReminders(tx, scope, id, now);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "invoice_sent",
      status: "success",
      client: inv.customerName,
      amount: inv.total,
      message: `Invoice ${inv.invoiceNumber} sent to ${to}${input.cc.length ? ` (cc ${input.cc.join(", ")})` : ""}`,
    });
    const [company = missingRow("companies")] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(ownCompany(scope));
    const txScope = { db: tx, companyId: scope.companyId };
    const invoice = await getInvoice(txScope, id);
    const mailJob = await enqueueMail(
      tx,
      scope,
      invoiceMailKey(id),
      invoiceMail(
        {
          to,
          cc: input.cc,
          companyName: company.name,
          invoiceNumber: invoice.invoiceNumber,
          total: invoice.total,
          balance: invoice.balance,
          dueDate: invoice.dueDate,
        },
        input.message,
        invoiceUrl(deps, link.token),
        await renderInvoicePdf(txScope, invoice),
        invoiceFileName(invoice.invoiceNumber),
      ),
    );
    // NOTIFY is transactional: the office's screens hear of it when this commits.
    await publishEvent(tx, { companyId: scope.companyId, by: scope.userId, ...invoiceEvent("sent")(row) });
    return { row, mailJob };
  });
  const mailSent = await deliverNow({ db, ...deps }, sent.mailJob);
  return {
    status: sent.row.status,
    sentAt: (sent.row.sentAt ?? new Date()).toISOString(),
    sentTo: to,
    mailSent,
    mail: await mailStateById(db, scope, sent.mailJob),
  };
}

/** Voids an invoice: its links stop working and its reminders are dropped. Not with payments. */
export async function voidInvoice(scope: Scope, id: string) {
  await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, id);
    if (inv.status === "void") throw new ConflictError(ALREADY_VOID);
    if (toCents(inv.amountPaid) > 0) throw new ConflictError(VOID_WITH_PAYMENTS);
    const [row = missingRow("invoices")] = await tx
      .update(invoices)
      .set({ status: "void", updatedAt: new Date() })
      .where(scoped(invoices, scope, eq(invoices.id, id)))
      .returning();
    await revokePublicLinks(tx, scope, "invoice_view", [id]);
    await cancelInvoiceReminders(tx, scope, id);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "invoice_voided",
      status: "error",
      client: inv.customerName,
      amount: inv.total,
      message: `Invoice ${inv.invoiceNumber} voided`,
    });
    // NOTIFY is transactional: delivered when this commits.
    await publishEvent(tx, { companyId: scope.companyId, by: scope.userId, ...invoiceEvent("voided")(row) });
    return row;
  });
  return getInvoice(scope, id);
}

/**
 * Deletes a draft invoice (its lines go with it). A sent, paid or void invoice is refused: the client
 * may hold it and the books count it, so it is voided instead. A draft has no payments, link or
 * reminder in the normal course; any left over is revoked or canceled in the same transaction.
 */
export async function deleteInvoice(scope: Scope, id: string) {
  await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, id);
    if (inv.status === "void") throw new ConflictError(VOID_NOT_DELETABLE);
    if (inv.status !== "draft" || toCents(inv.amountPaid) > 0) throw new ConflictError(ONLY_DRAFT_DELETABLE);
    await revokePublicLinks(tx, scope, "invoice_view", [id]);
    await cancelInvoiceReminders(tx, scope, id);
    await tx.delete(invoices).where(scoped(invoices, scope, eq(invoices.id, id)));
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "invoice_deleted",
      status: "error",
      client: inv.customerName,
      amount: inv.total,
      message: `Draft invoice ${inv.invoiceNumber} deleted`,
    });
    await publishEvent(tx, {
      companyId: scope.companyId,
      by: scope.userId,
      kind: "invoice.changed",
      ids: { invoiceId: id },
      text: `Invoice ${inv.invoiceNumber} deleted`,
    });
  });
}
