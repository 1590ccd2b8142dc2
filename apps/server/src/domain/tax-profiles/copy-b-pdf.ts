/**
 * The recipient's copy (Copy B) of Form 1099-NEC as a printable PDF (DECISIONS 'Year end: W-9 and
 * 1099-NEC'): the form's boxes in its layout, the payer at the top left, box 1 the year's
 * nonemployee compensation. The recipient's TIN shows its last 4 digits only (a truncated TIN is
 * allowed on a payee statement, Treas. Reg. §301.6109-4); Copy A for the IRS is filed through the
 * e-file service from the CSV.
 */
import { formatTin, fromCents, groupedAmount, maskTin } from "@pevo/shared";
import { createPdf, PDF_FONT } from "../../lib/pdf";
import type { Form1099Row } from "./form-1099-rows";

export type Payer = {
  name: string;
  address: string | null;
  phone: string | null;
  /** The payer's EIN (9 digits), or null when not set for the year. */
  tin: string | null;
};

const dollars = (cents: number) => `$${groupedAmount(fromCents(cents))}`;

export async function renderCopyB(row: Form1099Row, input: { year: number; payer: Payer }): Promise<Buffer> {
  const { year, payer } = input;
  const p = row.taxProfile;
  const { doc, end } = createPdf({ info: { Title: `Form 1099-NEC ${year} Copy B ${row.pevo.name}` } });
  const left = 50;
  const width = doc.page.width - 100;
  const split = left + Math.round(width * 0.56);
  const rightWidth = left + width - split;
  const ink = "#111";
  const rule = "#444";

  /** A form box: its border, its small label at the top, its value below. */
  const box = (x: number, y: number, w: number, h: number, label: string, value = "", big = false) => {
    doc.lineWidth(0.7).strokeColor(rule).rect(x, y, w, h).stroke();
    doc
      .font(PDF_FONT.regular)
      .fontSize(6.5)
      .fillColor("#333")
      .text(label, x + 4, y + 3, { width: w - 8 });
    if (value) {
      doc
        .font(big ? PDF_FONT.bold : PDF_FONT.regular)
        .fontSize(big ? 14 : 9.5)
        .fillColor(ink)
        .text(value, x + 4, doc.y + 2, { width: w - 8 });
    }
  };

  // Title band.
  doc.font(PDF_FONT.bold).fontSize(16).fillColor(ink).text("Form 1099-NEC", left, 48);
  doc.font(PDF_FONT.regular).fontSize(10).text("Nonemployee Compensation", left, doc.y);
  doc
    .font(PDF_FONT.bold)
    .fontSize(12)
    .text(`${year}`, left, 48, { width, align: "right" })
    .font(PDF_FONT.regular)
    .fontSize(9)
    .text(`For calendar year ${year}`, { width, align: "right" })
    .font(PDF_FONT.bold)
    .text("Copy B — For Recipient", { width, align: "right" });

  const top = 100;
  // Left column: payer, TINs, recipient.
  const payerLines = [payer.name, payer.address, payer.phone ? `Tel. ${payer.phone}` : null]
    .filter(Boolean)
    .join("\n");
  box(
    left,
    top,
    split - left,
    92,
    "PAYER'S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.",
    payerLines,
  );
  const half = (split - left) / 2;
  box(left, top + 92, half, 36, "PAYER'S TIN", payer.tin ? formatTin("ein", payer.tin) : "");
  box(left + half, top + 92, half, 36, "RECIPIENT'S TIN", p ? maskTin(p.tinType, p.tinLast4) : "Not on file");
  const recipientName = p ? [p.legalName, p.businessName].filter(Boolean).join("\n") : row.pevo.name;
  box(left, top + 128, split - left, 44, "RECIPIENT'S name", recipientName);
  box(left, top + 172, split - left, 32, "Street address (including apt. no.)", p?.address ?? "");
  box(
    left,
    top + 204,
    split - left,
    32,
    "City or town, state or province, country, and ZIP or foreign postal code",
    p ? `${p.city}, ${p.state} ${p.zip}` : "",
  );
  box(left, top + 236, split - left, 32, "Account number (see instructions)", row.pevo.id);

  // Right column: the boxes.
  box(split, top, rightWidth, 60, "1 Nonemployee compensation", dollars(row.compensationCents), true);
  box(
    split,
    top + 60,
    rightWidth,
    40,
    "2 Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale",
    "☐",
  );
  box(split, top + 100, rightWidth, 28, "3");
  box(split, top + 128, rightWidth, 44, "4 Federal income tax withheld", dollars(0));
  const third = rightWidth / 3;
  box(split, top + 172, third, 96, "5 State tax withheld");
  box(split + third, top + 172, third, 96, "6 State/Payer's state no.");
  box(split + 2 * third, top + 172, third, 96, "7 State income");

  doc
    .font(PDF_FONT.bold)
    .fontSize(8)
    .fillColor(ink)
    .text("(keep for your records)", left, top + 276, { width, align: "right" });
  doc
    .font(PDF_FONT.regular)
    .fontSize(8)
    .fillColor("#333")
    .text(
      "This is important tax information and is being furnished to the IRS. If you are required to file a return, a negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines that it has not been reported.",
      left,
      top + 292,
      { width },
    )
    .moveDown(0.6)
    .text(
      "Instructions for Recipient: you received this form instead of Form W-2 because the payer did not consider you an employee and did not withhold income tax or social security and Medicare tax. Box 1 shows nonemployee compensation; report it on Schedule C or F (Form 1040) if you are self-employed. Your TIN is shown truncated: the payer has reported your complete TIN to the IRS.",
      { width },
    );
  return end();
}
