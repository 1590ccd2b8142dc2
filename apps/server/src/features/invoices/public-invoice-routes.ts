import { ZPublicInvoice } from "@pevo/shared";
import { INVOICE_LINK_MESSAGES, openPublicInvoice, publicInvoicePdf } from "../../domain/invoices";
import { download, pdfDownload } from "../../http/download";
import { createRoute, errors, json, named } from "../../http/openapi";
import { publicLinkRouter, tokenParams } from "../../http/public-link-routes";

const tags = ["Public invoice"];
const params = tokenParams(INVOICE_LINK_MESSAGES.unknown);

/** The client's view of a sent invoice, from the emailed link `/i/{token}`. */
export const publicInvoiceRoutes = publicLinkRouter()
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
    async (c) => c.json(await openPublicInvoice(c.get("deps").db, c.req.valid("param").token), 200),
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
      const { pdf, fileName } = await publicInvoicePdf(c.get("deps").db, c.req.valid("param").token);
      return download(c, pdf, fileName, "application/pdf");
    },
  );
