import { PDFParse } from "pdf-parse";

/**
 * What a reader of the PDF sees: its text (as a PDF viewer's copy would give it, via pdf.js), its
 * page count and its Info title. Used by every test that checks a generated PDF.
 */
export async function readPdf(bytes: Buffer): Promise<{ text: string; pages: string[]; title?: string }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return {
      text: text.text,
      pages: text.pages.map((p) => p.text),
      title: (info.info as { Title?: string } | undefined)?.Title,
    };
  } finally {
    await parser.destroy();
  }
}
