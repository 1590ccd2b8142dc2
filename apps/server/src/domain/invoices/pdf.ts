import { companies, type Executor, missingRow } from "@pevo/db";
import { INVOICE_STATUS_LABELS, type TInvoice, toCents } from "@pevo/shared";
import { formatDay } from "../../lib/dates";
import { createPdf, drawLetterhead, PAGE_CONTENT_BOTTOM, PDF_FONT } from "../../lib/pdf";
import { type CompanyId, ownCompany } from "../../lib/tenant";
import { drawLineGroups } from "./pdf-lines";

/** "$1,250.00"; a discount reads "-$50.00". */
const money = (value: string) =>
  `${Number(value) < 0 ? "-" : ""}$${Math.abs(Number(value)).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A one-document invoice PDF with the company's letterhead. */
export async function renderInvoicePdf(
  scope: { db: Executor; companyId: CompanyId },
  invoice: TInvoice,
): Promise<Buffer> {
  const [company = missingRow("companies")] = await scope.db
    .select()
    .from(companies)
    .where(ownCompany(scope));
  // The notes flow onto the next page above the footer band, not into it.
  const { doc, end } = createPdf({
    info: { Title: `Invoice ${invoice.invoiceNumber}` },
    margins: { top: 50, left: 50, right: 50, bottom: PAGE_CONTENT_BOTTOM },
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;
  /** A new page when `height` from y does not fit above the footer: a block is never split, a heading never left alone. */
  const fit = (height: number) => {
    if (y + height <= doc.page.height - PAGE_CONTENT_BOTTOM) return;
    doc.addPage();
    y = 50;
  };

  drawLetterhead(doc, company, { left, width: width * 0.55 }, company.logo);
  const letterheadBottom = doc.y;

  doc.font(PDF_FONT.bold).fontSize(20).fillColor("#111").text("INVOICE", left, 30, { width, align: "right" });
  doc.font(PDF_FONT.regular).fontSize(10).fillColor("#444");
  doc.text(`Invoice # ${invoice.invoiceNumber}`, { width, align: "right" });
  doc.text(`Issue date: ${formatDay(invoice.issueDate)}`, { width, align: "right" });
  doc.text(`Due date: ${formatDay(invoice.dueDate)}`, { width, align: "right" });
  if (invoice.poNumber) doc.text(`PO # ${invoice.poNumber}`, { width, align: "right" });
  doc.text(`Status: ${INVOICE_STATUS_LABELS[invoice.status]}`, { width, align: "right" });
  // `overdue` is getInvoice's, computed against the company's today (./invoice-status.ts).
  if (invoice.overdue) {
    doc
      .font(PDF_FONT.bold)
      .fillColor("#b91c1c")
      .text(INVOICE_STATUS_LABELS.overdue, { width, align: "right" });
  }

  let y = Math.max(140, letterheadBottom + 14, doc.y + 10);
  // A third party billed for the client's job (DECISIONS 'Client billing settings'): its name and
  // address under Bill To, the ordering client below it.
  const billTo = invoice.billTo ?? { name: invoice.customerName ?? "-", address: invoice.customerAddress };
  doc.font(PDF_FONT.bold).fontSize(10).fillColor("#111").text("Bill To", left, y);
  doc
    .font(PDF_FONT.regular)
    .fillColor("#333")
    .text(billTo.name, left, y + 14, { width: width / 2 - 10 });
  if (billTo.address) doc.text(billTo.address, { width: width / 2 - 10 });
  if (invoice.billTo) {
    doc
      .moveDown(0.5)
      .font(PDF_FONT.bold)
      .fillColor("#111")
      .text("Ordered by", { width: width / 2 - 10 });
    doc
      .font(PDF_FONT.regular)
      .fillColor("#333")
      .text(invoice.customerName ?? "-", { width: width / 2 - 10 });
  }
  const billToBottom = doc.y;
  const job = invoice.dispatch;
  doc
    .font(PDF_FONT.bold)
    .fillColor("#111")
    .text("Job", left + width / 2, y);
  doc.font(PDF_FONT.regular).fillColor("#333");
  const days = invoice.jobs.map((j) => j.pickupDate).sort();
  const jobLines = invoice.jobs.length
    ? [
        `${invoice.jobs.length} jobs`,
        `${formatDay(days[0] ?? invoice.issueDate)} – ${formatDay(days.at(-1) ?? invoice.issueDate)}`,
      ]
    : [
        job?.jobNumber ? `Job # ${job.jobNumber}` : "No job reference",
        job ? `Driver: ${job.driverName}` : null,
        job?.originAddress ? `From: ${job.originAddress}` : null,
        job?.destinationAddress ? `To: ${job.destinationAddress}` : null,
        invoice.pevoName
          ? `PEVO: ${invoice.pevoName}${invoice.pevoPosition ? ` (${invoice.pevoPosition})` : ""}`
          : null,
      ].filter((line): line is string => Boolean(line));
  doc.text(jobLines.join("\n"), left + width / 2, y + 14, { width: width / 2 });

  y = drawLineGroups(doc, invoice, { left, width, y: Math.max(doc.y, billToBottom, 230) + 20 });

  y += 8;
  const totals: [string, string][] = [
    ["Subtotal", money(invoice.subtotal)],
    ["Tax", money(invoice.tax)],
    ["Total", money(invoice.total)],
  ];
  // What is left to pay, once something was paid (a paid invoice reads Balance Due $0.00).
  if (toCents(invoice.amountPaid) > 0) {
    totals.push(["Amount Paid", money(invoice.amountPaid)], ["Balance Due", money(invoice.balance)]);
  }
  fit(
    totals.reduce((height, [label]) => height + (label === "Total" || label === "Balance Due" ? 18 : 15), 0),
  );
  for (const [label, value] of totals) {
    const bold = label === "Total" || label === "Balance Due";
    doc
      .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(bold ? 12 : 10)
      .fillColor("#111");
    doc.text(label, left + 300, y, { width: 100, align: "right" });
    doc.text(value, left + 405, y, { width: width - 405, align: "right" });
    y += bold ? 18 : 15;
  }

  // Quick-pay terms (DECISIONS 'Quick pay and factoring'): the total above is the gross; the
  // discount and the net the client pays within the days, under it.
  const quick = invoice.quickPay;
  if (quick) {
    const by = formatDay(quick.payBy);
    const rows: [string, string, boolean][] = [
      [`Quick pay discount (${Number(quick.percent)}% if paid by ${by})`, `-${money(quick.discount)}`, false],
      [`Net if paid by ${by}`, money(quick.net), true],
    ];
    fit(8 + rows.length * 16);
    y += 8;
    for (const [label, value, bold] of rows) {
      doc
        .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
        .fontSize(10)
        .fillColor("#111");
      doc.text(label, left + 150, y, { width: 250, align: "right" });
      doc.text(value, left + 405, y, { width: width - 405, align: "right" });
      y += 16;
    }
  }

  // A factored invoice: where the client pays, and the notice of assignment, in one box never split.
  const factor = invoice.factoring;
  if (factor) {
    const inner = width - 20;
    doc.font(PDF_FONT.regular).fontSize(9);
    const addressHeight = doc.heightOfString(`${factor.name}\n${factor.remitTo}`, { width: inner });
    const noticeHeight = factor.notice ? doc.heightOfString(factor.notice, { width: inner }) + 6 : 0;
    const height = 10 + 14 + addressHeight + noticeHeight + 10;
    fit(16 + height);
    y += 16;
    doc.rect(left, y, width, height).lineWidth(1).strokeColor("#f59e0b").stroke();
    doc
      .font(PDF_FONT.bold)
      .fontSize(10)
      .fillColor("#111")
      .text("Remit To", left + 10, y + 10, { width: inner });
    doc
      .font(PDF_FONT.regular)
      .fontSize(9)
      .fillColor("#333")
      .text(`${factor.name}\n${factor.remitTo}`, left + 10, y + 24, { width: inner });
    if (factor.notice) {
      doc
        .font(PDF_FONT.regular)
        .fontSize(9)
        .fillColor("#111")
        .text(factor.notice, left + 10, y + 24 + addressHeight + 6, { width: inner });
    }
    y += height;
  }

  if (invoice.notes) {
    // The heading moves to the next page with the notes' first line (the rest may flow on).
    doc.font(PDF_FONT.regular).fontSize(9);
    fit(15 + 14 + doc.currentLineHeight(true));
    doc
      .font(PDF_FONT.bold)
      .fontSize(10)
      .fillColor("#111")
      .text("Notes", left, y + 15);
    doc
      .font(PDF_FONT.regular)
      .fontSize(9)
      .fillColor("#333")
      .text(invoice.notes, left, y + 29, { width });
  }
  return end({ text: company.invoiceFooter });
}
