import type { Context } from "hono";
import { z } from "zod";

/** Letters, digits, dot, dash and underscore only: a file name safe in a Content-Disposition header. */
export const safeFileName = (name: string) => name.replace(/[^\w.-]+/g, "_");

/** The headers of a download (a PDF, a CSV): attachment with a safe name, never cached, never sniffed. */
export const attachmentHeaders = (fileName: string, contentType: string) => ({
  "Content-Type": contentType,
  "Content-Disposition": `attachment; filename="${safeFileName(fileName)}"`,
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
});

/** A whole file as a download. */
export const download = (c: Context, body: Uint8Array, fileName: string, contentType: string) =>
  c.body(new Uint8Array(body), 200, attachmentHeaders(fileName, contentType));

/** The OpenAPI response of a PDF download. */
export const pdfDownload = (description: string) => ({
  description,
  content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
});
