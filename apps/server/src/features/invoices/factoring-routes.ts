import { ZInvoiceResponse, ZMarkFactored, ZSendToFactor, ZSentToFactorResponse } from "@pevo/shared";
import { INVOICE_NOT_FOUND, sendToFactor, setInvoiceFactored } from "../../domain/invoices";
import { createRoute, createRouter, errors, idParams, json, jsonBody, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const tags = ["Invoices"];
const params = idParams(INVOICE_NOT_FOUND);
const Invoice = named("Invoice", ZInvoiceResponse);

const router = createRouter();
router.use(requireAdmin);

/** Factoring an invoice (DECISIONS 'Quick pay and factoring'): assign it to the factor, send it the documents. */
export const invoiceFactoringRoutes = router
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/factoring",
      tags,
      summary:
        "Mark the invoice factored (the company's factoring company is copied onto it: its PDF prints Remit To and the notice of assignment) or take it back. 409 on a void invoice, a paid one (marking), without a factor set up, or (taking back) once a factoring payment is recorded",
      request: { params, body: jsonBody(ZMarkFactored) },
      responses: { 200: json(Invoice, "The invoice"), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await setInvoiceFactored(scopeOf(c), {
          id: c.req.valid("param").id,
          factored: c.req.valid("json").factored,
        }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/send-to-factor",
      tags,
      summary:
        "Email the factored invoice's documents to the factor in one email: the invoice PDF, each job's signed rate confirmation and the trip log (CSV). What is missing is named in the email and the answer. 409 when not factored or the factor has no email. mailSent false when the email failed (send again to retry)",
      request: { params, body: jsonBody(ZSendToFactor) },
      responses: {
        200: json(named("SentToFactor", ZSentToFactorResponse), "Sent"),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) =>
      c.json(
        await sendToFactor(
          scopeOf(c),
          { id: c.req.valid("param").id, send: c.req.valid("json") },
          c.get("deps"),
        ),
        200,
      ),
  );
