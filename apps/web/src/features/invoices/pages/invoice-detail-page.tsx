import {
  displayPhone,
  formatDotNumber,
  formatMcNumber,
  type TCompanySettings,
  type TInvoice,
  ZReissueInvoice,
  ZVoidInvoice,
} from "@pevo/shared";
import { ArrowLeft, Ban, CopyPlus, Download, NotebookPen, Pencil, Printer, Send, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { JobLineGroups } from "@/components/job-line-groups";
import { MailStatus } from "@/components/mail-status";
import { PageHeader } from "@/components/page-header";
import { BackButton, LoadingState, ProblemState } from "@/components/states";
import { InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { InvoiceCreditNotes } from "@/features/credit-notes";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatDate, formatMoney, formatNumber, formatQuantity } from "@/lib/format";
import { useCompany } from "@/lib/shared-queries";
import { toast } from "@/lib/toast";
import { cn, inlineLinkClass } from "@/lib/utils";
import { invoicePdfHref, useDeleteInvoice, useInvoice } from "../api";
import { FactoringCard } from "../components/factoring-card";
import { InfoList } from "../components/info-list";
import { NotesDialog } from "../components/notes-dialog";
import { PaymentsCard } from "../components/payments-card";
import { InvoicePrintStyles } from "../components/print-styles";
import { SendInvoiceDialog } from "../components/send-invoice-dialog";
import { TextDialog } from "../components/text-dialog";
import { useReissueInvoice, useVoidInvoice } from "../payments-api";
import { isValidInvoice } from "../validate";

/** '1234.5' → '1,234.50' (display only; the amounts themselves are exact decimal strings). */
const twoDecimals = (value: string) => formatNumber(Number(value), 2, true);

/** /invoices/{id} (SPEC §2): the invoice as the customer gets it, with its actions. */
export default function InvoiceDetailPage() {
  const { id = "" } = useParams();
  const invoice = useInvoice(id);

  if (invoice.isPending) return <LoadingState text="Loading invoice information..." />;
  const error: unknown = invoice.error;
  const stored: unknown = invoice.data;
  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <ProblemState
        message={
          notFound ? "Invoice not found" : (error instanceof Error && error.message) || "Invoice not found"
        }
        onRetry={notFound ? undefined : () => void invoice.refetch()}
        back={<BackButton to="/invoices" label="Back to Invoices" />}
      />
    );
  }
  if (!isValidInvoice(stored))
    return (
      <ProblemState
        message="Invalid invoice data format"
        back={<BackButton to="/invoices" label="Back to Invoices" />}
      />
    );
  return <InvoiceDetail invoice={stored} />;
}

function InvoiceDetail({ invoice }: { invoice: TInvoice }) {
  const navigate = useNavigate();
  const company = useCompany();
  const remove = useDeleteInvoice();
  const voiding = useVoidInvoice(invoice.id);
  const [confirming, setConfirming] = useState(false);
  const [confirmVoid, setConfirmVoid] = useState(false);
  const [sending, setSending] = useState(false);
  const [reissuing, setReissuing] = useState(false);
  const [editingNotes, setEditingNotes] = useState(false);
  const reissue = useReissueInvoice(invoice.id);
  const isVoid = invoice.status === "void";
  // DECISIONS 'Invoices': only a draft is edited; a sent or paid one is a record (notes, or void and reissue).
  const isDraft = invoice.status === "draft";
  const hasPayments = Number(invoice.amountPaid) > 0;
  // The server's rule: only a draft without payments can be deleted; anything sent is voided instead.
  const deletable = invoice.status === "draft" && Number(invoice.amountPaid) === 0;
  const id = encodeURIComponent(invoice.id);
  const jobNumber = invoice.dispatch?.jobNumber;

  const deleteInvoice = () =>
    remove.mutate(invoice.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success("Invoice deleted successfully");
        navigate("/invoices");
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(failureMessage(error, "Failed to delete invoice"));
      },
    });

  return (
    <div className="mx-auto max-w-5xl">
      <InvoicePrintStyles />
      <div className="no-print">
        <PageHeader
          title={`Invoice #${invoice.invoiceNumber}`}
          subtitle={
            <span className="flex flex-wrap items-center gap-2">
              <InvoiceStatusBadge status={invoice.status} />
              {invoice.overdue ? <InvoiceStatusBadge status="overdue" /> : null}
              <span>{jobNumber ? `Job #${jobNumber}` : "No job reference"}</span>
            </span>
          }
          actions={
            <>
              <Button asChild variant="outline">
                <Link to="/invoices">
                  <ArrowLeft />
                  Back
                </Link>
              </Button>
              {isDraft ? (
                <Button asChild variant="outline">
                  <Link to={`/invoices/edit/${id}`}>
                    <Pencil />
                    Edit
                  </Link>
                </Button>
              ) : null}
              {isDraft || isVoid ? null : (
                <>
                  <Button variant="outline" onClick={() => setEditingNotes(true)}>
                    <NotebookPen />
                    Edit notes
                  </Button>
                  <Button variant="outline" onClick={() => setReissuing(true)}>
                    <CopyPlus />
                    Void and reissue
                  </Button>
                </>
              )}
              <Button variant="outline" onClick={() => window.print()}>
                <Printer />
                Print / Download
              </Button>
              <Button asChild variant="outline">
                <a href={invoicePdfHref(invoice.id)} download>
                  <Download />
                  Download PDF
                </a>
              </Button>
              {deletable ? (
                <Button
                  variant="outline"
                  className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                  onClick={() => setConfirming(true)}
                >
                  <Trash2 />
                  Delete Invoice
                </Button>
              ) : null}
            </>
          }
        />
        <div className="-mt-2 mb-4 flex flex-wrap items-center gap-2">
          {isVoid ? null : (
            <Button onClick={() => setSending(true)}>
              <Send />
              {invoice.sentAt ? "Send again" : "Send invoice"}
            </Button>
          )}
          {isVoid || hasPayments ? null : (
            <Button variant="outline" onClick={() => setConfirmVoid(true)}>
              <Ban />
              Void
            </Button>
          )}
          <p className="min-w-0 text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {isVoid
              ? `This invoice is void: its link no longer works.${invoice.voidReason ? ` Reason: ${invoice.voidReason}` : ""}`
              : invoice.sentAt && invoice.sentTo
                ? `Sent to ${invoice.sentTo} on ${formatDate(invoice.sentAt.slice(0, 10))}${
                    invoice.viewedAt
                      ? `; viewed ${formatDate(invoice.viewedAt.slice(0, 10))}`
                      : "; not viewed yet"
                  }`
                : "Not sent yet."}
          </p>
          {isVoid ? null : <MailStatus mail={invoice.mail} />}
        </div>
        {invoice.replaces || invoice.replacedBy ? (
          <p className="-mt-2 mb-4 flex flex-wrap gap-x-4 text-sm">
            {invoice.replaces ? (
              <span>
                Replaces{" "}
                <Link to={`/invoices/${encodeURIComponent(invoice.replaces.id)}`} className={inlineLinkClass}>
                  {invoice.replaces.invoiceNumber}
                </Link>
              </span>
            ) : null}
            {invoice.replacedBy ? (
              <span>
                Replaced by{" "}
                <Link
                  to={`/invoices/${encodeURIComponent(invoice.replacedBy.id)}`}
                  className={inlineLinkClass}
                >
                  {invoice.replacedBy.invoiceNumber}
                </Link>
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      <InvoiceDocument invoice={invoice} company={company.data} />
      {invoice.memo ? (
        <section
          aria-label="Internal memo"
          className="no-print mt-4 grid gap-1 rounded-xl border border-dashed p-4 text-sm [overflow-wrap:anywhere]"
        >
          <h2 className="font-semibold text-muted-foreground">Internal memo (not on the invoice)</h2>
          <p className="whitespace-pre-line">{invoice.memo}</p>
        </section>
      ) : null}
      <FactoringCard invoice={invoice} />
      <PaymentsCard invoice={invoice} />
      <InvoiceCreditNotes invoice={invoice} />
      {sending ? <SendInvoiceDialog invoice={invoice} onClose={() => setSending(false)} /> : null}
      {reissuing ? (
        <TextDialog
          title={`Void and reissue ${invoice.invoiceNumber}`}
          description="The invoice is kept as void with your reason (its link stops working, no reminders) and a new draft is made from it with the next number, to correct and send."
          label="Reason"
          check={ZReissueInvoice.shape.reason}
          submitLabel="Void and reissue"
          Icon={CopyPlus}
          destructive
          blocked={
            hasPayments
              ? "This invoice has payments. Delete its payments first, then record them on the new invoice."
              : undefined
          }
          pending={reissue.isPending}
          onClose={() => setReissuing(false)}
          onSubmit={(reason) =>
            reissue.mutate(
              { reason },
              {
                onSuccess: (draft) => {
                  setReissuing(false);
                  toast.success(
                    `Invoice ${invoice.invoiceNumber} voided; draft ${draft.invoiceNumber} created`,
                  );
                  navigate(`/invoices/${encodeURIComponent(draft.id)}`);
                },
                onError: (error) =>
                  toast.error(failureMessage(error, "Failed to void and reissue the invoice")),
              },
            )
          }
        />
      ) : null}
      {editingNotes ? <NotesDialog invoice={invoice} onClose={() => setEditingNotes(false)} /> : null}
      {confirmVoid ? (
        <TextDialog
          title={`Void invoice ${invoice.invoiceNumber}`}
          description="The client's link stops working, no reminders go out, and it can no longer be edited, sent or paid. Your reason is kept on the invoice and in the activity log."
          label="Reason"
          check={ZVoidInvoice.shape.reason}
          submitLabel="Void invoice"
          Icon={Ban}
          destructive
          pending={voiding.isPending}
          onClose={() => setConfirmVoid(false)}
          onSubmit={(reason) =>
            voiding.mutate(
              { reason },
              {
                onSuccess: () => {
                  setConfirmVoid(false);
                  toast.success(`Invoice ${invoice.invoiceNumber} voided`);
                },
                onError: (error) => toast.error(failureMessage(error, "Failed to void the invoice")),
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Invoice"
        description={`Are you sure you want to delete invoice ${invoice.invoiceNumber}? This cannot be undone.`}
        confirmLabel="Delete Invoice"
        pending={remove.isPending}
        onConfirm={deleteInvoice}
      />
    </div>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn("grid content-start gap-2", className)}>
      <h2 className="text-sm font-semibold text-muted-foreground">{title}</h2>
      {children}
    </section>
  );
}

/** The printable invoice: the company's letterhead, then the invoice itself. */
function InvoiceDocument({ invoice, company }: { invoice: TInvoice; company: TCompanySettings | undefined }) {
  const dispatch = invoice.dispatch;
  const rates = dispatch?.standardRates;
  const contact = [displayPhone(company?.phone), company?.email].filter(Boolean).join(" · ");
  const authority = [formatMcNumber(company?.mcNumber), formatDotNumber(company?.dotNumber)]
    .filter(Boolean)
    .join(" · ");

  return (
    <article
      id="invoice-print"
      aria-label={`Invoice ${invoice.invoiceNumber}`}
      className="grid grid-cols-[minmax(0,1fr)] gap-8 rounded-xl border bg-card p-5 text-card-foreground [overflow-wrap:anywhere] shadow-xs md:p-8"
    >
      <header className="flex flex-col gap-6 border-b pb-6 sm:flex-row sm:justify-between print:flex-row print:justify-between">
        <div className="min-w-0 text-sm">
          {company ? (
            <>
              <p className="text-xl font-semibold tracking-tight">{company.name}</p>
              {company.address ? (
                <p className="mt-1 whitespace-pre-line text-muted-foreground">{company.address}</p>
              ) : null}
              {contact ? <p className="text-muted-foreground">{contact}</p> : null}
              {authority ? <p className="text-muted-foreground">{authority}</p> : null}
            </>
          ) : null}
        </div>
        <div className="grid content-start gap-2 text-sm sm:justify-items-end sm:text-right print:justify-items-end print:text-right">
          <p className="text-2xl font-semibold tracking-tight">INVOICE</p>
          <p className="font-medium">#{invoice.invoiceNumber}</p>
          <InvoiceStatusBadge status={invoice.status} />
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 sm:justify-end print:justify-end">
            <dt className="text-muted-foreground">Issue Date</dt>
            <dd>{formatDate(invoice.issueDate)}</dd>
            <dt className="text-muted-foreground">Due Date</dt>
            <dd>{formatDate(invoice.dueDate)}</dd>
            {invoice.poNumber ? (
              <>
                <dt className="text-muted-foreground">PO #</dt>
                <dd className="[overflow-wrap:anywhere]">{invoice.poNumber}</dd>
              </>
            ) : null}
            {dispatch?.jobNumber ? (
              <>
                <dt className="text-muted-foreground">Job #</dt>
                <dd>{dispatch.jobNumber}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </header>

      <div className="grid gap-6 md:grid-cols-2 print:grid-cols-2">
        <Section title="Bill To">
          {/* A third party billed for the client's job (DECISIONS 'Client billing settings'). */}
          <div className="text-sm [overflow-wrap:anywhere]">
            <p className="font-medium">{invoice.billTo?.name ?? (invoice.customerName || "-")}</p>
            {(invoice.billTo ? invoice.billTo.address : invoice.customerAddress) ? (
              <p className="whitespace-pre-line text-muted-foreground">
                {invoice.billTo ? invoice.billTo.address : invoice.customerAddress}
              </p>
            ) : null}
            {invoice.billTo ? (
              <p className="mt-2">
                <span className="text-muted-foreground">Ordered by </span>
                {invoice.customerName || "-"}
              </p>
            ) : null}
          </div>
        </Section>
        <Section title="PEVO">
          <InfoList
            items={[
              ["Name", invoice.pevoName],
              ["Position", invoice.pevoPosition],
            ]}
          />
        </Section>
        {dispatch ? (
          <Section title="Job Information">
            <InfoList
              items={[
                ["Driver", dispatch.driverName],
                ["Origin", dispatch.originAddress],
                ["Destination", dispatch.destinationAddress],
              ]}
            />
          </Section>
        ) : null}
        {rates ? (
          <Section title="Rate Information">
            <InfoList
              items={[
                ["Minimum Daily Rate", formatMoney(rates.minimumDailyRate)],
                ["Mileage Rate", `${formatMoney(rates.mileageRate)} per mile`],
              ]}
            />
          </Section>
        ) : null}
      </div>

      <Section title="Line Items">
        {invoice.lineItems.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            No line items found
          </p>
        ) : invoice.jobs.length > 0 ? (
          <JobLineGroups jobs={invoice.jobs} lines={invoice.lineItems} />
        ) : (
          <>
            <div className="hidden rounded-lg border md:block print:block">
              <Table>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Date</TableHead>
                    <TableHead>Location</TableHead>
                    <TableHead className="text-right">Mileage</TableHead>
                    <TableHead className="text-right">Charge ($)</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {invoice.lineItems.map((line) => (
                    <TableRow key={line.id} className="hover:bg-transparent">
                      <TableCell className="whitespace-nowrap">{formatDate(line.date)}</TableCell>
                      <TableCell className="whitespace-normal">{line.location}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatQuantity(line.mileage)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{twoDecimals(line.charge)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul aria-label="Line items" className="grid gap-3 md:hidden print:hidden">
              {invoice.lineItems.map((line) => (
                <li key={line.id} className="rounded-lg border p-3 text-sm">
                  <div className="flex items-start justify-between gap-3">
                    <span className="font-medium">{formatDate(line.date)}</span>
                    <span className="font-medium tabular-nums">{formatMoney(line.charge)}</span>
                  </div>
                  <p className="mt-1 [overflow-wrap:anywhere]">{line.location}</p>
                  {Number(line.mileage) > 0 && (
                    <p className="text-muted-foreground">{formatQuantity(line.mileage)} miles</p>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
        <dl className="mt-2 ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right tabular-nums">{formatMoney(invoice.subtotal)}</dd>
          <dt className="text-muted-foreground">Tax</dt>
          <dd className="text-right tabular-nums">{formatMoney(invoice.tax)}</dd>
          <div className="col-span-2 grid grid-cols-subgrid border-t pt-2 font-semibold">
            <dt>Total</dt>
            <dd className="text-right tabular-nums">{formatMoney(invoice.total)}</dd>
          </div>
          {invoice.quickPay ? (
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
        {invoice.factoring ? (
          <div className="mt-2 grid gap-1 rounded-lg border border-primary p-3 text-sm">
            <h3 className="font-semibold">Remit To</h3>
            <p className="whitespace-pre-line">{`${invoice.factoring.name}\n${invoice.factoring.remitTo}`}</p>
            {invoice.factoring.notice ? (
              <p className="whitespace-pre-line font-medium">{invoice.factoring.notice}</p>
            ) : null}
          </div>
        ) : null}
      </Section>

      {invoice.notes ? (
        <Section title="Notes">
          <p className="text-sm whitespace-pre-line">{invoice.notes}</p>
        </Section>
      ) : null}
      {company?.invoiceFooter ? (
        <footer className="border-t pt-4 text-center text-xs whitespace-pre-line text-muted-foreground">
          {company.invoiceFooter}
        </footer>
      ) : null}
    </article>
  );
}
