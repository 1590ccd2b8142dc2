import { PAYMENT_METHOD_LABELS, type TPublicInvoice } from "@pevo/shared";
import { useParams } from "react-router";
import { JobLineGroups } from "@/components/job-line-groups";
import {
  PublicDocumentFooter,
  PublicDocumentPage,
  PublicDocumentToolbar,
  PublicLetterhead,
} from "@/components/public-document";
import { ClientInvoiceStatusBadges } from "@/components/status-badge";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { useNoIndex } from "@/lib/use-no-index";
import { publicInvoicePdfHref, usePublicInvoice } from "../api";

/** /i/{token}: the client's view of a sent invoice. No session: the token is the only key. */
export default function PublicInvoicePage() {
  const { token = "" } = useParams();
  const invoice = usePublicInvoice(token);
  useNoIndex(invoice.data ? `Invoice ${invoice.data.invoiceNumber}` : "Invoice");

  return (
    <PublicDocumentPage query={invoice} noun="invoice">
      {(data) => <Loaded token={token} invoice={data} />}
    </PublicDocumentPage>
  );
}

function Loaded({ token, invoice }: { token: string; invoice: TPublicInvoice }) {
  const paid = invoice.status === "paid";

  return (
    <>
      <PublicDocumentToolbar
        summary={
          paid
            ? "This invoice is paid. Thank you!"
            : `${formatMoney(invoice.balance)} due ${formatDate(invoice.dueDate)}`
        }
        pdfHref={publicInvoicePdfHref(token)}
      />
      <article
        aria-label={`Invoice ${invoice.invoiceNumber}`}
        className="grid gap-6 rounded-xl border bg-card p-4 text-card-foreground [overflow-wrap:anywhere] shadow-xs sm:p-8"
      >
        <header className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:justify-between">
          <PublicLetterhead company={invoice.company} />
          <div className="grid content-start gap-1.5 text-sm sm:justify-items-end sm:text-right">
            <h1 className="text-2xl font-semibold tracking-tight">INVOICE</h1>
            <p className="font-medium">#{invoice.invoiceNumber}</p>
            <span className="flex flex-wrap gap-1 sm:justify-end">
              <ClientInvoiceStatusBadges status={invoice.status} overdue={invoice.overdue} />
            </span>
            <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 sm:justify-end">
              <dt className="text-muted-foreground">Issue Date</dt>
              <dd>{formatDate(invoice.issueDate)}</dd>
              <dt className="text-muted-foreground">Due Date</dt>
              <dd>{formatDate(invoice.dueDate)}</dd>
              {invoice.jobNumber ? (
                <>
                  <dt className="text-muted-foreground">Job #</dt>
                  <dd>{invoice.jobNumber}</dd>
                </>
              ) : null}
            </dl>
          </div>
        </header>

        <section className="grid gap-1 text-sm">
          <h2 className="font-semibold text-muted-foreground">Bill To</h2>
          <p className="font-medium [overflow-wrap:anywhere]">
            {invoice.billTo?.name ?? (invoice.customerName || "-")}
          </p>
          {(invoice.billTo ? invoice.billTo.address : invoice.customerAddress) ? (
            <p className="whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">
              {invoice.billTo ? invoice.billTo.address : invoice.customerAddress}
            </p>
          ) : null}
          {invoice.billTo ? (
            <p>
              <span className="text-muted-foreground">Ordered by </span>
              {invoice.customerName || "-"}
            </p>
          ) : null}
          {invoice.poNumber ? (
            <p>
              <span className="text-muted-foreground">PO # </span>
              {invoice.poNumber}
            </p>
          ) : null}
        </section>

        <section className="grid gap-2" aria-label="Line items">
          <h2 className="text-sm font-semibold text-muted-foreground">Line Items</h2>
          {invoice.jobs.length > 0 ? (
            <JobLineGroups jobs={invoice.jobs} lines={invoice.lineItems} />
          ) : (
            <ul className="divide-y rounded-lg border text-sm">
              {invoice.lineItems.map((line, i) => (
                <li key={i} className="flex items-start justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {line.kind === "discount" ? (
                        <span className="text-muted-foreground">Discount: </span>
                      ) : null}
                      {line.location}
                    </p>
                    <p className="text-muted-foreground">
                      {formatDate(line.date)}
                      {Number(line.mileage) > 0 ? ` · ${formatNumber(Number(line.mileage), 3)} mi` : ""}
                    </p>
                  </div>
                  <p className="shrink-0 tabular-nums">{formatMoney(line.charge)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right tabular-nums">{formatMoney(invoice.subtotal)}</dd>
          <dt className="text-muted-foreground">
            Tax{Number(invoice.taxRate) > 0 ? ` (${invoice.taxRate}%)` : ""}
          </dt>
          <dd className="text-right tabular-nums">{formatMoney(invoice.tax)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatMoney(invoice.total)}</dd>
          {invoice.payments.map((p, i) => (
            <div key={i} className="contents">
              <dt className="text-muted-foreground">
                {p.method === "credit_note"
                  ? `Credit note ${formatDate(p.date)}`
                  : `Paid ${formatDate(p.date)} (${PAYMENT_METHOD_LABELS[p.method]})`}
              </dt>
              <dd className="text-right tabular-nums">-{formatMoney(p.amount)}</dd>
            </div>
          ))}
          <dt className="border-t pt-1 font-semibold">Balance Due</dt>
          <dd className="border-t pt-1 text-right font-semibold tabular-nums">
            {formatMoney(invoice.balance)}
          </dd>
          {invoice.quickPay && invoice.status !== "paid" ? (
            <>
              <dt className="text-muted-foreground">
                Quick pay discount ({Number(invoice.quickPay.percent)}% if paid by{" "}
                {formatDate(invoice.quickPay.payBy)})
              </dt>
              <dd className="text-right tabular-nums">-{formatMoney(invoice.quickPay.discount)}</dd>
              <dt className="font-medium">Net if paid by {formatDate(invoice.quickPay.payBy)}</dt>
              <dd className="text-right font-medium tabular-nums">{formatMoney(invoice.quickPay.net)}</dd>
            </>
          ) : null}
        </dl>

        {invoice.remitTo ? (
          <section aria-label="Remit to" className="grid gap-1 rounded-lg border border-primary p-3 text-sm">
            <h2 className="font-semibold">Remit To</h2>
            <p className="whitespace-pre-line">{`${invoice.remitTo.name}\n${invoice.remitTo.address}`}</p>
            {invoice.remitTo.notice ? (
              <p className="whitespace-pre-line font-medium">{invoice.remitTo.notice}</p>
            ) : null}
          </section>
        ) : null}

        {invoice.notes ? (
          <section className="grid gap-1 text-sm">
            <h2 className="font-semibold text-muted-foreground">Notes</h2>
            <p className="whitespace-pre-line">{invoice.notes}</p>
          </section>
        ) : null}
        <PublicDocumentFooter footer={invoice.company.footer} />
      </article>
    </>
  );
}
