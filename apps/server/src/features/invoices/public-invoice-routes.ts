import { ZPublicInvoice } from "@pevo/shared";
import { z } from "zod";
import { download, pdfDownload } from "../../http/download";
import { ApiError } from "../../http/errors";
import { createRoute, createRouter, errors, json, named } from "../../http/openapi";
import {
  INVOICE_LINK_MESSAGES,
  InvoiceLinkError,
  openPublicInvoice,
  publicInvoicePdf,
} from "./public-invoice-service";

const tags = ["Public invoice"];
/** A path token that is not one cannot exist: 404 with the page's message. */
const params = z.object({ token: z.string().max(200, { message: INVOICE_LINK_MESSAGES.unknown }) });

/** A link that cannot be opened is a 404 with a message the page shows as it is. */
async function opening<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvoiceLinkError) throw new ApiError(404, error.message);
    throw error;
  }
}

const router = createRouter();
// No session, no indexing, no caching, and the token never leaves in a Referer.
router.use(async (c, next) => {
  await next();
  c.header("X-Robots-Tag", "noindex, nofollow");
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
});

/** The client's view of a sent invoice, from the emailed link `/i/{token}`. Rate limited (app.ts). */
export const publicInvoiceRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/{token}",
      tags,
      security: [],
      summary: "The invoice an invoice link opens (the first opening marks it viewed)",
      request: { params },
      responses: { 200: json(named("PublicInvoice", ZPublicInvoice), "The invoice"), ...errors(404, 429) },
    }),
    async (c) =>
      c.json(await opening(() => openPublicInvoice(c.get("deps").db, c.req.valid("param").token)), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{token}/pdf",
      tags,
      security: [],
      summary: "The invoice as a PDF",
      request: { params },
      responses: { 200: pdfDownload("The invoice PDF"), ...errors(404, 429) },
    }),
    async (c) => {
      const { pdf, fileName } = await opening(() =>
        publicInvoicePdf(c.get("deps").db, c.req.valid("param").token),
      );
      return download(c, pdf, fileName, "application/pdf");
    },
  );
