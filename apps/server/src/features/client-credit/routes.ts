import { ZApplyClientCredit, ZClientCredit, ZRefundClientCredit } from "@pevo/shared";
import { CLIENT_NOT_FOUND } from "../../domain/clients";
import { applyClientCredit, clientCredit, refundClientCredit } from "../../domain/invoices";
import { createRoute, createRouter, errors, idParams, json, jsonBody, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const tags = ["Clients"];
const params = idParams(CLIENT_NOT_FOUND);
const Credit = named("ClientCredit", ZClientCredit);

const router = createRouter();
router.use(requireAdmin);

/** A client's credit: read it, apply it to an open invoice, record a refund (DECISIONS 'Client credit'). */
export const clientCreditRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/credit",
      tags,
      summary: "The client's unapplied credit and its latest 100 entries (newest first)",
      request: { params },
      responses: { 200: json(Credit, "The credit"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await clientCredit(scopeOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/credit/applications",
      tags,
      summary:
        "Apply the client's credit to one of its open invoices (at most the credit and the invoice's balance): a payment of method client_credit",
      request: { params, body: jsonBody(ZApplyClientCredit) },
      responses: { 201: json(Credit, "The credit after"), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await applyClientCredit(scopeOf(c), {
          clientId: c.req.valid("param").id,
          apply: c.req.valid("json"),
        }),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/credit/refunds",
      tags,
      summary: "Record a refund of the client's credit (at most the credit)",
      request: { params, body: jsonBody(ZRefundClientCredit) },
      responses: { 201: json(Credit, "The credit after"), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await refundClientCredit(scopeOf(c), {
          clientId: c.req.valid("param").id,
          refund: c.req.valid("json"),
        }),
        201,
      ),
  );
