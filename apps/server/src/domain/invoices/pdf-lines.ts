import { groupLinesByJob, groupLinesByKind, type TInvoice, type TInvoiceJob } from "@pevo/shared";
import { formatDay } from "../../lib/dates";
import { PAGE_CONTENT_BOTTOM, PDF_FONT } from "../../lib/pdf";

/** "$1,250.00"; a discount reads "-$50.00". */
const money = (value: string) =>
  `${Number(value) < 0 ? "-" : ""}$${Math.abs(Number(value)).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type Area = { left: number; width: number; y: number };
type Line = TInvoice["lineItems"][number];
/** A group of the table: its heading (and the line under it: a job's position and PEVO), lines, subtotal. */
type Group = { label: string; detail: string | null; lines: Line[]; subtotal: string; total: string };

/** A job's heading: job number, date and route; under it the position and the PEVO. */
function jobHeading(job: TInvoiceJob) {
  const route = [job.originAddress, job.destinationAddress].filter(Boolean).join(" → ");
  return {
    label: [job.jobNumber ? `Job # ${job.jobNumber}` : "Job", formatDay(job.pickupDate), route]
      .filter(Boolean)
      .join("  ·  "),
    detail:
      [job.position, job.pevoName ? `PEVO: ${job.pevoName}` : null].filter(Boolean).join("  ·  ") || null,
  };
}

/**
 * A consolidated invoice groups its lines by job (DECISIONS 'Consolidated invoices'), each with the
 * job's subtotal; an invoice of one job by kind.
 */
function groupsOf(invoice: TInvoice): Group[] {
  if (invoice.jobs.length > 0) {
    return groupLinesByJob(invoice.jobs, invoice.lineItems).map((group) => ({
      ...(group.job ? jobHeading(group.job) : { label: "Other charges", detail: null }),
      lines: group.lines,
      subtotal: group.subtotal,
      total: group.job ? "Job subtotal" : "Other charges subtotal",
    }));
  }
  return groupLinesByKind(invoice.lineItems).map((group) => ({
    label: group.label,
    detail: null,
    lines: group.lines,
    subtotal: group.subtotal,
    total: `${group.label} subtotal`,
  }));
}

/**
 * The invoice's line table, grouped by kind (INVOICE_LINE_KINDS, packages/shared): a heading per kind (Day rate, Mileage,
 * Overnight, …), its lines, and the group's subtotal; returns the y below the table. Groups are in
 * the shared order so the client reads the same invoice as reports add up.
 */
export function drawLineGroups(doc: PDFKit.PDFDocument, invoice: TInvoice, { left, width, y: top }: Area) {
  const right = left + width;
  // Down to the footer band: the totals and notes after the table find their own room (../pdf.ts).
  const bottom = doc.page.height - PAGE_CONTENT_BOTTOM;
  const cols = [
    { label: "Date", x: left, w: 80, align: "left" },
    { label: "Description", x: left + 85, w: 230, align: "left" },
    { label: "Mileage", x: left + 320, w: 80, align: "right" },
    { label: "Charge ($)", x: left + 405, w: width - 405, align: "right" },
  ] as const;
  let y = top;
  const header = () => {
    doc.rect(left, y - 4, width, 20).fill("#f4f4f5");
    doc.font(PDF_FONT.bold).fontSize(9).fillColor("#111");
    for (const col of cols) doc.text(col.label, col.x, y + 2, { width: col.w, align: col.align });
    y += 22;
  };
  /** A new page (with the column header again) when `height` does not fit. */
  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = 50;
    header();
  };
  const rule = (color: string) =>
    doc
      .moveTo(left, y - 3)
      .lineTo(right, y - 3)
      .strokeColor(color)
      .lineWidth(0.5)
      .stroke();

  header();
  const groups = groupsOf(invoice);
  if (groups.length === 0) {
    doc.font(PDF_FONT.regular).fontSize(9).fillColor("#222").text("No line items found", left, y);
    return y + 18;
  }
  const rowHeight = (location: string) => {
    doc.font(PDF_FONT.regular).fontSize(9);
    return Math.max(14, doc.heightOfString(location, { width: cols[1].w })) + 6;
  };
  for (const group of groups) {
    doc.font(PDF_FONT.bold).fontSize(9.5);
    const labelHeight = doc.heightOfString(group.label, { width }) + 6;
    doc.font(PDF_FONT.regular).fontSize(8.5);
    const detailHeight = group.detail ? doc.heightOfString(group.detail, { width }) + 4 : 0;
    // A group's heading moves to the next page with its first line: never alone at the bottom.
    room(labelHeight + detailHeight + rowHeight(group.lines[0]?.location ?? ""));
    doc
      .font(PDF_FONT.bold)
      .fontSize(9.5)
      .fillColor("#92400e")
      .text(group.label, left, y + 2, { width });
    y += labelHeight;
    if (group.detail) {
      doc.font(PDF_FONT.regular).fontSize(8.5).fillColor("#52525b").text(group.detail, left, y, { width });
      y += detailHeight;
    }
    doc.font(PDF_FONT.regular).fontSize(9).fillColor("#222");
    for (const line of group.lines) {
      const mileage = Number(line.mileage) > 0 ? Number(line.mileage).toFixed(2) : "";
      const cells = [
        [cols[0], formatDay(line.date)],
        [cols[1], line.location],
        [cols[2], mileage],
        [cols[3], money(line.charge)],
      ] as const;
      const height = rowHeight(line.location);
      room(height);
      doc.font(PDF_FONT.regular).fontSize(9).fillColor("#222");
      for (const [col, text] of cells) doc.text(text, col.x, y, { width: col.w, align: col.align });
      y += height;
      rule("#e4e4e7");
    }
    room(20);
    doc.font(PDF_FONT.bold).fontSize(9).fillColor("#111");
    doc.text(group.total, left + 85, y, { width: 315, align: "right" });
    doc.text(money(group.subtotal), cols[3].x, y, { width: cols[3].w, align: "right" });
    y += 22;
  }
  return y;
}
