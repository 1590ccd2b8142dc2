/**
 * The credit note as a PDF (DECISIONS 'Credit notes'): the invoice's look (letterhead, amber band,
 * "Page i of N" footer with the company's invoice footer), titled CREDIT NOTE, with its number, date,
 * the invoice it credits, the reason, its lines and where the total went.
 */
import { type TCreditNote, toCents } from "@pevo/shared";
import { formatDay } from "../../lib/dates";
import { createPdf, drawLetterhead, PAGE_CONTENT_BOTTOM, PDF_FONT } from "../../lib/pdf";
import type { Scope } from "../../lib/tenant";
import { companyLogo, getCompanySettings } from "../company";

const money = (value: string) =>
  `$${Number(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function renderCreditNotePdf(
  scope: Scope,
  note: TCreditNote & { customerAddress: string | null },
): Promise<Buffer> {
  const company = await getCompanySettings(scope);
  const logo = await companyLogo(scope.db, scope);
  const { doc, end } = createPdf({
    info: { Title: `Credit note ${note.creditNoteNumber}` },
    margins: { top: 50, left: 50, right: 50, bottom: PAGE_CONTENT_BOTTOM },
  });
  const left = 50;
  const width = doc.page.width - 100;
  const bottom = () => doc.page.height - PAGE_CONTENT_BOTTOM;
  let y = 0;
  /** A new page when `height` does not fit above the footer band. */
  const fit = (height: number, onNewPage?: () => void) => {
    if (y + height <= bottom()) return;
    doc.addPage();
    y = 50;
    onNewPage?.();
  };

  drawLetterhead(doc, company, { left, width: width * 0.55 }, logo?.bytes);
  const letterheadBottom = doc.y;
  doc
    .font(PDF_FONT.bold)
    .fontSize(20)
    .fillColor("#111")
    .text("CREDIT NOTE", left, 30, { width, align: "right" });
  doc.font(PDF_FONT.regular).fontSize(10).fillColor("#444");
  doc.text(`Credit note # ${note.creditNoteNumber}`, { width, align: "right" });
  doc.text(`Date: ${formatDay(note.date)}`, { width, align: "right" });
  doc.text(`Credits invoice # ${note.invoice.invoiceNumber}`, { width, align: "right" });

  y = Math.max(doc.y, 130, letterheadBottom) + 14;
  doc.font(PDF_FONT.bold).fontSize(10).fillColor("#111").text("Credit To", left, y);
  doc
    .font(PDF_FONT.regular)
    .fillColor("#333")
    .text(note.customerName ?? "-", left, y + 14, { width: width / 2 - 10 });
  if (note.customerAddress) doc.text(note.customerAddress, { width: width / 2 - 10 });
  const afterCustomer = doc.y;
  doc
    .font(PDF_FONT.bold)
    .fillColor("#111")
    .text("Reason", left + width / 2, y);
  doc
    .font(PDF_FONT.regular)
    .fillColor("#333")
    .text(note.reason, left + width / 2, y + 14, { width: width / 2 });
  y = Math.max(doc.y, afterCustomer) + 24;

  const cols = [
    { label: "Description", x: left, w: 250, align: "left" },
    { label: "Quantity", x: left + 255, w: 70, align: "right" },
    { label: "Rate ($)", x: left + 330, w: 80, align: "right" },
    { label: "Amount ($)", x: left + 415, w: width - 415, align: "right" },
  ] as const;
  const header = () => {
    doc.rect(left, y - 4, width, 20).fill("#f4f4f5");
    doc.font(PDF_FONT.bold).fontSize(9).fillColor("#111");
    for (const col of cols) doc.text(col.label, col.x, y + 2, { width: col.w, align: col.align });
    y += 22;
  };
  fit(22 + 20);
  header();
  for (const line of note.lines) {
    doc.font(PDF_FONT.regular).fontSize(9);
    const height = Math.max(14, doc.heightOfString(line.description, { width: cols[0].w })) + 6;
    // The column header repeats at the top of a new page.
    fit(height, header);
    doc.font(PDF_FONT.regular).fontSize(9).fillColor("#222");
    const cells = [line.description, Number(line.quantity).toString(), money(line.rate), money(line.amount)];
    cols.forEach((col, i) => {
      doc.text(cells[i] ?? "", col.x, y, { width: col.w, align: col.align });
    });
    y += height;
    doc
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .strokeColor("#e4e4e7")
      .lineWidth(0.5)
      .stroke();
  }

  y += 8;
  const totals: [string, string, boolean][] = [["Credit Total", money(note.total), true]];
  if (toCents(note.applied) > 0) {
    totals.push([`Applied to invoice ${note.invoice.invoiceNumber}`, money(note.applied), false]);
  }
  if (toCents(note.toCredit) > 0) totals.push(["Credited to your account", money(note.toCredit), false]);
  fit(totals.length * 18);
  for (const [label, value, bold] of totals) {
    doc
      .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(bold ? 12 : 10)
      .fillColor("#111");
    doc.text(label, left + 150, y, { width: 255, align: "right" });
    doc.text(value, left + 415, y, { width: width - 415, align: "right" });
    y += 18;
  }
  return end({ text: company.invoiceFooter });
}
