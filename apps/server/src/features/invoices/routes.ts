import { ZInvoice } from "@pevo/shared";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { idParam, parseBody } from "../../http/errors";
import { requireAdmin, scopeOf } from "../../http/session";
import { renderInvoicePdf } from "./pdf";
import {
  createInvoice,
  deleteInvoice,
  getInvoice,
  INVOICE_NOT_FOUND,
  listInvoices,
  updateInvoice,
} from "./service";

export const invoiceRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await listInvoices(scopeOf(c))))
  .post("/", async (c) => {
    const input = await parseBody(c, ZInvoice);
    return c.json(await createInvoice(scopeOf(c), input), 201);
  })
  .get("/:id", async (c) => c.json(await getInvoice(scopeOf(c), idParam(c, "id", INVOICE_NOT_FOUND))))
  .get("/:id/pdf", async (c) => {
    const scope = scopeOf(c);
    const invoice = await getInvoice(scope, idParam(c, "id", INVOICE_NOT_FOUND));
    const pdf = await renderInvoicePdf(scope, invoice);
    const filename = `invoice-${invoice.invoiceNumber.replace(/[^\w.-]+/g, "_")}.pdf`;
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
    });
  })
  .put("/:id", async (c) => {
    const id = idParam(c, "id", INVOICE_NOT_FOUND);
    const input = await parseBody(c, ZInvoice);
    return c.json(await updateInvoice(scopeOf(c), id, input));
  })
  .delete("/:id", async (c) => {
    await deleteInvoice(scopeOf(c), idParam(c, "id", INVOICE_NOT_FOUND));
    return c.body(null, 204);
  });
