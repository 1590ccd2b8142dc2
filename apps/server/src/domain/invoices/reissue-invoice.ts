/**
 * Void and reissue (DECISIONS 'Invoices': a sent invoice is a record): the original is kept as void
 * with the reason, and a new draft copied from it (customer, dates, lines, tax rate) gets the next
 * number of its issue year. One transaction with both activity events and both live events (ADR
 * 0012: NOTIFY is delivered on commit, never for a rollback).
 */
import { invoiceJobs, invoiceLineItems, invoices, missingRow } from "@pevo/db";
import { type TReissueInvoice, toCents } from "@pevo/shared";
import { asc, eq } from "drizzle-orm";
import { ConflictError, isUniqueViolation } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { revokePublicLinks } from "../public-links";
import { actorName } from "./actor-name";
import { getInvoice } from "./get-invoice";
import { claimJobs, releaseJobs } from "./invoice-jobs";
import { VOID_NOT_EDITABLE } from "./invoice-lock";
import { nextInvoiceNumber } from "./list-invoices";
import { lockInvoice } from "./lock-invoice";
import { cancelInvoiceReminders } from "./reminders";

/** Payments belong to the invoice they paid: an accountant deletes (or refunds) them before voiding. */
const REISSUE_WITH_PAYMENTS =
  "An invoice with payments cannot be voided and reissued: delete its payments first, then record them on the new invoice";
const NUMBER_RACE = "Another invoice took the new number meanwhile: reissue again";

export async function reissueInvoice(
  scope: Scope,
  { id, reissue }: { id: string; reissue: TReissueInvoice },
) {
  const { companyId, userId } = scope;
  const who = await actorName(scope);
  const newId = await scope.db
    .transaction(async (tx) => {
      const original = await lockInvoice(tx, scope, id);
      if (original.status === "void") throw new ConflictError(VOID_NOT_EDITABLE);
      if (toCents(original.amountPaid) > 0) throw new ConflictError(REISSUE_WITH_PAYMENTS);
      const [voided = missingRow("invoices")] = await tx
        .update(invoices)
        .set({ status: "void", voidReason: reissue.reason, updatedAt: new Date() })
        .where(scoped(invoices, scope, eq(invoices.id, id)))
        .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status });
      await revokePublicLinks(tx, scope, "invoice_view", [id]);
      await cancelInvoiceReminders(tx, scope, id);
      // The copy takes over the original's jobs (DECISIONS 'Consolidated invoices').
      const jobs = await tx
        .select({ dispatchId: invoiceJobs.dispatchId, releasedAt: invoiceJobs.releasedAt })
        .from(invoiceJobs)
        .where(scoped(invoiceJobs, scope, eq(invoiceJobs.invoiceId, id)))
        .orderBy(asc(invoiceJobs.sortOrder));
      await releaseJobs(tx, scope, id);

      const invoiceNumber = await nextInvoiceNumber({ db: tx, companyId }, original.issueDate);
      const [copy = missingRow("invoices")] = await tx
        .insert(invoices)
        .values({
          companyId,
          createdBy: userId,
          dispatchId: original.dispatchId,
          clientId: original.clientId,
          invoiceNumber,
          issueDate: original.issueDate,
          dueDate: original.dueDate,
          subtotal: original.subtotal,
          taxRate: original.taxRate,
          tax: original.tax,
          total: original.total,
          notes: original.notes,
          memo: original.memo,
          status: "draft",
          customerName: original.customerName,
          customerAddress: original.customerAddress,
          pevoName: original.pevoName,
          pevoPosition: original.pevoPosition,
          poNumber: original.poNumber,
          billToClientId: original.billToClientId,
          billToName: original.billToName,
          billToAddress: original.billToAddress,
          quickPayPercent: original.quickPayPercent,
          quickPayDays: original.quickPayDays,
          replacesInvoiceId: original.id,
        })
        .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status });
      const lines = await tx
        .select({
          kind: invoiceLineItems.kind,
          date: invoiceLineItems.date,
          location: invoiceLineItems.location,
          mileage: invoiceLineItems.mileage,
          charge: invoiceLineItems.charge,
          sortOrder: invoiceLineItems.sortOrder,
          dispatchId: invoiceLineItems.dispatchId,
        })
        .from(invoiceLineItems)
        .where(scoped(invoiceLineItems, scope, eq(invoiceLineItems.invoiceId, id)))
        .orderBy(asc(invoiceLineItems.sortOrder));
      if (lines.length > 0) {
        await tx
          .insert(invoiceLineItems)
          .values(lines.map((line) => ({ ...line, companyId, invoiceId: copy.id })));
      }
      await claimJobs(tx, scope, {
        invoiceId: copy.id,
        dispatchIds: jobs.filter((j) => j.releasedAt === null).map((j) => j.dispatchId),
      });

      await recordActivity(tx, scope, {
        actorId: userId,
        type: "invoice_voided",
        status: "error",
        client: original.customerName,
        amount: original.total,
        message: `Invoice ${original.invoiceNumber} voided and reissued as ${invoiceNumber} by ${who}: ${reissue.reason}`,
      });
      await recordActivity(tx, scope, {
        actorId: userId,
        type: "invoice_reissued",
        client: original.customerName,
        amount: original.total,
        message: `Invoice ${invoiceNumber} reissued from ${original.invoiceNumber}`,
      });
      await publishEvent(tx, { companyId, by: userId, ...invoiceEvent("voided")(voided) });
      await publishEvent(tx, { companyId, by: userId, ...invoiceEvent("created")(copy) });
      return copy.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ConflictError(NUMBER_RACE);
      throw error;
    });
  return getInvoice(scope, newId);
}
