// Which parts of an invoice may still change (DECISIONS 'Invoices': a sent invoice is a record).
import type { InvoiceStatus } from "@pevo/shared";
import { ConflictError } from "../../lib/domain-errors";

export const VOID_NOT_EDITABLE = "A void invoice cannot be changed";
const SENT_INVOICE_LOCKED =
  "Only a draft invoice can be edited: once sent or paid, its number, customer, dates, lines and amounts are locked. Its notes can still be changed; to correct anything else, void and reissue it.";

/** Only a draft is edited freely: a sent, viewed, paid or void invoice is a record (409). */
export function refuseUnlessDraft(status: InvoiceStatus) {
  if (status === "void") throw new ConflictError(VOID_NOT_EDITABLE);
  if (status !== "draft") throw new ConflictError(SENT_INVOICE_LOCKED);
}
