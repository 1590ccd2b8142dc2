import type { Context } from "hono";
import { z } from "zod";

/** Letters, digits, dot, dash and underscore only: a file name safe in a Content-Disposition header. */
export const safeFileName = (name: string) => name.replace(/[^\w.-]+/g, "_");

/** A file download (a PDF, a CSV): attachment with a safe name, never cached, never sniffed. */
export function download(c: Context, body: Uint8Array, fileName: string, contentType: string) {
  return c.body(new Uint8Array(body), 200, {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${safeFileName(fileName)}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
}

/** The OpenAPI response of a PDF download. */
export const pdfDownload = (description: string) => ({
  description,
  content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
});
