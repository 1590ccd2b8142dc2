import {
  offsetPage,
  ZBillJob,
  ZBillJobClient,
  ZBillJobClientsParams,
  ZBillJobsInvoice,
  ZBillJobsParams,
  ZInvoiceResponse,
} from "@pevo/shared";
import { createInvoiceFromJobs, listBillJobClients, listBillJobs } from "../../domain/invoices";
import { createRoute, createRouter, errors, json, jsonBody, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const tags = ["Invoices"];
const router = createRouter();
router.use(requireAdmin);

/** Mounted at /api/invoices before the invoice routes (their /{id} would take "bill-jobs"). */
export const billJobsRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/bill-jobs/clients",
      tags,
      summary:
        "The clients with completed jobs no live invoice bills, by name, with how many and their first and last pickup (a period and a client narrow it)",
      request: { query: ZBillJobClientsParams },
      responses: {
        200: json(named("BillJobClientPage", offsetPage(named("BillJobClient", ZBillJobClient))), "One page"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listBillJobClients(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/bill-jobs",
      tags,
      summary:
        "One client's completed jobs no live invoice bills, oldest first, each with what its suggested lines add up to",
      request: { query: ZBillJobsParams },
      responses: {
        200: json(named("BillJobPage", offsetPage(named("BillJob", ZBillJob))), "One page"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listBillJobs(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/bill-jobs",
      tags,
      summary:
        "A draft invoice for a choice of one client's completed jobs, from their suggested lines: grouped by job when there are several (a consolidated invoice); 409 naming the job that is not completed, of another client or already invoiced; 404 for an unknown job",
      request: { body: jsonBody(ZBillJobsInvoice) },
      responses: {
        201: json(named("Invoice", ZInvoiceResponse), "The new draft invoice"),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) => c.json(await createInvoiceFromJobs(scopeOf(c), c.req.valid("json")), 201),
  );
