/**
 * The credit notes of a date range as the QuickBooks credit memo export reads them (DECISIONS
 * 'Invoices', Exports): each with its invoice's number, the customer QuickBooks bills (the bill-to
 * party when there is one, as the invoice export names it) and its lines in cents.
 */
import { clients, creditNoteLines, creditNotes, invoices } from "@pevo/db";
import type { TQuickBooksRangeParams } from "@pevo/shared";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { allRows, keyset } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";

/** A credit note's line as exported: quantity as exact text, money in cents. */
export type ExportedCreditNoteLine = {
  description: string;
  quantity: string;
  rateCents: number;
  amountCents: number;
};

/**
 * Every credit note dated in the range, by date and id, read in keyset batches (`allRows`): memory
 * holds one batch however many match.
 */
export function creditNotesInRange(scope: Scope, params: TQuickBooksRangeParams) {
  const { db } = scope;
  const where = scoped(
    creditNotes,
    scope,
    params.dateFrom ? gte(creditNotes.date, params.dateFrom) : undefined,
    params.dateTo ? lte(creditNotes.date, params.dateTo) : undefined,
  );
  const key = keyset([creditNotes.date, creditNotes.id], "asc");
  // Quantity as text (a json number would print 1.50 as 1.5, and the export trims it itself).
  const lines = sql<ExportedCreditNoteLine[]>`coalesce((
    select json_agg(json_build_object(
      'description', ${creditNoteLines.description}, 'quantity', ${creditNoteLines.quantity}::text,
      'rateCents', ${creditNoteLines.rateCents}, 'amountCents', ${creditNoteLines.amountCents}
    ) order by ${creditNoteLines.sortOrder}, ${creditNoteLines.id})
    from ${creditNoteLines}
    where ${creditNoteLines.creditNoteId} = ${creditNotes.id} and ${creditNoteLines.companyId} = ${creditNotes.companyId}
  ), '[]'::json)`;
  return allRows((cursor, limit) =>
    db
      .select({
        creditNoteNumber: creditNotes.creditNoteNumber,
        date: creditNotes.date,
        reason: creditNotes.reason,
        totalCents: creditNotes.totalCents,
        invoiceNumber: invoices.invoiceNumber,
        customer: sql<string>`coalesce(${invoices.billToName}, ${invoices.customerName}, ${clients.name}, '')`,
        lines,
        cursor: key.cursor,
      })
      .from(creditNotes)
      .innerJoin(
        invoices,
        and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.companyId, creditNotes.companyId)),
      )
      .leftJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.companyId, invoices.companyId)))
      // scoped: `where` is built with scoped() above
      .where(and(where, key.after(cursor)))
      .orderBy(...key.orderBy)
      .limit(limit),
  );
}
