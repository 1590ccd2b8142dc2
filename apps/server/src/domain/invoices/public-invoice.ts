/**
 * The client's side of a sent invoice, from the emailed link `/i/{token}` (DECISIONS 'Invoices'): no
 * account; the token opens that one invoice and nothing else of the company. The first opening of
 * a sent invoice marks it viewed (activity event). A void invoice's links are revoked.
 */
import { companies, type Database, invoices, missingRow } from "@pevo/db";
import type { TPublicInvoice } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { ownCompany, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { openPublicLink } from "../public-links";
import { getInvoice } from "./get-invoice";
import { lockInvoice } from "./lock-invoice";
import { listPayments } from "./payments";
import { renderInvoicePdf } from "./pdf";
import { invoiceFileName } from "./send-invoice";

/** What the page says for a link it cannot open (never which company or invoice it was). */
export const INVOICE_LINK_MESSAGES = {
  unknown: "This invoice link is not valid. Check that you copied the whole link from the email.",
  expired: "This invoice link has expired. Ask the sender for a new one.",
  revoked: "This invoice link is no longer valid: the invoice was withdrawn. Ask the sender for a new link.",
} as const;

async function openLink(db: Database, token: string) {
  const link = await openPublicLink(db, "invoice_view", token, INVOICE_LINK_MESSAGES);
  // The link names the company: every later query is scoped to it (userId: nobody is signed in).
  return { db, ...link.scope, userId: "", invoiceId: link.subjectId };
}

/** The invoice a token opens; the first opening of a sent invoice marks it viewed. */
export async function openPublicInvoice(db: Database, token: string): Promise<TPublicInvoice> {
  const scope = await openLink(db, token);
  await db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, scope.invoiceId);
    // Only the first opening counts (a paid invoice opened for the first time keeps its status).
    if (inv.viewedAt) return;
    const [row = missingRow("invoices")] = await tx
      .update(invoices)
      .set({ status: inv.status === "sent" ? "viewed" : inv.status, viewedAt: new Date() })
      .where(scoped(invoices, scope, eq(invoices.id, inv.id)))
      .returning();
    await recordActivity(tx, scope, {
      actorId: null,
      type: "invoice_viewed",
      status: "success",
      client: row.customerName,
      amount: row.total,
      message: `Invoice ${row.invoiceNumber} opened by the client`,
    });
    // NOTIFY is transactional: the office's screens hear of it when this commits (ADR 0012).
    await publishEvent(tx, { companyId: scope.companyId, ...invoiceEvent("viewed")(row) });
  });

  const invoice = await getInvoice(scope, scope.invoiceId);
  const { payments } = await listPayments(scope, scope.invoiceId);
  const [company = missingRow("companies")] = await db.select().from(companies).where(ownCompany(scope));
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
    invoiceNumber: invoice.invoiceNumber,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    overdue: invoice.overdue,
    customerName: invoice.customerName,
    customerAddress: invoice.customerAddress,
    poNumber: invoice.poNumber,
    billTo: invoice.billTo ? { name: invoice.billTo.name, address: invoice.billTo.address } : null,
    jobNumber: invoice.dispatch?.jobNumber ?? null,
    lineItems: invoice.lineItems.map(({ kind, date, location, mileage, charge, dispatchId }) => ({
      kind,
      date,
      location,
      mileage,
      charge,
      dispatchId,
    })),
    jobs: invoice.jobs,
    subtotal: invoice.subtotal,
    taxRate: invoice.taxRate,
    tax: invoice.tax,
    total: invoice.total,
    amountPaid: invoice.amountPaid,
    balance: invoice.balance,
    payments: payments.map(({ date, amount, method }) => ({ date, amount, method })),
    quickPay: invoice.quickPay,
    remitTo: invoice.factoring
      ? { name: invoice.factoring.name, address: invoice.factoring.remitTo, notice: invoice.factoring.notice }
      : null,
    notes: invoice.notes,
  };
}

/** The invoice PDF, from the client's link. */
export async function publicInvoicePdf(db: Database, token: string) {
  const scope = await openLink(db, token);
  const invoice = await getInvoice(scope, scope.invoiceId);
  return { pdf: await renderInvoicePdf(scope, invoice), fileName: invoiceFileName(invoice.invoiceNumber) };
}
