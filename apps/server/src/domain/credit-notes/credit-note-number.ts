import { creditNotes, type Transaction } from "@pevo/db";
import { like, sql } from "drizzle-orm";
import { type CompanyId, scoped } from "../../lib/tenant";

/**
 * CN-YYYY-NNNN: after the company's highest credit note number of that year (as invoice numbers
 * are: domain/invoices' nextInvoiceNumber). Unlike an invoice number, nobody types it, so it must
 * never collide: a transaction-scoped advisory lock per company and year makes two issuing
 * transactions take their numbers one after the other (the unique (company, number) key stays
 * the last line of defence).
 */
export async function allocateCreditNoteNumber(
  tx: Transaction,
  scope: { companyId: CompanyId },
  isoDay: string,
) {
  const year = isoDay.slice(0, 4);
  const key = `credit_note_number:${scope.companyId}:${year}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const prefix = `CN-${year}-`;
  const rows = await tx
    .select({ number: creditNotes.creditNoteNumber })
    .from(creditNotes)
    .where(scoped(creditNotes, scope, like(creditNotes.creditNoteNumber, `${prefix}%`)));
  const used = rows
    .map((r) => r.number.slice(prefix.length))
    .filter((rest) => /^\d{1,9}$/.test(rest))
    .map(Number);
  const next = used.length ? Math.max(...used) + 1 : 1;
  return `${prefix}${String(next).padStart(4, "0")}`;
}
