/**
 * Invoice status rules (DECISIONS "Invoice status"): the stored status follows actions (send, view,
 * payments, void); overdue is computed, never stored, by this one rule everywhere it is shown:
 * an open invoice (sent, viewed, partially paid) with a balance left whose due date is before today
 * in the company's time zone.
 */
import { type Executor, invoices } from "@pevo/db";
import { fromCents, INVOICE_OPEN_STATUSES, type InvoiceStatus, toCents } from "@pevo/shared";
import { and, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { CompanyId } from "../../lib/tenant";
import { zonedDate } from "../../lib/zoned-time";
import { companyTimeZone } from "../company";

/** Today in the company's time zone. */
export async function invoiceToday(db: Executor, scope: { companyId: CompanyId }, now = new Date()) {
  return zonedDate(await companyTimeZone(db, scope), now);
}

export function overdueCondition(today: string): SQL {
  return and(
    inArray(invoices.status, [...INVOICE_OPEN_STATUSES]),
    gt(invoices.total, invoices.amountPaid),
    lt(invoices.dueDate, today),
  ) as SQL;
}

/** The overdue flag as a selected column. */
export const overdueSql = (today: string) => sql<boolean>`(${overdueCondition(today)})`.mapWith(Boolean);

/** total - amount paid, exact (numeric in SQL). */
export const balanceSql = sql<string>`(${invoices.total} - ${invoices.amountPaid})::numeric(12,2)::text`;

export const isOpenStatus = (status: InvoiceStatus) =>
  (INVOICE_OPEN_STATUSES as readonly string[]).includes(status);

export function isOverdue(
  invoice: { status: InvoiceStatus; total: string; amountPaid: string; dueDate: string },
  today: string,
) {
  return isOpenStatus(invoice.status) && balanceCents(invoice) > 0 && invoice.dueDate < today;
}

export const balanceCents = (invoice: { total: string; amountPaid: string }) =>
  toCents(invoice.total) - toCents(invoice.amountPaid);
export const balanceOf = (invoice: { total: string; amountPaid: string }) => fromCents(balanceCents(invoice));

/**
 * The status after the amounts changed (a payment, a deleted payment, an edited total). Void stays;
 * otherwise paid when nothing is left, partially paid when something was paid, and when nothing
 * was: viewed, sent or draft, whichever it reached (an invoice handed over on paper can be paid
 * without being sent from here).
 */
export function statusAfterAmounts(
  invoice: { status: InvoiceStatus; sentAt: Date | null; viewedAt: Date | null },
  totalCents: number,
  paidCents: number,
): InvoiceStatus {
  if (invoice.status === "void") return "void";
  if (paidCents > 0 && paidCents >= totalCents) return "paid";
  if (paidCents > 0) return "partially_paid";
  return invoice.viewedAt ? "viewed" : invoice.sentAt ? "sent" : "draft";
}
