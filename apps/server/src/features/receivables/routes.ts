import {
  PAYMENTS_CSV_HEADER,
  QUICKBOOKS_CREDIT_MEMO_HEADER,
  QUICKBOOKS_INVOICE_HEADER,
  QUICKBOOKS_PAYMENT_HEADER,
  ZPaymentsExportParams,
  ZQuickBooksExportParams,
  ZQuickBooksRangeParams,
  ZReceivablesParams,
  ZReceivablesResponse,
} from "@pevo/shared";
import { z } from "zod";
import { CLIENT_NOT_FOUND } from "../../domain/clients";
import { clientStatement, invoiceToday, listReceivables } from "../../domain/invoices";
import { csvResponse } from "../../http/csv";
import { download, pdfDownload } from "../../http/download";
import { createRoute, createRouter, errors, idParams, json, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";
import {
  exportPayments,
  exportQuickBooks,
  exportQuickBooksCreditMemos,
  exportQuickBooksPayments,
} from "./exports";
import { renderStatementPdf } from "./statement";

const tags = ["Receivables"];
const router = createRouter();
router.use(requireAdmin);

const csv = (description: string) => ({
  description,
  content: { "text/csv": { schema: z.string() } },
});

export const receivablesRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary:
        "Open balance per client with aging buckets (current, 1–30, 31–60, 61–90, over 90 days past due) and the totals",
      request: { query: ZReceivablesParams },
      responses: {
        200: json(named("ReceivablesPage", ZReceivablesResponse), "One page of clients and the totals"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listReceivables(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/payments.csv",
      tags,
      summary: "The payments received in a date range as CSV (streamed)",
      request: { query: ZPaymentsExportParams },
      responses: {
        200: csv(`payments-YYYY-MM-DD.csv: ${PAYMENTS_CSV_HEADER.join(", ")}`),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const today = await invoiceToday(scope.db, scope);
      return csvResponse(
        c,
        `payments-${today}.csv`,
        [...PAYMENTS_CSV_HEADER],
        exportPayments(scope, c.req.valid("query")),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/quickbooks.csv",
      tags,
      summary:
        "The invoices issued in a date range as a QuickBooks Online invoice import CSV (one row per line; sent, viewed, partially paid and paid)",
      request: { query: ZQuickBooksExportParams },
      responses: {
        200: csv(`quickbooks-invoices-YYYY-MM-DD.csv: ${QUICKBOOKS_INVOICE_HEADER.join(", ")}`),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const today = await invoiceToday(scope.db, scope);
      return csvResponse(
        c,
        `quickbooks-invoices-${today}.csv`,
        [...QUICKBOOKS_INVOICE_HEADER],
        exportQuickBooks(scope, c.req.valid("query")),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/quickbooks-credit-memos.csv",
      tags,
      summary:
        "The credit notes dated in a date range as a QuickBooks Online credit memo CSV (one row per line)",
      request: { query: ZQuickBooksRangeParams },
      responses: {
        200: csv(`quickbooks-credit-memos-YYYY-MM-DD.csv: ${QUICKBOOKS_CREDIT_MEMO_HEADER.join(", ")}`),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const today = await invoiceToday(scope.db, scope);
      return csvResponse(
        c,
        `quickbooks-credit-memos-${today}.csv`,
        [...QUICKBOOKS_CREDIT_MEMO_HEADER],
        exportQuickBooksCreditMemos(scope, c.req.valid("query")),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/quickbooks-payments.csv",
      tags,
      summary:
        "The payments received in a date range as a QuickBooks Online received-payment CSV (one row per payment; credit notes and applied client credit left out)",
      request: { query: ZQuickBooksRangeParams },
      responses: {
        200: csv(`quickbooks-payments-YYYY-MM-DD.csv: ${QUICKBOOKS_PAYMENT_HEADER.join(", ")}`),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const today = await invoiceToday(scope.db, scope);
      return csvResponse(
        c,
        `quickbooks-payments-${today}.csv`,
        [...QUICKBOOKS_PAYMENT_HEADER],
        exportQuickBooksPayments(scope, c.req.valid("query")),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/clients/{id}/statement.pdf",
      tags,
      summary: "A client's statement: its open invoices, the payments on them, the aging and the amount due",
      request: { params: idParams(CLIENT_NOT_FOUND) },
      responses: {
        200: pdfDownload("The PDF, as an attachment named statement-<client>-YYYY-MM-DD.pdf"),
        ...errors(401, 403, 404),
      },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const data = await clientStatement(scope, c.req.valid("param").id);
      const pdf = await renderStatementPdf(scope, data);
      const name = data.client.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "client";
      return download(c, pdf, `statement-${name}-${data.today}.pdf`, "application/pdf");
    },
  );
