import {
  additionalRateRows,
  loadDetailRows,
  POSITION_TYPES,
  RATE_UNITS,
  type TRateConfirmationDocument,
} from "@pevo/shared";
import { formatDay } from "../../lib/dates";
import { createPdf, drawLetterhead, PDF_FONT } from "../../lib/pdf";

const money = (value: string) =>
  `$${Number(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The signature record printed on the certificate page of a signed rate confirmation. */
export type SignatureCertificate = {
  requestId: string;
  signerName: string;
  signerEmail: string;
  signedName: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  contentHash: string;
  drawnSignature: string | null;
  /** The company's IANA time zone, printed next to UTC (UTC only when unknown). */
  timeZone?: string;
  events: { at: Date; text: string }[];
};

/** "Nov 25, 2026, 14:03:07 UTC" (and the same moment in `zone`). */
function formatMoment(at: Date, zone = "UTC") {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    year: "numeric",
    month: "short",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(at);
}

/**
 * The rate confirmation as a client signs it (from the stored document, so a signed copy prints
 * exactly what was signed), and, when signed, a signature certificate page.
 */
export async function renderRateConfirmationPdf(
  document: TRateConfirmationDocument,
  certificate?: SignatureCertificate,
  /** The company's logo at the top (DECISIONS 'Company set-up and logo'). */
  logo?: Buffer | null,
): Promise<Buffer> {
  const { doc, end } = createPdf({ info: { Title: `Rate Confirmation ${document.jobNumber}` } });
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;
  const bottom = doc.page.height - 60;
  const ensure = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };

  const { company } = document;
  drawLetterhead(doc, company, { left, width: width * 0.6 }, logo);
  const headerBottom = doc.y;
  doc
    .font(PDF_FONT.bold)
    .fontSize(16)
    .fillColor("#111")
    .text("RATE CONFIRMATION", left, 30, { width, align: "right" });
  doc.font(PDF_FONT.regular).fontSize(10).fillColor("#444");
  doc.text(`Job # ${document.jobNumber}`, { width, align: "right" });

  doc.y = Math.max(headerBottom, doc.y) + 20;
  const section = (title: string) => {
    ensure(40);
    doc.moveDown(0.6);
    doc.font(PDF_FONT.bold).fontSize(11).fillColor("#111").text(title, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(right, doc.y + 2)
      .strokeColor("#e4e4e7")
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.5);
    doc.font(PDF_FONT.regular).fontSize(10).fillColor("#222");
  };
  const row = (label: string, value: string) => {
    ensure(16);
    const y = doc.y;
    doc.font(PDF_FONT.bold).fillColor("#444").text(label, left, y, { width: 150 });
    doc
      .font(PDF_FONT.regular)
      .fillColor("#222")
      .text(value, left + 155, y, { width: width - 155 });
    doc.moveDown(0.2);
  };

  section("Job");
  row("Client", document.clientName);
  row("Origin", document.originAddress);
  row("Destination", document.destinationAddress);
  row("Start date", formatDay(document.startDate));
  row("End date", document.endDate ? formatDay(document.endDate) : "Not set");
  row("Description", document.description);
  if (document.additionalTerms) row("Additional terms", document.additionalTerms);

  const r = document.standardRates;
  section("Standard rates");
  row("Minimum daily rate", money(r.minimumDailyRate));
  row("Mileage rate", `${money(r.mileageRate)} per mile`);
  row("Overnight rate", money(r.overnightRate));
  row("No-go rate", money(r.noGoRate));
  row("Detention rate", `${money(r.detentionRate)} per hour after ${r.detentionThreshold} hours`);
  // Only when set: a document signed before the additional rate kinds prints as it was signed.
  for (const { label, value } of document.additionalRates
    ? additionalRateRows(document.additionalRates)
    : []) {
    row(label, value);
  }

  section("Custom rates");
  if (document.customRates.length === 0) row("None", "");
  for (const c of document.customRates) row(c.name, `${money(c.amount)} ${RATE_UNITS[c.unit].toLowerCase()}`);

  section("Positions");
  document.positions.forEach((p, i) => {
    row(
      `Position ${i + 1}`,
      p.positionType === "custom" && p.customName ? p.customName : POSITION_TYPES[p.positionType],
    );
  });

  // Only when filled in: a document signed before load details existed prints as it was signed.
  const load = document.loadDetails ? loadDetailRows(document.loadDetails) : [];
  if (load.length) {
    section("Load details");
    for (const { label, value } of load) row(label, value);
  }

  if (certificate) drawCertificate(doc, certificate, { left, width, bottom });
  return end();
}

function drawCertificate(
  doc: PDFKit.PDFDocument,
  c: SignatureCertificate,
  box: { left: number; width: number; bottom: number },
) {
  const { left, width } = box;
  doc.addPage();
  doc.rect(0, 0, doc.page.width, 8).fill("#f59e0b");
  doc.font(PDF_FONT.bold).fontSize(16).fillColor("#111").text("Signature Certificate", left, 40, { width });
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .fillColor("#555")
    .text(
      "This page records the electronic signature of the rate confirmation on the previous pages, as the " +
        "ESIGN Act and UETA require: who signed, when, from where, their consent to sign electronically, " +
        "and a SHA-256 fingerprint of the exact content signed.",
      { width },
    );
  doc.moveDown(1);
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font(PDF_FONT.bold).fontSize(10).fillColor("#444").text(label, left, y, { width: 150 });
    doc
      .font(PDF_FONT.regular)
      .fillColor("#222")
      .text(value, left + 155, y, { width: width - 155 });
    doc.moveDown(0.3);
  };
  row("Signed by", c.signedName);
  row("Signer email", c.signerEmail);
  row("Requested for", c.signerName);
  row("Signed at (UTC)", formatMoment(c.signedAt));
  if (c.timeZone && c.timeZone !== "UTC")
    row(`Signed at (${c.timeZone})`, formatMoment(c.signedAt, c.timeZone));
  row("IP address", c.ip ?? "Unknown");
  row("Browser", c.userAgent ?? "Unknown");
  row("Consent", "The signer agreed to do business electronically and to sign this document electronically.");
  // On one line, so it can be copied and compared whole.
  doc.font(PDF_FONT.bold).fontSize(10).fillColor("#444").text("Content SHA-256", left, doc.y, { width });
  doc.font(PDF_FONT.regular).fontSize(8.5).fillColor("#222").text(c.contentHash, left, doc.y, { width });
  doc.moveDown(0.3);
  row("Request id", c.requestId);

  if (c.drawnSignature) {
    doc.moveDown(0.5);
    doc.font(PDF_FONT.bold).fontSize(10).fillColor("#444").text("Drawn signature", left, doc.y);
    const image = Buffer.from(c.drawnSignature.replace(/^data:image\/png;base64,/, ""), "base64");
    try {
      doc.image(image, left, doc.y + 4, { fit: [240, 80] });
      doc.y += 90;
    } catch {
      doc.font(PDF_FONT.regular).text("(the drawn image could not be read)");
    }
  }

  doc.moveDown(0.8);
  doc.font(PDF_FONT.bold).fontSize(11).fillColor("#111").text("Event history", left, doc.y, { width });
  doc.moveDown(0.3);
  for (const e of c.events) {
    if (doc.y > box.bottom) doc.addPage();
    const y = doc.y;
    doc
      .font(PDF_FONT.regular)
      .fontSize(9)
      .fillColor("#444")
      .text(formatMoment(e.at), left, y, { width: 170 });
    doc.fillColor("#222").text(e.text, left + 175, y, { width: width - 175 });
    doc.moveDown(0.2);
  }
}
