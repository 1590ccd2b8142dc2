import { displayPhone, formatDotNumber, formatMcNumber, type TPublicCreditNote, toCents } from "@pevo/shared";
import { Download, FileX } from "lucide-react";
import { useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatDate, formatMoney } from "@/lib/format";
import { useNoIndex } from "@/lib/use-no-index";
import { publicCreditNotePdfHref, usePublicCreditNote } from "../api";

/** /cn/{token}: the client's view of a credit note. No session: the token is the only key. */
export default function PublicCreditNotePage() {
  const { token = "" } = useParams();
  const note = usePublicCreditNote(token);
  useNoIndex(note.data ? `Credit note ${note.data.creditNoteNumber}` : "Credit note");
  const notFound = note.error instanceof ApiError && note.error.status === 404;

  return (
    <div className="min-h-svh bg-muted/40 text-foreground">
      <main className="mx-auto grid max-w-3xl gap-4 px-3 py-6 sm:px-6 sm:py-10">
        {note.data ? (
          <Loaded token={token} note={note.data} />
        ) : note.isPending ? (
          <div className="flex items-center justify-center gap-2 py-20 text-muted-foreground" role="status">
            <Spinner /> Loading the credit note...
          </div>
        ) : (
          <div
            role="alert"
            className="grid justify-items-center gap-3 rounded-lg border bg-card p-8 text-center shadow-sm"
          >
            <FileX className="size-10 text-muted-foreground" aria-hidden />
            <h1 className="text-lg font-semibold">
              {notFound ? "This link cannot be used" : "The credit note could not be loaded"}
            </h1>
            <p className="max-w-md text-muted-foreground">
              {notFound && note.error instanceof ApiError
                ? note.error.message
                : failureMessage(note.error, "The credit note could not be loaded. Try again later.")}
            </p>
            {notFound ? null : (
              <Button variant="outline" onClick={() => void note.refetch()}>
                Try again
              </Button>
            )}
          </div>
        )}
      </main>
    </div>
  );
}

function Loaded({ token, note }: { token: string; note: TPublicCreditNote }) {
  const c = note.company;
  const contact = [displayPhone(c.phone), c.email].filter(Boolean).join(" · ");
  const authority = [formatMcNumber(c.mcNumber), formatDotNumber(c.dotNumber)].filter(Boolean).join(" · ");

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {formatMoney(note.total)} credited on invoice {note.invoiceNumber}
        </p>
        <Button asChild className="w-full sm:w-auto">
          <a href={publicCreditNotePdfHref(token)} download>
            <Download />
            Download PDF
          </a>
        </Button>
      </div>
      <article
        aria-label={`Credit note ${note.creditNoteNumber}`}
        className="grid gap-6 rounded-xl border bg-card p-4 text-card-foreground [overflow-wrap:anywhere] shadow-xs sm:p-8"
      >
        <header className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="text-xl font-semibold tracking-tight">{c.name}</p>
            {c.address ? <p className="mt-1 whitespace-pre-line text-muted-foreground">{c.address}</p> : null}
            {contact ? <p className="text-muted-foreground">{contact}</p> : null}
            {authority ? <p className="text-muted-foreground">{authority}</p> : null}
          </div>
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
                    {Number(line.quantity).toLocaleString("en-US")} × {formatMoney(line.rate)}
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

        {c.footer ? (
          <p className="border-t pt-4 text-center text-sm text-muted-foreground">{c.footer}</p>
        ) : null}
      </article>
    </>
  );
}
