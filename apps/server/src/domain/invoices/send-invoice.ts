/**
 * Sending an invoice (DECISIONS 'Invoices'). Sending makes a public link (/i/{token}, 30 days, purpose
 * invoice_view), marks the invoice sent, schedules its overdue reminders and records the activity in
 * one transaction, with the email (PDF attached) as an outbox job (ADR 0012) tried once right after
 * the commit. A failed email keeps the change and says so (`mailSent: false`): the page offers
 * Retry, which sends again.
 */
import { clients, companies, type Executor, invoices, missingRow } from "@pevo/db";
import { INVOICE_LINK_DAYS, type TInvoiceSent, type TSendInvoice } from "@pevo/shared";
import { eq, inArray } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { ConflictError, InvalidInputError } from "../../lib/domain-errors";
import { safeFileName } from "../../lib/file-name";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { ownCompany, type Scope, scoped } from "../../lib/tenant";
import { deliverNow, enqueueMail, mailStateById } from "../../mail/mail-jobs";
import { invoiceMail } from "../../mail/templates";
import { recordActivity } from "../activity";
import { companyLogoUrl } from "../company";
import { createPublicLink, daysFrom } from "../public-links";
import { getInvoice, invoiceMailKey } from "./get-invoice";
import { lockInvoice } from "./lock-invoice";
import { renderInvoicePdf } from "./pdf";
import { invoiceUrl, syncInvoiceReminders } from "./reminders";

const VOID_NOT_SENDABLE = "A void invoice cannot be sent";
const PO_NUMBER_REQUIRED =
  "This client requires a PO number on its invoices: edit the draft and enter the PO number, then send it";
const NO_RECIPIENT = "This client has no accounts payable or contact email: enter the recipient's email";

/**
 * The billing settings that decide a sending (DECISIONS 'Client billing settings'): whether the
 * ordering client requires a PO number, and the billed party's accounts-payable email (its contact
 * email when it has none). The billed party is the invoice's bill-to client, else its customer.
 */
async function billingOf(
  tx: Executor,
  scope: Scope,
  inv: { clientId: string | null; billToClientId: string | null },
) {
  const ids = [inv.clientId, inv.billToClientId].filter((id): id is string => id !== null);
  if (ids.length === 0) return { poRequired: false, email: null };
  const rows = await tx
    .select({
      id: clients.id,
      poRequired: clients.poRequired,
      email: clients.email,
      billingEmail: clients.billingEmail,
    })
    .from(clients)
    .where(scoped(clients, scope, inArray(clients.id, ids)));
  const ordering = rows.find((r) => r.id === inv.clientId);
  const billed = rows.find((r) => r.id === (inv.billToClientId ?? inv.clientId));
  return { poRequired: ordering?.poRequired ?? false, email: billed?.billingEmail ?? billed?.email ?? null };
}

export const invoiceFileName = (invoiceNumber: string) => safeFileName(`invoice-${invoiceNumber}.pdf`);

export async function sendInvoice(
  scope: Scope,
  { id, send: input }: { id: string; send: TSendInvoice },
  deps: Pick<Deps, "mailer" | "config">,
): Promise<TInvoiceSent> {
  const { db } = scope;
  const sent = await db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, id);
    if (inv.status === "void") throw new ConflictError(VOID_NOT_SENDABLE);
    const billing = await billingOf(tx, scope, inv);
    // A draft's first sending needs the PO number; a sent one passed the check (or predates the rule).
    if (inv.status === "draft" && billing.poRequired && !inv.poNumber) {
      throw new ConflictError(PO_NUMBER_REQUIRED, { poNumber: PO_NUMBER_REQUIRED });
    }
    const to = (input.to ?? billing.email)?.toLowerCase();
    if (!to) throw new InvalidInputError(NO_RECIPIENT, { to: NO_RECIPIENT });
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
          logoUrl: await companyLogoUrl(tx, scope, deps.config.appUrl),
        },
        input.message,
        invoiceUrl(deps, link.token),
        await renderInvoicePdf(txScope, invoice),
        invoiceFileName(invoice.invoiceNumber),
      ),
    );
    // NOTIFY is transactional: the office's screens hear of it when this commits.
    await publishEvent(tx, { companyId: scope.companyId, by: scope.userId, ...invoiceEvent("sent")(row) });
    return { row, mailJob, to };
  });
  const mailSent = await deliverNow({ db, ...deps }, sent.mailJob);
  return {
    status: sent.row.status,
    sentAt: (sent.row.sentAt ?? new Date()).toISOString(),
    sentTo: sent.to,
    mailSent,
    mail: await mailStateById(db, scope, sent.mailJob),
  };
}
