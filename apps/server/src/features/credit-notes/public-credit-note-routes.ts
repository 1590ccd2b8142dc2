import { ZPublicCreditNote } from "@pevo/shared";
import {
  CREDIT_NOTE_LINK_MESSAGES,
  openPublicCreditNote,
  publicCreditNotePdf,
} from "../../domain/credit-notes";
import { download, pdfDownload } from "../../http/download";
import { createRoute, errors, json, named } from "../../http/openapi";
import { publicLinkRouter, tokenParams } from "../../http/public-link-routes";

const tags = ["Public credit note"];
const params = tokenParams(CREDIT_NOTE_LINK_MESSAGES.unknown);

/** The client's view of a sent credit note, from the emailed link `/cn/{token}`. */
export const publicCreditNoteRoutes = publicLinkRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{token}",
      tags,
      security: [],
      summary: "The credit note a credit note link opens (and nothing else of the company)",
      request: { params },
      responses: {
        200: json(named("PublicCreditNote", ZPublicCreditNote), "The credit note"),
        ...errors(404, 429),
      },
    }),
    async (c) => c.json(await openPublicCreditNote(c.get("deps").db, c.req.valid("param").token), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{token}/pdf",
      tags,
      security: [],
      summary: "The credit note as a PDF",
      request: { params },
      responses: { 200: pdfDownload("The credit note PDF"), ...errors(404, 429) },
    }),
    async (c) => {
      const { pdf, fileName } = await publicCreditNotePdf(c.get("deps").db, c.req.valid("param").token);
      return download(c, pdf, fileName, "application/pdf");
    },
  );
