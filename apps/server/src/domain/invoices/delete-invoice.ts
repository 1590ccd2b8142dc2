import { invoices } from "@pevo/db";
import { toCents } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { ConflictError } from "../../lib/domain-errors";
import { publishEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { revokePublicLinks } from "../public-links";
import { lockInvoice } from "./lock-invoice";
import { cancelInvoiceReminders } from "./reminders";

const ONLY_DRAFT_DELETABLE = "Only a draft invoice can be deleted; void a sent invoice instead";
const VOID_NOT_DELETABLE = "A void invoice cannot be deleted: it stays on record";

/**
 * Deletes a draft invoice (its lines go with it). A sent, paid or void invoice is refused: the client
 * may hold it and the books count it, so it is voided instead. A draft has no payments, link or
 * reminder in the normal course; any left over is revoked or canceled in the same transaction.
 */
export async function deleteInvoice(scope: Scope, { id }: { id: string }) {
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
