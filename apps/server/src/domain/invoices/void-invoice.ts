import { invoices, missingRow } from "@pevo/db";
import { toCents } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { ConflictError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { revokePublicLinks } from "../public-links";
import { actorName } from "./actor-name";
import { getInvoice } from "./get-invoice";
import { releaseJobs } from "./invoice-jobs";
import { lockInvoice } from "./lock-invoice";
import { cancelInvoiceReminders } from "./reminders";

const ALREADY_VOID = "This invoice is already void";
const VOID_WITH_PAYMENTS = "An invoice with payments cannot be voided: delete its payments first";

/**
 * Voids an invoice, with the reason kept on it and in the activity log (DECISIONS 'Invoices'): its
 * links stop working and its reminders are dropped. Not with payments.
 */
export async function voidInvoice(scope: Scope, { id, reason }: { id: string; reason: string }) {
  const who = await actorName(scope);
  await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, id);
    if (inv.status === "void") throw new ConflictError(ALREADY_VOID);
    if (toCents(inv.amountPaid) > 0) throw new ConflictError(VOID_WITH_PAYMENTS);
    const [row = missingRow("invoices")] = await tx
      .update(invoices)
      .set({ status: "void", voidReason: reason, updatedAt: new Date() })
      .where(scoped(invoices, scope, eq(invoices.id, id)))
      .returning();
    await revokePublicLinks(tx, scope, "invoice_view", [id]);
    // A void invoice bills nothing: its jobs may be billed again (DECISIONS 'Consolidated invoices').
    await releaseJobs(tx, scope, id);
    await cancelInvoiceReminders(tx, scope, id);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "invoice_voided",
      status: "error",
      client: inv.customerName,
      amount: inv.total,
      message: `Invoice ${inv.invoiceNumber} voided by ${who}: ${reason}`,
    });
    // NOTIFY is transactional: delivered when this commits.
    await publishEvent(tx, { companyId: scope.companyId, by: scope.userId, ...invoiceEvent("voided")(row) });
    return row;
  });
  return getInvoice(scope, id);
}
