import {
  offsetPage,
  ZInvoice,
  ZInvoiceExportParams,
  ZInvoiceListItem,
  ZInvoiceListParams,
  ZInvoiceNotes,
  ZInvoiceResponse,
  ZNextInvoiceNumberResponse,
} from "@pevo/shared";
import { z } from "zod";
import {
  createInvoice,
  deleteInvoice,
  exportInvoices,
  getInvoice,
  INVOICE_CSV_HEADER,
  INVOICE_NOT_FOUND,
  invoiceFileName,
  invoiceToday,
  listInvoices,
  nextInvoiceNumber,
  renderInvoicePdf,
  updateInvoice,
  updateInvoiceNotes,
} from "../../domain/invoices";
import { csvResponse } from "../../http/csv";
import { download, pdfDownload } from "../../http/download";
import {
  byIdRoutes,
  createRoute,
  createRouter,
  dayQueryParam,
  errors,
  idParams,
  json,
  jsonBody,
  named,
} from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";
import { todayIso } from "../../lib/dates";

const tags = ["Invoices"];
const params = idParams(INVOICE_NOT_FOUND);
const Invoice = named("Invoice", ZInvoiceResponse);
const InvoiceListItem = named("InvoiceListItem", ZInvoiceListItem);
const byId = byIdRoutes({
  tags,
  params,
  response: Invoice,
  body: ZInvoice,
  noun: "invoice",
  summaries: {
    get: "An invoice with its line items",
    put: "Update a draft invoice and replace its line items (409 once it was sent, paid or voided: its notes are changed with PUT /{id}/notes, anything else by void and reissue)",
    delete: "Delete a draft invoice (409 once it was sent, paid or voided: void a sent invoice instead)",
  },
  conflicts: { put: true, delete: true },
});

const router = createRouter();
router.use(requireAdmin);

export const invoiceRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary:
        "A page of the company's invoices: filtered, searched by number and sorted (newest issue date first)",
      request: { query: ZInvoiceListParams },
      responses: {
        200: json(named("InvoicePage", offsetPage(InvoiceListItem)), "One page of the invoices"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listInvoices(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/export.csv",
      tags,
      summary:
        "Every invoice of the filtered list as CSV (the list's filters and sort; streamed, the whole set)",
      request: { query: ZInvoiceExportParams },
      responses: {
        200: {
          description: `The CSV, as an attachment named invoices-YYYY-MM-DD.csv: ${INVOICE_CSV_HEADER.join(", ")}`,
          content: { "text/csv": { schema: z.string() } },
        },
        ...errors(400, 401, 403),
      },
    }),
    async (c) => {
      const scope = scopeOf(c);
      return csvResponse(
        c,
        `invoices-${await invoiceToday(scope.db, scope)}.csv`,
        INVOICE_CSV_HEADER,
        exportInvoices(scope, c.req.valid("query")),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/next-number",
      tags,
      summary: "The next free invoice number of a year (INV-YYYY-NNNN)",
      request: {
        query: z.object({ date: dayQueryParam("date").describe("A day of the year; today by default") }),
      },
      responses: { 200: json(ZNextInvoiceNumberResponse, "The invoice number"), ...errors(400, 401, 403) },
    }),
    async (c) =>
      c.json(
        { invoiceNumber: await nextInvoiceNumber(scopeOf(c), c.req.valid("query").date ?? todayIso()) },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary:
        "Create an invoice (the server computes subtotal, tax and total; 409 when the dispatch already has one, unless allowAdditional)",
      request: { body: jsonBody(ZInvoice) },
      responses: { 201: json(Invoice, "The new invoice"), ...errors(400, 401, 403, 409) },
    }),
    async (c) => c.json(await createInvoice(scopeOf(c), c.req.valid("json")), 201),
  )
  .openapi(byId.get, async (c) => c.json(await getInvoice(scopeOf(c), c.req.valid("param").id), 200))
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/pdf",
      tags,
      summary: "The invoice as a PDF (a download)",
      request: { params },
      responses: {
        200: pdfDownload("The PDF, as an attachment named invoice-<number>.pdf"),
        ...errors(401, 403, 404),
      },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const invoice = await getInvoice(scope, c.req.valid("param").id);
      const pdf = await renderInvoicePdf(scope, invoice);
      return download(c, pdf, invoiceFileName(invoice.invoiceNumber), "application/pdf");
    },
  )
  .openapi(byId.put, async (c) =>
    c.json(
      await updateInvoice(scopeOf(c), { id: c.req.valid("param").id, invoice: c.req.valid("json") }),
      200,
    ),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{id}/notes",
      tags,
      summary:
        "Change the invoice's notes and internal memo (both replaced), what stays editable once it was sent (recorded in the activity log with who, before and after; 409 on a void invoice)",
      request: { params, body: jsonBody(ZInvoiceNotes) },
      responses: { 200: json(Invoice, "The invoice"), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await updateInvoiceNotes(scopeOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") }),
        200,
      ),
  )
  .openapi(byId.delete, async (c) => {
    await deleteInvoice(scopeOf(c), { id: c.req.valid("param").id });
    return c.body(null, 204);
  });
