/**
 * Sending an invoice (DECISIONS 'Invoices'). Sending makes a public link (/i/{token}, 30 days, purpose
 * invoice_view), marks the invoice sent, schedules its overdue reminders and records the activity in
 * one transaction, with the email (PDF attached) as an outbox job (ADR 0012) tried once right after
 * the commit. A failed email keeps the change and says so (`mailSent: false`): the page offers
 * Retry, which sends again.
 */
import { companies, invoices, missingRow } from "@pevo/db";
import { INVOICE_LINK_DAYS, type TInvoiceSent, type TSendInvoice } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { ConflictError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { ownCompany, type Scope, scoped } from "../../lib/tenant";
import { deliverNow, enqueueMail, mailStateById } from "../../mail/mail-jobs";
import { invoiceMail } from "../../mail/templates";
import { recordActivity } from "../activity";
import { createPublicLink, daysFrom } from "../public-links";
import { getInvoice, invoiceMailKey } from "./get-invoice";
import { lockInvoice } from "./lock-invoice";
import { renderInvoicePdf } from "./pdf";
import { invoiceUrl, syncInvoiceReminders } from "./reminders";

const VOID_NOT_SENDABLE = "A void invoice cannot be sent";

export const invoiceFileName = (invoiceNumber: string) => `invoice-${invoiceNumber}.pdf`;

export async function sendInvoice(
  scope: Scope,
  { id, send: input }: { id: string; send: TSendInvoice },
  deps: Pick<Deps, "mailer" | "config">,
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
