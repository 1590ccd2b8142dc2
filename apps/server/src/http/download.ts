import type { Context } from "hono";
import { z } from "zod";
import { safeFileName } from "../lib/file-name";

type Disposition = "attachment" | "inline";

/**
 * The headers of a download (a PDF, a CSV): an attachment with a safe name (or `inline`, shown by the
 * browser, e.g. to print it), never cached, never sniffed.
 */
export const attachmentHeaders = (
  fileName: string,
  contentType: string,
  disposition: Disposition = "attachment",
) => ({
  "Content-Type": contentType,
  "Content-Disposition": `${disposition}; filename="${safeFileName(fileName)}"`,
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
});

/** A whole file as a download (or shown inline). */
export const download = (
  c: Context,
  body: Uint8Array,
  fileName: string,
  contentType: string,
  disposition?: Disposition,
) => c.body(new Uint8Array(body), 200, attachmentHeaders(fileName, contentType, disposition));

/** `?inline=1`: the file opens in the browser (its viewer prints it) instead of downloading. */
export const ZInlineQuery = z.object({
  inline: z
    .enum(["1"], { message: "inline is 1 (open in the browser) or left out (download)" })
    .optional()
    .describe("1: open in the browser (Content-Disposition inline) instead of downloading"),
});

/** The OpenAPI response of a PDF download. */
export const pdfDownload = (description: string) => ({
  description,
  content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
});
