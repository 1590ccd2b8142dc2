import {
  TEXT_LIMITS,
  ZDeclineRateConfirmation,
  ZSignedPage,
  ZSigningPage,
  ZSignRateConfirmation,
} from "@pevo/shared";
import type { Context } from "hono";
import {
  declineByToken,
  LINK_MESSAGES,
  openSigningPage,
  signByToken,
  signedPdfByToken,
} from "../../domain/rate-confirmations";
import type { AppEnv } from "../../http/context";
import { download, pdfDownload } from "../../http/download";
import { createRoute, errors, json, jsonBody, named } from "../../http/openapi";
import { publicLinkRouter, tokenParams } from "../../http/public-link-routes";
import { clientAddress } from "../../http/rate-limit";

const tags = ["Public signing"];
const SigningPage = named("SigningPage", ZSigningPage);
const params = tokenParams(LINK_MESSAGES.unknown);

/** Who signs, as the server saw it (the IP behind trusted proxies only). */
const meta = (c: Context<AppEnv>) => ({
  ip: clientAddress(c, c.get("deps").config.trustProxy ?? 0).slice(0, TEXT_LIMITS.ip),
  userAgent: (c.req.header("user-agent") ?? "").slice(0, TEXT_LIMITS.userAgent) || null,
});

/**
 * The client's side of an e-signature, from the emailed link `/sign/{token}`: no account; the token
 * opens that one rate confirmation and nothing else.
 */
export const publicSignRoutes = publicLinkRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{token}",
      tags,
      security: [],
      summary: "The rate confirmation a signing link opens (the first opening marks it viewed)",
      request: { params },
      responses: { 200: json(SigningPage, "The document and the request's state"), ...errors(404, 429) },
    }),
    async (c) => c.json(await openSigningPage(c.get("deps").db, c.req.valid("param").token), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{token}/sign",
      tags,
      security: [],
      summary: "Sign: consent, typed full name, optionally a drawn signature",
      request: { params, body: jsonBody(ZSignRateConfirmation) },
      responses: {
        200: json(named("SignedPage", ZSignedPage), "Signed; mailSent false when the copy was not emailed"),
        ...errors(400, 404, 409, 429),
      },
    }),
    async (c) => {
      const { db } = c.get("deps");
      const page = await signByToken(
        db,
        c.get("deps"),
        c.req.valid("param").token,
        c.req.valid("json"),
        meta(c),
      );
      return c.json(page, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{token}/decline",
      tags,
      security: [],
      summary: "Decline, with a reason",
      request: { params, body: jsonBody(ZDeclineRateConfirmation) },
      responses: { 200: json(SigningPage, "Declined"), ...errors(400, 404, 409, 429) },
    }),
    async (c) => {
      const page = await declineByToken(
        c.get("deps").db,
        c.req.valid("param").token,
        c.req.valid("json"),
        meta(c),
      );
      return c.json(page, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{token}/pdf",
      tags,
      security: [],
      summary: "The signed copy with its signature certificate",
      request: { params },
      responses: { 200: pdfDownload("The signed PDF"), ...errors(404, 429) },
    }),
    async (c) => {
      const { pdf, fileName } = await signedPdfByToken(c.get("deps").db, c.req.valid("param").token);
      return download(c, pdf, fileName, "application/pdf");
    },
  );
