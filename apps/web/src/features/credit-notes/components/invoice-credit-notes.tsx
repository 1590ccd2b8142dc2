import { type TCreditNoteListItem, type TInvoice, toCents } from "@pevo/shared";
import { Download, FileMinus, Send } from "lucide-react";
import { useState } from "react";
import { QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { formatDate, formatMoney } from "@/lib/format";
import { creditNotePdfHref, useInvoiceCreditNotes } from "../api";
import { CreditedToAccount } from "./credited-to-account";
import { IssueCreditNoteDialog } from "./issue-credit-note-dialog";
import { SendCreditNoteDialog } from "./send-credit-note-dialog";

/** A credit note corrects a record: a sent, viewed or paid invoice, never a draft or a void one. */
const CREDITABLE = new Set(["sent", "viewed", "partially_paid", "paid"]);

/**
 * The invoice's credit notes (DECISIONS 'Credit notes') with their PDF and Send, and the "Issue
 * credit note" action on a sent or paid invoice.
 */
export function InvoiceCreditNotes({ invoice }: { invoice: TInvoice }) {
  const notes = useInvoiceCreditNotes(invoice.id);
  const [issuing, setIssuing] = useState(false);
  const [sending, setSending] = useState<TCreditNoteListItem | null>(null);
  const creditable = CREDITABLE.has(invoice.status);
  const items = notes.data?.items ?? [];
  if (!creditable && items.length === 0) return null;
  const creditedCents = items.reduce((sum, n) => sum + toCents(n.total), 0);

  return (
    <section
      aria-labelledby="credit-notes-heading"
      className="no-print mt-4 grid gap-3 rounded-xl border bg-card p-4 md:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="credit-notes-heading" className="font-semibold">
          Credit notes
        </h2>
        {creditable ? (
          <Button variant="outline" onClick={() => setIssuing(true)} disabled={notes.isPending}>
            <FileMinus />
            Issue credit note
          </Button>
        ) : null}
      </div>
      {notes.isError ? (
        <QueryErrorState message="Error loading credit notes" query={notes} />
      ) : notes.isPending ? (
        <p className="text-sm text-muted-foreground">Loading credit notes...</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No credit notes. To correct this invoice, issue a credit note: it lowers the balance, or becomes the
          client's credit once the invoice is paid.
        </p>
      ) : (
        <ul className="grid gap-2">
          {items.map((n) => (
            <li
              key={n.id}
              className="flex flex-col gap-2 rounded-lg border p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="font-medium">
                  {n.creditNoteNumber} · {formatMoney(n.total)} · {formatDate(n.date)}
                </p>
                <p className="text-muted-foreground [overflow-wrap:anywhere]">
                  {toCents(n.applied) > 0 ? `${formatMoney(n.applied)} applied to this invoice` : null}
                  {toCents(n.applied) > 0 && toCents(n.toCredit) > 0 ? "; " : null}
                  <CreditedToAccount toCredit={n.toCredit} />
                </p>
                <p className="text-xs text-muted-foreground">
                  {n.sentAt ? `Sent ${formatDate(n.sentAt.slice(0, 10))}` : "Not sent yet"}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a
                    href={creditNotePdfHref(n.id)}
                    download
                    aria-label={`Download PDF of ${n.creditNoteNumber}`}
                  >
                    <Download />
                    PDF
                  </a>
                </Button>
                <Button variant="outline" size="sm" onClick={() => setSending(n)}>
                  <Send />
                  {n.sentAt ? "Send again" : "Send"}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {issuing ? (
        <IssueCreditNoteDialog
          invoice={invoice}
          creditedCents={creditedCents}
          onClose={() => setIssuing(false)}
        />
      ) : null}
      {sending ? (
        <SendCreditNoteDialog
          note={sending}
          defaultTo={invoice.sentTo ?? ""}
          onClose={() => setSending(null)}
        />
      ) : null}
    </section>
  );
}
