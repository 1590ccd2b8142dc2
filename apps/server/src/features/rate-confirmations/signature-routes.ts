import { ZRateConfirmationSignature, ZSendForSignature, ZSignatureSent } from "@pevo/shared";
import {
  cancelSignatureRequest,
  getSignature,
  RC_NOT_FOUND,
  rateConfirmationPdf,
  sendForSignature,
  signedPdf,
} from "../../domain/rate-confirmations";
import { download, pdfDownload, ZInlineQuery } from "../../http/download";
import { createRoute, createRouter, errors, idParams, json, jsonBody, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const tags = ["Rate confirmations"];
const params = idParams(RC_NOT_FOUND);
const Signature = named("RateConfirmationSignature", ZRateConfirmationSignature);

const router = createRouter();
router.use(requireAdmin);

/** A rate confirmation's PDF and its e-signature, for the office (the signer's side: public-sign-routes). */
export const rateConfirmationSignatureRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/pdf",
      tags,
      summary: "The rate confirmation as a PDF (the document a client signs)",
      request: { params, query: ZInlineQuery },
      responses: {
        200: pdfDownload("The PDF, as an attachment (inline with ?inline=1, to print it)"),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { pdf, fileName } = await rateConfirmationPdf(scopeOf(c), c.req.valid("param").id);
      const disposition = c.req.valid("query").inline ? "inline" : "attachment";
      return download(c, pdf, fileName, "application/pdf", disposition);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/signature",
      tags,
      summary: "The signature state and every signature request, newest first",
      request: { params },
      responses: { 200: json(Signature, "The signature"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await getSignature(scopeOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/signature",
      tags,
      summary: "Send for signature (or send again): a new link by email; an open request is withdrawn",
      request: { params, body: jsonBody(ZSendForSignature) },
      responses: {
        201: json(
          named("SignatureSent", ZSignatureSent),
          "The request; mailSent false when the email failed",
        ),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const sent = await sendForSignature(scopeOf(c), {
        id: c.req.valid("param").id,
        signer: c.req.valid("json"),
        deps: c.get("deps"),
      });
      return c.json(sent, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/signature/cancel",
      tags,
      summary: "Withdraw the open signature request (its link stops working)",
      request: { params },
      responses: { 200: json(Signature, "The signature"), ...errors(401, 403, 404, 409) },
    }),
    async (c) => c.json(await cancelSignatureRequest(scopeOf(c), { id: c.req.valid("param").id }), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/signature/pdf",
      tags,
      summary: "The signed copy: the document as signed and its signature certificate page",
      request: { params },
      responses: { 200: pdfDownload("The signed PDF, as an attachment"), ...errors(401, 403, 404) },
    }),
    async (c) => {
      const { pdf, fileName } = await signedPdf(scopeOf(c), c.req.valid("param").id);
      return download(c, pdf, fileName, "application/pdf");
    },
  );
