/**
 * The notes of an invoice, the one part that stays editable once it was sent (DECISIONS 'Invoices':
 * a sent invoice is a record). One transaction with the activity event that says who changed them
 * from what to what, and the live event.
 */
import { invoices, missingRow } from "@pevo/db";
import type { TInvoiceNotes } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { ConflictError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { actorName } from "./actor-name";
import { getInvoice } from "./get-invoice";
import { VOID_NOT_EDITABLE } from "./invoice-lock";
import { lockInvoice } from "./lock-invoice";

/** Each side cut to a part of the activity bound, so that both the before and the after show. */
const SIDE = 200;
const quoted = (notes: string | null) => {
  if (!notes) return "(none)";
  const chars = [...notes];
  return `“${chars.length > SIDE ? `${chars.slice(0, SIDE - 1).join("")}…` : notes}”`;
};

export async function updateInvoiceNotes(scope: Scope, { id, notes }: { id: string } & TInvoiceNotes) {
  const who = await actorName(scope);
  await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, id);
    if (inv.status === "void") throw new ConflictError(VOID_NOT_EDITABLE);
    if (inv.notes === notes) return;
    const [row = missingRow("invoices")] = await tx
      .update(invoices)
      .set({ notes, updatedAt: new Date() })
      .where(scoped(invoices, scope, eq(invoices.id, id)))
      .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status });
    // Who (named, and the event's actor), when (its time), and the before and the after.
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "invoice_notes_changed",
      client: inv.customerName,
      message: `Invoice ${inv.invoiceNumber} notes changed by ${who}: ${quoted(inv.notes)} → ${quoted(notes)}`,
    });
    await publishEvent(tx, { companyId: scope.companyId, by: scope.userId, ...invoiceEvent("updated")(row) });
  });
  return getInvoice(scope, id);
}
