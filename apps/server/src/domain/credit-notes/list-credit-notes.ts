// The office's list of credit notes: newest first, searched by credit note or invoice number.
import { creditNotes, invoices } from "@pevo/db";
import { fromCents, type TCreditNoteListItem, type TCreditNoteListParams } from "@pevo/shared";
import { and, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { countRows, likePattern, offsetPageOf, sortBy } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";

export async function listCreditNotes(scope: Scope, params: TCreditNoteListParams) {
  const { db } = scope;
  const search = params.q
    ? or(
        ilike(creditNotes.creditNoteNumber, likePattern(params.q)),
        // The invoice numbers that match, as a subquery on the invoices' trigram index.
        inArray(
          creditNotes.invoiceId,
          db
            .select({ id: invoices.id })
            .from(invoices)
            .where(scoped(invoices, scope, ilike(invoices.invoiceNumber, likePattern(params.q)))),
        ),
      )
    : undefined;
  const where = scoped(
    creditNotes,
    scope,
    params.invoiceId ? eq(creditNotes.invoiceId, params.invoiceId) : undefined,
    search,
  ) as SQL;
  return offsetPageOf<TCreditNoteListItem>(params, {
    rows: async (limit, offset) => {
      // The page is picked on the credit notes alone (their (company, date, id) index, walked back
      // to the offset), then joined to its 25 invoices: joined first, a deep page hashed every
      // invoice of the company (docs/performance.md).
      const page = db
        .select({
          id: creditNotes.id,
          creditNoteNumber: creditNotes.creditNoteNumber,
          date: creditNotes.date,
          invoiceId: creditNotes.invoiceId,
          companyId: creditNotes.companyId,
          totalCents: creditNotes.totalCents,
          appliedCents: creditNotes.appliedCents,
          toCreditCents: creditNotes.toCreditCents,
          sentAt: creditNotes.sentAt,
        })
        .from(creditNotes)
        // scoped: `where` is built with scoped() above
        .where(where)
        .orderBy(...sortBy(creditNotes.date, "desc", creditNotes.id))
        .limit(limit)
        .offset(offset)
        .as("page");
      const rows = await db
        .select({
          id: page.id,
          creditNoteNumber: page.creditNoteNumber,
          date: page.date,
          invoiceId: page.invoiceId,
          invoiceNumber: invoices.invoiceNumber,
          customerName: invoices.customerName,
          totalCents: page.totalCents,
          appliedCents: page.appliedCents,
          toCreditCents: page.toCreditCents,
          sentAt: page.sentAt,
        })
        .from(page)
        // scoped: the page holds the company's credit notes only; the invoice is of the same company.
        .innerJoin(invoices, and(eq(invoices.id, page.invoiceId), eq(invoices.companyId, page.companyId)))
        .orderBy(...sortBy(page.date, "desc", page.id));
      return rows.map(({ totalCents, appliedCents, toCreditCents, sentAt, ...r }) => ({
        ...r,
        total: fromCents(totalCents),
        applied: fromCents(appliedCents),
        toCredit: fromCents(toCreditCents),
        sentAt: sentAt?.toISOString() ?? null,
      }));
    },
    count: (cap) => countRows(db, creditNotes, where, cap),
  });
}
