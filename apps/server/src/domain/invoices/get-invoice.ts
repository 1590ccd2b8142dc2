// One invoice as the office's page shows it: lines, dispatch, computed balance and overdue, mail state.
import {
  dispatches,
  type Executor,
  invoiceLineItems,
  invoices,
  rateConfirmations,
  standardRates,
} from "@pevo/db";
import { quickPayOf, type TInvoice } from "@pevo/shared";
import { asc, eq, or } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type CompanyId, scoped } from "../../lib/tenant";
import { mailState } from "../../mail/mail-jobs";
import { jobsOfInvoice } from "./invoice-jobs";
import { balanceOf, invoiceToday, isOverdue } from "./invoice-status";

export const INVOICE_NOT_FOUND = "Invoice not found";

/** The key of an invoice's mail (mail/mail-jobs.ts): the invoice page shows where its latest one stands. */
export const invoiceMailKey = (invoiceId: string) => `invoice:${invoiceId}`;

export async function getInvoice(
  scope: { db: Executor; companyId: CompanyId },
  id: string,
): Promise<TInvoice> {
  const { db } = scope;
  const [row] = await db
    .select({
      invoice: invoices,
      dispatch: {
        id: dispatches.id,
        driverName: dispatches.driverName,
        pickupDate: dispatches.pickupDate,
      },
      jobNumber: rateConfirmations.jobNumber,
      originAddress: rateConfirmations.originAddress,
      destinationAddress: rateConfirmations.destinationAddress,
      minimumDailyRate: standardRates.minimumDailyRate,
      mileageRate: standardRates.mileageRate,
    })
    .from(invoices)
    .innerJoin(dispatches, eq(dispatches.id, invoices.dispatchId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(standardRates, eq(standardRates.rateConfirmationId, rateConfirmations.id))
    .where(scoped(invoices, scope, eq(invoices.id, id)));
  if (!row) throw new NotFoundError(INVOICE_NOT_FOUND);
  const items = await db
    .select({
      id: invoiceLineItems.id,
      kind: invoiceLineItems.kind,
      date: invoiceLineItems.date,
      location: invoiceLineItems.location,
      mileage: invoiceLineItems.mileage,
      charge: invoiceLineItems.charge,
      dispatchId: invoiceLineItems.dispatchId,
    })
    .from(invoiceLineItems)
    .where(scoped(invoiceLineItems, scope, eq(invoiceLineItems.invoiceId, id)))
    .orderBy(asc(invoiceLineItems.sortOrder));
  const inv = row.invoice;
  const jobs = await jobsOfInvoice(db, scope, id);
  // The reissue chain both ways: the void original this one replaces, and the invoice replacing it.
  const linked = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      replacesInvoiceId: invoices.replacesInvoiceId,
    })
    .from(invoices)
    .where(
      scoped(
        invoices,
        scope,
        or(
          eq(invoices.replacesInvoiceId, inv.id),
          inv.replacesInvoiceId ? eq(invoices.id, inv.replacesInvoiceId) : undefined,
        ),
      ),
    )
    .orderBy(asc(invoices.createdAt));
  const link = (l: (typeof linked)[number] | undefined) =>
    l ? { id: l.id, invoiceNumber: l.invoiceNumber } : null;
  return {
    id: inv.id,
    invoiceNumber: inv.invoiceNumber,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    dispatchId: inv.dispatchId,
    clientId: inv.clientId,
    status: inv.status,
    customerName: inv.customerName,
    customerAddress: inv.customerAddress,
    pevoName: inv.pevoName,
    pevoPosition: inv.pevoPosition,
    notes: inv.notes,
    memo: inv.memo,
    subtotal: inv.subtotal,
    tax: inv.tax,
    total: inv.total,
    taxRate: inv.taxRate,
    amountPaid: inv.amountPaid,
    balance: balanceOf(inv),
    overdue: isOverdue(inv, await invoiceToday(db, scope)),
    sentAt: inv.sentAt?.toISOString() ?? null,
    sentTo: inv.sentTo,
    viewedAt: inv.viewedAt?.toISOString() ?? null,
    voidReason: inv.voidReason,
    poNumber: inv.poNumber,
    billTo: inv.billToName
      ? { clientId: inv.billToClientId, name: inv.billToName, address: inv.billToAddress }
      : null,
    replaces: link(linked.find((l) => l.id === inv.replacesInvoiceId)),
    replacedBy: link(linked.find((l) => l.replacesInvoiceId === inv.id)),
    quickPay: quickPayOf(inv, { percent: inv.quickPayPercent, days: inv.quickPayDays }),
    factoring: factoringOf(inv),
    mail: await mailState(db, scope, invoiceMailKey(inv.id)),
    createdAt: inv.createdAt.toISOString(),
    lineItems: items,
    // A consolidated invoice's job headings; one job reads as before (its dispatch below).
    jobs: jobs.length > 1 ? jobs : [],
    dispatch: {
      ...row.dispatch,
      jobNumber: row.jobNumber,
      originAddress: row.originAddress,
      destinationAddress: row.destinationAddress,
      standardRates:
        row.minimumDailyRate && row.mileageRate
          ? { minimumDailyRate: row.minimumDailyRate, mileageRate: row.mileageRate }
          : null,
    },
  };
}

/** The factor the invoice is assigned to, as it was when assigned (null when not factored). */
function factoringOf(inv: typeof invoices.$inferSelect): TInvoice["factoring"] {
  if (!inv.factoredAt || !inv.factorName || !inv.factorRemitTo) return null;
  return {
    factoredAt: inv.factoredAt.toISOString(),
    name: inv.factorName,
    email: inv.factorEmail,
    remitTo: inv.factorRemitTo,
    notice: inv.factorNotice,
    sentToFactorAt: inv.sentToFactorAt?.toISOString() ?? null,
  };
}
