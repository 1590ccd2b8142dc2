import {
  ZInvoicePayments,
  ZInvoiceResponse,
  ZInvoiceSent,
  ZRecordPayment,
  ZReissueInvoice,
  ZSendInvoice,
  ZVoidInvoice,
} from "@pevo/shared";
import {
  deletePayment,
  INVOICE_NOT_FOUND,
  listPayments,
  PAYMENT_NOT_FOUND,
  recordPayment,
  reissueInvoice,
  sendInvoice,
  voidInvoice,
} from "../../domain/invoices";
import {
  createRoute,
  createRouter,
  errors,
  idParams,
  json,
  jsonBody,
  named,
  uuidParam,
} from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const tags = ["Invoices"];
const params = idParams(INVOICE_NOT_FOUND);
const paymentParams = params.extend({ paymentId: uuidParam(PAYMENT_NOT_FOUND) });
const Payments = named("InvoicePayments", ZInvoicePayments);
const Invoice = named("Invoice", ZInvoiceResponse);

const router = createRouter();
router.use(requireAdmin);

/** An invoice's life after it is written: send, void, void and reissue, payments (DECISIONS 'Invoices'). */
export const invoicePaymentRoutes = router
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/send",
      tags,
      summary:
        "Send the invoice by email (PDF attached, a 30-day link to its public page); a draft becomes sent. Without `to`: the billed client's accounts-payable email, else its email. 409 when the client requires a PO number and the invoice has none. mailSent false when the email failed (send again to retry)",
      request: { params, body: jsonBody(ZSendInvoice) },
      responses: {
        200: json(named("InvoiceSent", ZInvoiceSent), "Sent"),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) =>
      c.json(
        await sendInvoice(
          scopeOf(c),
          { id: c.req.valid("param").id, send: c.req.valid("json") },
          c.get("deps"),
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/void",
      tags,
      summary:
        "Void the invoice with a reason (kept on it and in the activity log): its links stop working, no reminders (409 with payments)",
      request: { params, body: jsonBody(ZVoidInvoice) },
      responses: {
        200: json(Invoice, "The void invoice"),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) =>
      c.json(
        await voidInvoice(scopeOf(c), { id: c.req.valid("param").id, reason: c.req.valid("json").reason }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/reissue",
      tags,
      summary:
        "Void and reissue: the invoice becomes void with the reason (links stop working, no reminders) and a new draft copied from it (customer, dates, lines) gets the next number; 409 with payments or when already void",
      request: { params, body: jsonBody(ZReissueInvoice) },
      responses: {
        201: json(Invoice, "The new draft invoice"),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) =>
      c.json(
        await reissueInvoice(scopeOf(c), { id: c.req.valid("param").id, reissue: c.req.valid("json") }),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/payments",
      tags,
      summary: "The invoice's payments (oldest first), amount paid and balance",
      request: { params },
      responses: { 200: json(Payments, "The payments"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await listPayments(scopeOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/payments",
      tags,
      summary: "Record a payment (at most the balance); the status follows",
      request: { params, body: jsonBody(ZRecordPayment) },
      responses: { 201: json(Payments, "The payments"), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await recordPayment(scopeOf(c), { invoiceId: c.req.valid("param").id, payment: c.req.valid("json") }),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}/payments/{paymentId}",
      tags,
      summary:
        "Delete a payment; the balance and status follow (409 for the part a credit note applied: it stays with the credit note)",
      request: { params: paymentParams },
      responses: { 200: json(Payments, "The payments"), ...errors(401, 403, 404, 409) },
    }),
    async (c) => {
      const { id, paymentId } = c.req.valid("param");
      return c.json(await deletePayment(scopeOf(c), { invoiceId: id, paymentId }), 200);
    },
  );
