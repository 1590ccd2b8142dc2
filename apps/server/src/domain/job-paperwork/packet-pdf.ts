/**
 * The job packet (DECISIONS 'Job paperwork'): one PDF of what happened on a job, for the office's
 * file, the invoice email or the factoring packet. The invoice's look (letterhead, amber band,
 * "Page i of N"); the signed safety meeting with both drawn signatures, the stop log, the
 * pole-height log, the trip log and the steps timeline, every time in the company's time zone and
 * every place as typed and as the phone located it.
 */

import type { TLetterhead } from "@pevo/shared";
import {
  DISPATCH_EVENT_LABELS,
  formatFeetInches,
  JOB_LOG_KIND_LABELS,
  type TDispatch,
  type TDispatchLifecycle,
  type TJobPaperwork,
  type TTripLog,
} from "@pevo/shared";
import { formatDay } from "../../lib/dates";
import { createPdf, drawLetterhead, PAGE_CONTENT_BOTTOM, PDF_FONT } from "../../lib/pdf";
import { zoneAbbreviation } from "../../lib/zoned-time";

export type PacketContent = {
  company: TLetterhead;
  dispatch: TDispatch;
  paperwork: TJobPaperwork;
  timeline: TDispatchLifecycle;
  trips: TTripLog[];
};

const coordinates = (p: { lat: number | null; lng: number | null; accuracy?: number | null }) =>
  p.lat == null || p.lng == null
    ? null
    : `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}${p.accuracy != null ? ` (±${Math.round(p.accuracy)} m)` : ""}`;

const placeOf = (p: {
  place?: string | null;
  lat: number | null;
  lng: number | null;
  accuracy?: number | null;
}) => [p.place, coordinates(p)].filter(Boolean).join(" · ") || "—";

const pngBytes = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");

export async function renderJobPacketPdf({ company, dispatch, paperwork, timeline, trips }: PacketContent) {
  const zone = paperwork.timeZone;
  const stamp = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  const when = (iso: string) => `${stamp.format(new Date(iso))} ${zoneAbbreviation(zone, new Date(iso))}`;
  const job = dispatch.rateConfirmation?.jobNumber ?? null;

  const { doc, end } = createPdf({
    info: { Title: job ? `Job packet — job #${job}` : `Job packet — ${dispatch.driverName}` },
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
  const heading = (text: string) => {
    fit(60);
    y += 10;
    doc.font(PDF_FONT.bold).fontSize(12).fillColor("#111").text(text, left, y, { width });
    y = doc.y + 2;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor("#d4d4d8")
      .stroke();
    y += 6;
  };
  const line = (text: string, opts: { bold?: boolean; color?: string; x?: number; w?: number } = {}) => {
    doc
      .font(opts.bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(9)
      .fillColor(opts.color ?? "#333");
    const w = opts.w ?? width;
    fit(doc.heightOfString(text, { width: w }) + 2);
    doc.text(text, opts.x ?? left, y, { width: w });
    y = doc.y + 2;
  };
  /** A table: columns of text, one row per item, the header again on a new page. */
  const table = (cols: { label: string; w: number }[], rows: string[][], empty: string) => {
    if (rows.length === 0) {
      line(empty, { color: "#666" });
      return;
    }
    const header = () => {
      doc.rect(left, y - 2, width, 16).fill("#f4f4f5");
      doc.font(PDF_FONT.bold).fontSize(8.5).fillColor("#111");
      let x = left;
      for (const col of cols) {
        doc.text(col.label, x + 2, y + 2, { width: col.w - 4 });
        x += col.w;
      }
      y += 18;
    };
    fit(40);
    header();
    for (const row of rows) {
      doc.font(PDF_FONT.regular).fontSize(8.5);
      const height = Math.max(
        ...row.map((cell, i) => doc.heightOfString(cell, { width: (cols[i]?.w ?? 40) - 4 })),
      );
      if (y + height + 4 > bottom()) {
        doc.addPage();
        y = 50;
        header();
      }
      let x = left;
      doc.font(PDF_FONT.regular).fontSize(8.5).fillColor("#333");
      row.forEach((cell, i) => {
        doc.text(cell, x + 2, y, { width: (cols[i]?.w ?? 40) - 4 });
        x += cols[i]?.w ?? 40;
      });
      y += height + 4;
    }
  };

  drawLetterhead(doc, company, { left, width: width * 0.55 });
  doc
    .font(PDF_FONT.bold)
    .fontSize(20)
    .fillColor("#111")
    .text("JOB PACKET", left, 30, { width, align: "right" });
  doc.font(PDF_FONT.regular).fontSize(10).fillColor("#444");
  if (job) doc.text(`Job # ${job}`, { width, align: "right" });
  doc.text(`Pickup: ${formatDay(dispatch.pickupDate)} ${dispatch.pickupTime}`, { width, align: "right" });
  doc.text(`Printed: ${when(new Date().toISOString())}`, { width, align: "right" });
  y = Math.max(doc.y, 130) + 10;

  const rc = dispatch.rateConfirmation;
  line(
    `PEVO: ${dispatch.pevoName ?? "—"}    Driver: ${dispatch.driverName}${dispatch.driverCompany ? ` (${dispatch.driverCompany})` : ""}`,
  );
  if (rc) {
    line(`Client: ${rc.clientName}`);
    line(`Route: ${rc.originAddress} → ${rc.destinationAddress}`);
  }

  heading("Pre-trip safety meeting");
  const m = paperwork.meeting;
  if (!m) {
    line("Not signed.", { color: "#b91c1c" });
  } else {
    line(`Signed ${when(m.signedAt)} · Place: ${coordinates(m) ?? "not located (Location Services off)"}`);
    for (const item of m.items) {
      // A drawn tick in a box: Inter has no ballot-box glyph.
      fit(14);
      doc
        .rect(left, y + 1.5, 8, 8)
        .lineWidth(0.7)
        .strokeColor("#111")
        .stroke();
      doc
        .moveTo(left + 1.5, y + 5.5)
        .lineTo(left + 3.5, y + 8)
        .lineTo(left + 7, y + 2.5)
        .stroke();
      line(item, { x: left + 14, w: width - 14 });
    }
    y += 6;
    const boxW = (width - 20) / 2;
    fit(110);
    const top = y;
    for (const [i, who] of [
      { role: "PEVO", name: m.pevoName, png: m.pevoSignature },
      { role: "Truck driver", name: m.driverName, png: m.driverSignature },
    ].entries()) {
      const x = left + i * (boxW + 20);
      doc.rect(x, top, boxW, 70).lineWidth(0.5).strokeColor("#d4d4d8").stroke();
      try {
        doc.image(pngBytes(who.png), x + 4, top + 4, {
          fit: [boxW - 8, 62],
          align: "center",
          valign: "center",
        });
      } catch {
        doc
          .font(PDF_FONT.regular)
          .fontSize(8)
          .fillColor("#666")
          .text("(signature image unreadable)", x + 6, top + 30);
      }
      doc
        .font(PDF_FONT.bold)
        .fontSize(9)
        .fillColor("#111")
        .text(who.name, x, top + 74, { width: boxW });
      doc
        .font(PDF_FONT.regular)
        .fontSize(8)
        .fillColor("#666")
        .text(who.role, x, top + 86, { width: boxW });
    }
    y = top + 102;
  }

  const entries = paperwork.entries;
  heading("Stop log");
  table(
    [
      { label: "Time", w: 130 },
      { label: "Place", w: 170 },
      { label: "Reason", w: width - 300 },
    ],
    entries.filter((e) => e.kind === "stop").map((e) => [when(e.at), placeOf(e), e.reason ?? ""]),
    "No stops logged.",
  );

  heading("Pole-height log");
  table(
    [
      { label: "Time", w: 130 },
      { label: "Entry", w: 110 },
      { label: "Place", w: 150 },
      { label: "Detail", w: width - 390 },
    ],
    entries
      .filter((e) => e.kind !== "stop")
      .map((e) => [
        when(e.at),
        JOB_LOG_KIND_LABELS[e.kind],
        placeOf(e),
        e.heightInches != null ? (formatFeetInches(e.heightInches) ?? "") : (e.reason ?? ""),
      ]),
    "No pole heights, strikes or near-misses logged.",
  );

  heading("Trip log");
  table(
    [
      { label: "Date", w: 80 },
      { label: "From → to", w: 200 },
      { label: "Miles", w: 50 },
      { label: "Hours", w: 50 },
      { label: "Notes", w: width - 380 },
    ],
    trips.map((t) => [
      formatDay(t.tripDate),
      `${t.startLocation} → ${t.endLocation}`,
      t.miles,
      t.hours,
      [t.overnight ? "Overnight" : "", t.noGo ? "No-go" : "", t.notes ?? ""].filter(Boolean).join(" · "),
    ]),
    "No trips logged.",
  );

  heading("Steps");
  table(
    [
      { label: "Time", w: 130 },
      { label: "Step", w: 120 },
      { label: "By", w: 100 },
      { label: "Place / note", w: width - 350 },
    ],
    timeline.events.map((e) => [
      when(e.at),
      DISPATCH_EVENT_LABELS[e.kind],
      e.byName ?? "—",
      [coordinates(e), e.note].filter(Boolean).join(" · ") || "—",
    ]),
    "Nothing recorded yet.",
  );

  return end();
}
