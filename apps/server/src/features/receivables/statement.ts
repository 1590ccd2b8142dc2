/**
 * A client's statement as a PDF (DECISIONS 'Invoices', Receivables): the data and its sums come from
 * domain/invoices (`clientStatement`); this file only prints them.
 */
import type { TAging } from "@pevo/shared";
import { companyLogo, getCompanySettings } from "../../domain/company";
import type { TClientStatement } from "../../domain/invoices";
import { formatDay } from "../../lib/dates";
import { createPdf, drawLetterhead, PAGE_CONTENT_BOTTOM, PDF_FONT } from "../../lib/pdf";
import type { Scope } from "../../lib/tenant";

/** "$1,250.00"; a negative amount (a credit, a balance the credit exceeds) "-$50.00". */
const money = (value: string) => {
  const n = Number(value);
  return `${n < 0 ? "-" : ""}$${Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
};

type Column = { label: string; w: number; align: "left" | "right" };

/** The statement PDF: letterhead, the client, open invoices, payments received, aging, amount due, credit. */
export async function renderStatementPdf(scope: Scope, data: TClientStatement) {
  const company = await getCompanySettings(scope);
  const logo = await companyLogo(scope.db, scope);
  const { doc, end } = createPdf({ info: { Title: `Statement ${data.client.name}` } });
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  drawLetterhead(doc, company, { left, width: width / 2 }, logo?.bytes);
  const letterheadBottom = doc.y;

  doc
    .font(PDF_FONT.bold)
    .fontSize(20)
    .fillColor("#111")
    .text("STATEMENT", left, 30, { width, align: "right" });
  doc.font(PDF_FONT.regular).fontSize(10).fillColor("#444");
  doc.text(`Date: ${formatDay(data.today)}`, { width, align: "right" });
  doc.font(PDF_FONT.bold).fontSize(12).fillColor("#111");
  // The client's balance: open invoices less unapplied credit (DECISIONS 'Client credit'); never below 0 here.
  const due = Number(data.netBalance) > 0 ? data.netBalance : "0.00";
  doc.text(`Amount due: ${money(due)}`, { width, align: "right" });

  let y = Math.max(140, letterheadBottom + 14);
  doc.font(PDF_FONT.bold).fontSize(10).fillColor("#111").text("Statement For", left, y);
  doc
    .font(PDF_FONT.regular)
    .fillColor("#333")
    .text(data.client.name, left, y + 14, { width: width / 2 });
  if (data.client.address) doc.text(data.client.address, { width: width / 2 });
  if (data.client.email) doc.text(data.client.email, { width: width / 2 });
  y = Math.max(doc.y, 190) + 20;

  /** A table: a shaded header row, then rows that break onto a new page when the page is full. */
  const bottom = () => doc.page.height - PAGE_CONTENT_BOTTOM;
  const table = (title: string, columns: Column[], rows: string[][], empty: string) => {
    // The title moves to the next page with the column header and the first row: never alone.
    if (y + 18 + 22 + 20 > bottom()) {
      doc.addPage();
      y = 50;
    }
    doc.font(PDF_FONT.bold).fontSize(11).fillColor("#111").text(title, left, y);
    y += 18;
    // Each column's left edge: the page margin plus the widths before it.
    let edge = left;
    const placed = columns.map((c) => {
      edge += c.w;
      return { ...c, x: edge - c.w };
    });
    const header = () => {
      doc.rect(left, y - 4, width, 20).fill("#f4f4f5");
      doc.font(PDF_FONT.bold).fontSize(9).fillColor("#111");
      for (const c of placed) doc.text(c.label, c.x + 2, y + 2, { width: c.w - 4, align: c.align });
      y += 22;
      doc.font(PDF_FONT.regular).fillColor("#222");
    };
    header();
    if (rows.length === 0) {
      doc.text(empty, left + 2, y);
      y += 18;
    }
    for (const row of rows) {
      if (y + 20 > bottom()) {
        doc.addPage();
        y = 50;
        header();
      }
      // A row shorter than the columns leaves the rest of its cells empty.
      for (const [i, c] of placed.entries()) {
        doc.text(row[i] ?? "", c.x + 2, y, { width: c.w - 4, align: c.align, lineBreak: false });
      }
      y += 16;
      doc
        .moveTo(left, y - 3)
        .lineTo(right, y - 3)
        .strokeColor("#e4e4e7")
        .lineWidth(0.5)
        .stroke();
    }
    y += 14;
  };

  const days = (due: string) => Math.round((Date.parse(data.today) - Date.parse(due)) / 86_400_000);
  table(
    "Open Invoices",
    [
      { label: "Invoice #", w: 100, align: "left" },
      { label: "Issued", w: 70, align: "left" },
      { label: "Due", w: 70, align: "left" },
      { label: "Days Late", w: 62, align: "right" },
      { label: "Total", w: 70, align: "right" },
      { label: "Paid", w: 70, align: "right" },
      { label: "Balance", w: width - 442, align: "right" },
    ],
    data.invoices.map((i) => [
      i.invoiceNumber,
      formatDay(i.issueDate),
      formatDay(i.dueDate),
      days(i.dueDate) > 0 ? String(days(i.dueDate)) : "-",
      money(i.total),
      money(i.amountPaid),
      money(i.balance),
    ]),
    "No open invoices.",
  );
  table(
    "Payments and Credit Notes on Open Invoices",
    [
      { label: "Date", w: 80, align: "left" },
      { label: "Invoice #", w: 110, align: "left" },
      { label: "Method", w: 80, align: "left" },
      { label: "Reference", w: width - 370, align: "left" },
      { label: "Amount", w: 100, align: "right" },
    ],
    data.payments.map((p) => [
      formatDay(p.date),
      p.invoiceNumber,
      p.method,
      p.reference ?? "-",
      money(p.amount),
    ]),
    "No payments yet.",
  );
  const buckets: [string, keyof TAging][] = [
    ["Current", "current"],
    ["1–30 days", "days1to30"],
    ["31–60 days", "days31to60"],
    ["61–90 days", "days61to90"],
    ["Over 90 days", "over90"],
    ["Amount Due", "balance"],
  ];
  table(
    "Aging",
    buckets.map(([label]) => ({ label, w: width / buckets.length, align: "right" as const })),
    [buckets.map(([, key]) => money(String(data.aging[key])))],
    "",
  );
  // The client's balance = open invoices − unapplied credit (DECISIONS 'Client credit').
  if (data.creditHistory.length > 0) {
    table(
      "Client Credit",
      [
        { label: "Date", w: 90, align: "left" },
        { label: "Entry", w: 150, align: "left" },
        { label: "Invoice #", w: width - 340, align: "left" },
        { label: "Amount", w: 100, align: "right" },
      ],
      data.creditHistory.map((e) => [formatDay(e.date), e.kind, e.invoiceNumber ?? "-", money(e.amount)]),
      "",
    );
  }
  table(
    "Balance",
    [
      { label: "Open invoices", w: width / 3, align: "right" },
      { label: "Less unapplied credit", w: width / 3, align: "right" },
      { label: "Balance", w: width / 3, align: "right" },
    ],
    [[money(data.aging.balance), money(data.credit), money(data.netBalance)]],
    "",
  );
  return end({ text: company.invoiceFooter });
}
