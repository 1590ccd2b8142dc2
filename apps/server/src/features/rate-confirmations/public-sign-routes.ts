import {
  TEXT_LIMITS,
  ZDeclineRateConfirmation,
  ZSignedPage,
  ZSigningPage,
  ZSignRateConfirmation,
} from "@pevo/shared";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context";
import { download, pdfDownload } from "../../http/download";
import { ApiError } from "../../http/errors";
import { createRoute, createRouter, errors, json, jsonBody, named } from "../../http/openapi";
import { clientAddress } from "../../http/rate-limit";
import {
  declineByToken,
  LINK_MESSAGES,
  LinkError,
  openSigningPage,
  signByToken,
  signedPdfByToken,
} from "./sign-with-token";

const tags = ["Public signing"];
const SigningPage = named("SigningPage", ZSigningPage);
/** A path token that is not one cannot exist: 404 with the page's message. */
const params = z.object({ token: z.string().max(200, { message: LINK_MESSAGES.unknown }) });

/** Who signs, as the server saw it (the IP behind trusted proxies only). */
const meta = (c: Context<AppEnv>) => ({
  ip: clientAddress(c, c.get("deps").config.trustProxy ?? 0).slice(0, TEXT_LIMITS.ip),
  userAgent: (c.req.header("user-agent") ?? "").slice(0, TEXT_LIMITS.userAgent) || null,
});

/** A link that cannot be opened is a 404 with a message the page shows as it is. */
async function opening<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LinkError) throw new ApiError(404, error.message);
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

/**
 * The client's side of an e-signature, from the emailed link `/sign/{token}`: no account; the token
 * opens that one rate confirmation and nothing else. Rate limited per address (app.ts).
 */
export const publicSignRoutes = router
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
    async (c) =>
      c.json(await opening(() => openSigningPage(c.get("deps").db, c.req.valid("param").token)), 200),
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
      const page = await opening(() =>
        signByToken(db, c.get("deps"), c.req.valid("param").token, c.req.valid("json"), meta(c)),
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
      const page = await opening(() =>
        declineByToken(c.get("deps").db, c.req.valid("param").token, c.req.valid("json"), meta(c)),
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
      const { pdf, fileName } = await opening(() =>
        signedPdfByToken(c.get("deps").db, c.req.valid("param").token),
      );
      return download(c, pdf, fileName, "application/pdf");
    },
  );
