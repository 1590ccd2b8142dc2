import { type TPublicCreditNote, toCents } from "@pevo/shared";
import { useParams } from "react-router";
import {
  PublicDocumentFooter,
  PublicDocumentPage,
  PublicDocumentToolbar,
  PublicLetterhead,
} from "@/components/public-document";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { useNoIndex } from "@/lib/use-no-index";
import { publicCreditNotePdfHref, usePublicCreditNote } from "../api";

/** /cn/{token}: the client's view of a credit note. No session: the token is the only key. */
export default function PublicCreditNotePage() {
  const { token = "" } = useParams();
  const note = usePublicCreditNote(token);
  useNoIndex(note.data ? `Credit note ${note.data.creditNoteNumber}` : "Credit note");

  return (
    <PublicDocumentPage query={note} noun="credit note">
      {(data) => <Loaded token={token} note={data} />}
    </PublicDocumentPage>
  );
}

function Loaded({ token, note }: { token: string; note: TPublicCreditNote }) {
  return (
    <>
      <PublicDocumentToolbar
        summary={`${formatMoney(note.total)} credited on invoice ${note.invoiceNumber}`}
        pdfHref={publicCreditNotePdfHref(token)}
      />
      <article
        aria-label={`Credit note ${note.creditNoteNumber}`}
        className="grid gap-6 rounded-xl border bg-card p-4 text-card-foreground [overflow-wrap:anywhere] shadow-xs sm:p-8"
      >
        <header className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:justify-between">
          <PublicLetterhead company={note.company} />
          <div className="grid content-start gap-1.5 text-sm sm:justify-items-end sm:text-right">
            <h1 className="text-2xl font-semibold tracking-tight">CREDIT NOTE</h1>
            <p className="font-medium">#{note.creditNoteNumber}</p>
            <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 sm:justify-end">
              <dt className="text-muted-foreground">Date</dt>
              <dd>{formatDate(note.date)}</dd>
              <dt className="text-muted-foreground">Invoice #</dt>
              <dd>{note.invoiceNumber}</dd>
            </dl>
          </div>
        </header>

        <div className="grid gap-4 sm:grid-cols-2">
          <section className="grid content-start gap-1 text-sm">
            <h2 className="font-semibold text-muted-foreground">Credit To</h2>
            <p className="font-medium">{note.customerName || "-"}</p>
            {note.customerAddress ? (
              <p className="whitespace-pre-line text-muted-foreground">{note.customerAddress}</p>
            ) : null}
          </section>
          <section className="grid content-start gap-1 text-sm">
            <h2 className="font-semibold text-muted-foreground">Reason</h2>
            <p className="whitespace-pre-line">{note.reason}</p>
          </section>
        </div>

        <section className="grid gap-2" aria-label="Lines">
          <h2 className="text-sm font-semibold text-muted-foreground">Lines</h2>
          <ul className="divide-y rounded-lg border text-sm">
            {note.lines.map((line, i) => (
              <li key={i} className="flex items-start justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium whitespace-pre-line">{line.description}</p>
                  <p className="text-muted-foreground">
                    {formatNumber(Number(line.quantity), 3)} × {formatMoney(line.rate)}
                  </p>
                </div>
                <p className="shrink-0 tabular-nums">{formatMoney(line.amount)}</p>
              </li>
            ))}
          </ul>
        </section>

        <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Credit Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatMoney(note.total)}</dd>
          {toCents(note.applied) > 0 ? (
            <>
              <dt className="text-muted-foreground">Applied to invoice {note.invoiceNumber}</dt>
              <dd className="text-right tabular-nums">{formatMoney(note.applied)}</dd>
            </>
          ) : null}
          {toCents(note.toCredit) > 0 ? (
            <>
              <dt className="text-muted-foreground">Credited to your account</dt>
              <dd className="text-right tabular-nums">{formatMoney(note.toCredit)}</dd>
            </>
          ) : null}
        </dl>

        <PublicDocumentFooter footer={note.company.footer} />
      </article>
    </>
  );
}
