import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { displayPhone, formatDotNumber, formatMcNumber, type TLetterhead } from "@pevo/shared";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";

/**
 * Every PDF the product makes prints with Inter, embedded from the
 * @expo-google-fonts/inter package's TTF files. pdfkit's built-in Helvetica only knows WinAnsi, so it
 * printed '→' as '!’' and had no Cyrillic or Greek at all; Inter covers Latin, Greek and Cyrillic.
 */
export const PDF_FONT = { regular: "Inter", bold: "Inter-Bold" } as const;

const require = createRequire(import.meta.url);
const fontFile = (path: string) => readFileSync(require.resolve(`@expo-google-fonts/inter/${path}`));
const REGULAR = fontFile("400Regular/Inter_400Regular.ttf");
const BOLD = fontFile("700Bold/Inter_700Bold.ttf");
const coverage = fontkit.create(REGULAR) as fontkit.Font;

/** Shown instead of a character Inter cannot draw (an emoji, a Chinese character): a clean box, not garbage. */
export const MISSING_GLYPH = "□";

/** Joiners and modifiers that only shape the character before them (emoji sequences, variation selectors). */
const SHAPING = /[\u200d\ufe0e\ufe0f\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]/u;
const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/** The text with each grapheme the embedded font cannot draw replaced by MISSING_GLYPH. */
export function printable(text: string): string {
  let out = "";
  for (const { segment } of segmenter.segment(text)) {
    const drawable = [...segment].every(
      (ch) =>
        ch === "\n" ||
        ch === "\r" ||
        ch === "\t" ||
        SHAPING.test(ch) ||
        coverage.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0),
    );
    out += drawable ? segment : MISSING_GLYPH;
  }
  return out;
}

type TextMethod = (text: string | number, ...rest: unknown[]) => unknown;

/**
 * A letter-size pdfkit document with the embedded fonts registered and Inter selected; every string
 * drawn or measured passes through `printable` first. `end` draws the footer of every page (see
 * `drawPageFooters`), ends the document and resolves to the whole file. Pages are buffered until
 * then, so that each can say how many there are.
 */
export function createPdf(options: PDFKit.PDFDocumentOptions = {}) {
  const doc = new PDFDocument({ size: "LETTER", margin: 50, ...options, bufferPages: true });
  doc.registerFont(PDF_FONT.regular, REGULAR);
  doc.registerFont(PDF_FONT.bold, BOLD);
  doc.font(PDF_FONT.regular);
  // One place instead of a printable() around each of the many text calls of each document.
  for (const name of ["text", "heightOfString", "widthOfString"] as const) {
    const original = (doc[name] as TextMethod).bind(doc);
    (doc as unknown as Record<string, TextMethod>)[name] = (text, ...rest) =>
      original(printable(String(text)), ...rest);
  }
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const end = (footer: { text?: string | null } = {}) => {
    drawPageFooters(doc, footer.text);
    doc.end();
    return done;
  };
  return { doc, end };
}

/** Where the footer band starts, from the bottom edge: content stays above it (PAGE_CONTENT_BOTTOM). */
const FOOTER_TOP = 70;

/** How far above the bottom edge a page's content ends, so that it never runs into the footer. */
export const PAGE_CONTENT_BOTTOM = FOOTER_TOP + 10;

/**
 * On every page, at the bottom: the document's footer text (the company's invoice footer), if any,
 * centred, and "Page 1 of 2" at the right (DECISIONS 'Invoices', PDF), so a client who holds page 2
 * knows there is a page 1 and that nothing is missing.
 */
function drawPageFooters(doc: PDFKit.PDFDocument, text?: string | null) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(start + i);
    const { margins, width: pageWidth, height } = doc.page;
    const width = pageWidth - margins.left - margins.right;
    // Text below the bottom margin would make pdfkit open another page.
    const bottomMargin = margins.bottom;
    margins.bottom = 0;
    doc.font(PDF_FONT.regular).fontSize(8).fillColor("#666");
    if (text) doc.text(text, margins.left, height - FOOTER_TOP, { width, align: "center" });
    doc.text(`Page ${i + 1} of ${count}`, margins.left, height - 35, { width, align: "right" });
    margins.bottom = bottomMargin;
  }
}

/** The logo's box at the top left of the letterhead, in points (it keeps its proportions inside). */
const LOGO_BOX = { width: 180, height: 54, top: 22 };

/**
 * The amber band across the top of the page, then the company's logo (when it has one: DECISIONS
 * 'Company set-up and logo'), name, address, phone, email and MC / DOT numbers at the top left, in
 * `width` (the document's title goes at the right).
 */
export function drawLetterhead(
  doc: PDFKit.PDFDocument,
  company: TLetterhead,
  box: { left: number; width: number },
  logo?: Buffer | null,
) {
  doc.rect(0, 0, doc.page.width, 8).fill("#f59e0b");
  let nameTop = 30;
  if (logo) {
    const fit = [Math.min(LOGO_BOX.width, box.width), LOGO_BOX.height] as const;
    // openImage is pdfkit's own (missing from its type definitions): the drawn height follows from it.
    const image = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(
      logo,
    );
    const scale = Math.min(fit[0] / image.width, fit[1] / image.height);
    doc.image(logo, box.left, LOGO_BOX.top, { width: image.width * scale, height: image.height * scale });
    nameTop = LOGO_BOX.top + image.height * scale + 6;
  }
  doc
    .fillColor("#111")
    .font(PDF_FONT.bold)
    .fontSize(18)
    .text(company.name, box.left, nameTop, { width: box.width });
  doc.font(PDF_FONT.regular).fontSize(9).fillColor("#444");
  const lines = [
    company.address,
    [displayPhone(company.phone), company.email].filter(Boolean).join("  ·  "),
    [formatMcNumber(company.mcNumber), formatDotNumber(company.dotNumber)].filter(Boolean).join("  ·  "),
  ].filter(Boolean);
  for (const line of lines) doc.text(String(line), { width: box.width });
}
