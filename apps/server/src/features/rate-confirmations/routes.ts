import {
  offsetPage,
  ZNextJobNumberResponse,
  ZRateConfirmation,
  ZRateConfirmationListItem,
  ZRateConfirmationListQuery,
  ZRateConfirmationResponse,
} from "@pevo/shared";
import { z } from "zod";
import {
  createRateConfirmation,
  deleteRateConfirmation,
  duplicateRateConfirmation,
  getRateConfirmation,
  listRateConfirmations,
  nextJobNumber,
  RC_NOT_FOUND,
  setRateConfirmationCanceled,
  updateRateConfirmation,
} from "../../domain/rate-confirmations";
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

const tags = ["Rate confirmations"];
const params = idParams(RC_NOT_FOUND);
const RateConfirmation = named("RateConfirmation", ZRateConfirmationResponse);
const RateConfirmationListItem = named("RateConfirmationListItem", ZRateConfirmationListItem);
const byId = byIdRoutes({
  tags,
  params,
  response: RateConfirmation,
  body: ZRateConfirmation,
  noun: "rate confirmation",
  summaries: {
    get: "A rate confirmation with its rates and positions",
    put: "Update a rate confirmation (a signed one needs a new signature)",
    delete: "Delete it with its rates and positions; refused while dispatches refer to it",
  },
  conflicts: { put: true, delete: true },
});

const router = createRouter();
router.use(requireAdmin);

export const rateConfirmationRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "List the company's rate confirmations",
      request: { query: ZRateConfirmationListQuery },
      responses: {
        200: json(offsetPage(RateConfirmationListItem), "A page of them, sorted and filtered"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listRateConfirmations(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/next-job-number",
      tags,
      summary: "The next free job number of a day (RC-YYYYMMDD-###)",
      request: { query: z.object({ date: dayQueryParam("date").describe("The day; today by default") }) },
      responses: { 200: json(ZNextJobNumberResponse, "The job number"), ...errors(400, 401, 403) },
    }),
    async (c) =>
      c.json({ jobNumber: await nextJobNumber(scopeOf(c), c.req.valid("query").date ?? todayIso()) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary: "Create a rate confirmation with its rates and positions",
      request: { body: jsonBody(ZRateConfirmation) },
      responses: {
        201: json(RateConfirmation, "The new rate confirmation"),
        ...errors(400, 401, 403, 409),
      },
    }),
    async (c) => c.json(await createRateConfirmation(scopeOf(c), c.req.valid("json")), 201),
  )
  .openapi(byId.get, async (c) => c.json(await getRateConfirmation(scopeOf(c), c.req.valid("param").id), 200))
  .openapi(byId.put, async (c) =>
    c.json(
      await updateRateConfirmation(scopeOf(c), { id: c.req.valid("param").id, input: c.req.valid("json") }),
      200,
    ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/cancel",
      tags,
      summary: "Cancel it: kept for history, left out of the dispatch picker and the counts",
      request: { params },
      responses: { 200: json(RateConfirmation, "The canceled rate confirmation"), ...errors(401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await setRateConfirmationCanceled(scopeOf(c), { id: c.req.valid("param").id, canceled: true }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/restore",
      tags,
      summary: "Restore a canceled rate confirmation",
      request: { params },
      responses: { 200: json(RateConfirmation, "The restored rate confirmation"), ...errors(401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await setRateConfirmationCanceled(scopeOf(c), { id: c.req.valid("param").id, canceled: false }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/duplicate",
      tags,
      summary: "A new draft copied from it, with today's next job number and no PEVO assigned",
      request: { params },
      responses: {
        201: json(RateConfirmation, "The new rate confirmation"),
        ...errors(401, 403, 404, 409),
      },
    }),
    async (c) => c.json(await duplicateRateConfirmation(scopeOf(c), { id: c.req.valid("param").id }), 201),
  )
  .openapi(byId.delete, async (c) => {
    await deleteRateConfirmation(scopeOf(c), { id: c.req.valid("param").id });
    return c.body(null, 204);
  });
