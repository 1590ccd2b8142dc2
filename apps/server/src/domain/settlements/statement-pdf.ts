/**
 * A PEVO's statement of a settlement as a PDF (DECISIONS 'PEVO pay'): the invoice's look (company
 * letterhead, amber band, "Page i of N" footer), the PEVO and the period, each job with its route,
 * position, pay lines and expenses, the adjustments and the net. Nothing of other PEVOs or of what
 * the client was invoiced.
 */
import {
  ADJUSTMENT_KIND_LABELS,
  PAY_PERIOD_LABELS,
  type TSettlement,
  type TSettlementPevo,
} from "@pevo/shared";
import { formatDay } from "../../lib/dates";
import { createPdf, drawLetterhead, PAGE_CONTENT_BOTTOM, PDF_FONT } from "../../lib/pdf";
import type { getCompanySettings } from "../company";

const money = (value: string) =>
  `${value.startsWith("-") ? "-" : ""}$${Math.abs(Number(value)).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const statementFileName = (
  settlement: Pick<TSettlement, "periodStart" | "periodEnd">,
  pevoName: string,
) =>
  `pay-statement-${settlement.periodStart}-to-${settlement.periodEnd}-${pevoName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.pdf`;

const STATUS_TEXT = { draft: "Draft", approved: "Approved", paid: "Paid" } as const;

/** `company` is read by the caller: inside a transaction, a read on another connection would wait on it. */
export async function renderStatementPdf(
  company: Awaited<ReturnType<typeof getCompanySettings>>,
  settlement: TSettlement,
  pevo: TSettlementPevo,
): Promise<Buffer> {
  const { doc, end } = createPdf({
    info: { Title: `Pay statement ${settlement.periodStart} – ${settlement.periodEnd}, ${pevo.pevoName}` },
    margins: { top: 50, left: 50, right: 50, bottom: PAGE_CONTENT_BOTTOM },
  });
  const left = 50;
  const width = doc.page.width - 100;
  const bottom = () => doc.page.height - PAGE_CONTENT_BOTTOM;
  let y = 0;
  const fit = (height: number) => {
    if (y + height <= bottom()) return;
    doc.addPage();
    y = 50;
  };
  const row = (
    label: string,
    value: string,
    opts: { bold?: boolean; indent?: number; size?: number } = {},
  ) => {
    doc
      .font(opts.bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(opts.size ?? 9)
      .fillColor("#222");
    const indent = opts.indent ?? 0;
    const h = Math.max(13, doc.heightOfString(label, { width: width - 110 - indent })) + 2;
    fit(h);
    doc.text(label, left + indent, y, { width: width - 110 - indent });
    doc.text(value, left + width - 100, y, { width: 100, align: "right" });
    y += h;
  };
  const rule = () => {
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor("#e4e4e7")
      .lineWidth(0.5)
      .stroke();
    y += 6;
  };

  drawLetterhead(doc, company, { left, width: width * 0.55 });
  doc
    .font(PDF_FONT.bold)
    .fontSize(18)
    .fillColor("#111")
    .text("PAY STATEMENT", left, 30, { width, align: "right" });
  doc.font(PDF_FONT.regular).fontSize(10).fillColor("#444");
  doc.text(`${formatDay(settlement.periodStart)} – ${formatDay(settlement.periodEnd)}`, {
    width,
    align: "right",
  });
  doc.text(PAY_PERIOD_LABELS[settlement.periodKind], { width, align: "right" });
  const state =
    settlement.status === "paid" && settlement.paidDate
      ? `Paid ${formatDay(settlement.paidDate)}${settlement.paidMethod ? ` by ${settlement.paidMethod.toUpperCase()}` : ""}${settlement.paidReference ? ` (${settlement.paidReference})` : ""}`
      : STATUS_TEXT[settlement.status];
  doc.text(state, { width, align: "right" });

  y = Math.max(doc.y, 130) + 14;
  doc.font(PDF_FONT.bold).fontSize(10).fillColor("#111").text("Pay To", left, y);
  doc
    .font(PDF_FONT.regular)
    .fillColor("#333")
    .text(pevo.pevoName, left, y + 14);
  y = doc.y + 18;

  for (const job of pevo.jobs) {
    fit(60);
    doc.rect(left, y - 3, width, 18).fill("#f4f4f5");
    doc.font(PDF_FONT.bold).fontSize(9.5).fillColor("#111");
    doc.text(`${formatDay(job.date)}  ·  Job ${job.jobNumber}  ·  ${job.position}`, left + 4, y + 1, {
      width: width - 8,
    });
    y += 20;
    doc.font(PDF_FONT.regular).fontSize(9).fillColor("#444");
    const routeHeight = doc.heightOfString(job.route, { width });
    doc.text(job.route, left, y, { width });
    y += routeHeight + 4;
    if (job.lines.length === 0) row("No pay plan in force for this job", money("0"), { indent: 8 });
    for (const line of job.lines) row(`${line.label} (${line.quantity})`, money(line.amount), { indent: 8 });
    for (const e of job.expenses) {
      row(
        `${e.label} expense${e.reimbursed ? " (reimbursed)" : " (not reimbursed)"}`,
        e.reimbursed ? money(e.amount) : `(${money(e.amount)})`,
        {
          indent: 8,
        },
      );
    }
    row("Job total", money((Number(job.pay) + Number(job.reimbursed)).toFixed(2)), { bold: true, indent: 8 });
    y += 8;
  }
  if (pevo.adjustments.length > 0) {
    fit(40);
    doc.font(PDF_FONT.bold).fontSize(10).fillColor("#111").text("Adjustments", left, y);
    y += 16;
    for (const a of pevo.adjustments) {
      const sign = a.kind === "advance" || a.kind === "deduction" ? "-" : "";
      row(`${ADJUSTMENT_KIND_LABELS[a.kind]}: ${a.note}`, money(`${sign}${a.amount}`), { indent: 8 });
    }
    y += 6;
  }
  fit(90);
  rule();
  row("Pay", money(pevo.totals.pay));
  row("Reimbursed expenses", money(pevo.totals.reimbursed));
  row("Adjustments", money(pevo.totals.adjustments));
  y += 2;
  row("Net pay", money(pevo.totals.net), { bold: true, size: 12 });
  return end({ text: company.invoiceFooter });
}
