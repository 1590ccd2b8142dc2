/**
 * The notes and the internal memo of an invoice, what stays editable once it was sent (DECISIONS
 * 'Invoices': a sent invoice is a record). One transaction with the activity event that says who
 * changed what from what to what, and the live event.
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
const SIDE = 100;
const quoted = (text: string | null) => {
  if (!text) return "(none)";
  const chars = [...text];
  return `“${chars.length > SIDE ? `${chars.slice(0, SIDE - 1).join("")}…` : text}”`;
};

export async function updateInvoiceNotes(scope: Scope, { id, notes, memo }: { id: string } & TInvoiceNotes) {
  const who = await actorName(scope);
  await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, id);
    if (inv.status === "void") throw new ConflictError(VOID_NOT_EDITABLE);
    const changes = [
      inv.notes === notes ? null : `notes ${quoted(inv.notes)} → ${quoted(notes)}`,
      inv.memo === memo ? null : `internal memo ${quoted(inv.memo)} → ${quoted(memo)}`,
    ].filter((change) => change !== null);
    if (changes.length === 0) return;
    const [row = missingRow("invoices")] = await tx
      .update(invoices)
      .set({ notes, memo, updatedAt: new Date() })
      .where(scoped(invoices, scope, eq(invoices.id, id)))
      .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status });
    // Who (named, and the event's actor), when (its time), and the before and the after.
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "invoice_notes_changed",
      client: inv.customerName,
      message: `Invoice ${inv.invoiceNumber} changed by ${who}: ${changes.join("; ")}`,
    });
    await publishEvent(tx, { companyId: scope.companyId, by: scope.userId, ...invoiceEvent("updated")(row) });
  });
  return getInvoice(scope, id);
}
