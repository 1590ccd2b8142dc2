// The office's list of credit notes: newest first, searched by credit note or invoice number.
import { creditNoteCounts, creditNotes, invoices } from "@pevo/db";
import { fromCents, type TCreditNoteListItem, type TCreditNoteListParams } from "@pevo/shared";
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import { countUpTo, likePattern, offsetPageOf } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * One page of the company's credit notes, newest first (date, then id), and the total. What a page
 * costs stays the same however many credit notes the company has (docs/performance.md):
 * - the page's ids are walked from the (company, date, id) index alone (a deep page skips index
 *   entries, not rows), then only those 25 credit notes and their invoices are read, as in the
 *   invoice list;
 * - a search reads its matches from the trigram index on the number and the invoices' one (the two
 *   as a UNION, each by its own index: an OR of the two made PostgreSQL test every credit note of
 *   the company), then sorts them;
 * - the total without a filter is the company's kept count (credit_note_counts, kept by a trigger),
 *   read first: a page in the older half is then walked from the oldest end (pageFromEnd).
 */
export async function listCreditNotes(scope: Scope, params: TCreditNoteListParams) {
  const { db } = scope;
  const oneInvoice = params.invoiceId ? eq(creditNotes.invoiceId, params.invoiceId) : undefined;
  const keys = { id: creditNotes.id, date: creditNotes.date };
  const matching = (condition?: SQL) =>
    db
      .select(keys)
      .from(creditNotes)
      .where(scoped(creditNotes, scope, oneInvoice, condition));
  const pattern = params.q ? likePattern(params.q) : undefined;
  // The invoices whose number matches, by the invoices' trigram index; `= any(array(…))` lets the
  // credit notes be read by their (company, invoice) index.
  const byInvoiceNumber = (term: string) =>
    sql`${creditNotes.invoiceId} = any(array(${db
      .select({ id: invoices.id })
      .from(invoices)
      .where(scoped(invoices, scope, ilike(invoices.invoiceNumber, term)))}))`;
  const matches = (
    pattern
      ? union(matching(ilike(creditNotes.creditNoteNumber, pattern)), matching(byInvoiceNumber(pattern)))
      : matching()
  ).as("matches");

  // Without a filter the total is known before the page (the kept count, one row).
  const kept = pattern || oneInvoice ? undefined : await keptCount(scope);
  return offsetPageOf<TCreditNoteListItem>(params, {
    rows: async (limit, offset) => {
      // One statement, as the invoice list: the page's ids in a subquery, then those credit notes
      // by their key with their invoices (sorted there, so the ids may come in either order).
      const fromEnd = kept === undefined ? undefined : pageFromEnd(kept, limit, offset);
      const page = fromEnd
        ? db
            .select({ id: matches.id })
            .from(matches)
            .orderBy(asc(matches.date), asc(matches.id))
            .limit(fromEnd.limit)
            .offset(fromEnd.offset)
        : db
            .select({ id: matches.id })
            .from(matches)
            .orderBy(desc(matches.date), desc(matches.id))
            .limit(limit)
            .offset(offset);
      const rows = await db
        .select({
          id: creditNotes.id,
          creditNoteNumber: creditNotes.creditNoteNumber,
          date: creditNotes.date,
          invoiceId: creditNotes.invoiceId,
          invoiceNumber: invoices.invoiceNumber,
          customerName: invoices.customerName,
          totalCents: creditNotes.totalCents,
          appliedCents: creditNotes.appliedCents,
          toCreditCents: creditNotes.toCreditCents,
          sentAt: creditNotes.sentAt,
        })
        .from(creditNotes)
        // The invoice is of the same company (the composite reference).
        .innerJoin(
          invoices,
          and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.companyId, creditNotes.companyId)),
        )
        .where(scoped(creditNotes, scope, inArray(creditNotes.id, page)))
        .orderBy(desc(creditNotes.date), desc(creditNotes.id));
      return rows.map(({ totalCents, appliedCents, toCreditCents, sentAt, ...r }) => ({
        ...r,
        total: fromCents(totalCents),
        applied: fromCents(appliedCents),
        toCredit: fromCents(toCreditCents),
        sentAt: sentAt?.toISOString() ?? null,
      }));
    },
    count: async (cap) => kept ?? countUpTo(db, db.select({ one: sql`1` }).from(matches).$dynamic(), cap),
  });
}

async function keptCount(scope: Scope) {
  const [kept] = await scope.db
    .select({ n: creditNoteCounts.creditNotes })
    .from(creditNoteCounts)
    .where(scoped(creditNoteCounts, scope));
  return kept?.n ?? 0;
}

/**
 * A page in the older half of `total` rows, as a limit and offset from the oldest end: the walk then
 * skips the rows after it, not the newer ones before it, and the last page (the oldest credit notes)
 * costs what the first does. Undefined for a page in the newer half or past the end.
 */
function pageFromEnd(total: number, limit: number, offset: number) {
  const fromEnd = total - offset - limit;
  if (offset >= total || fromEnd >= offset) return undefined;
  return { limit: Math.min(limit, total - offset), offset: Math.max(0, fromEnd) };
}
