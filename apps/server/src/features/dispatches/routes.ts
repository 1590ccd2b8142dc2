import {
  offsetPage,
  ZBookingConflictError,
  ZDispatch,
  ZDispatchBatch,
  ZDispatchBatchResponse,
  ZDispatchFilters,
  ZDispatchListItem,
  ZDispatchListQuery,
  ZDispatchResponse,
} from "@pevo/shared";
import { z } from "zod";
import {
  createDispatch,
  createDispatchBatch,
  DISPATCH_CSV_HEADER,
  DISPATCH_NOT_FOUND,
  deleteDispatch,
  dispatchCsvRows,
  getDispatch,
  listDispatches,
  updateDispatch,
} from "../../domain/dispatches";
import { csvResponse } from "../../http/csv";
import {
  byIdRoutes,
  createRoute,
  createRouter,
  errors,
  idParams,
  json,
  jsonBody,
  named,
} from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";
import { todayIso } from "../../lib/dates";

const tags = ["Dispatches"];
const params = idParams(DISPATCH_NOT_FOUND);
const Dispatch = named("Dispatch", ZDispatchResponse);
const DispatchPage = named("DispatchPage", offsetPage(named("DispatchListItem", ZDispatchListItem)));

/** 409: the PEVO is already booked on these dates; resend with allowConflict: true to save anyway. */
const doubleBooking = {
  409: json(named("BookingConflictError", ZBookingConflictError), "The PEVO is already booked then"),
};

const byId = byIdRoutes({
  tags,
  params,
  response: Dispatch,
  body: ZDispatch,
  noun: "dispatch",
  summaries: {
    get: "A dispatch with its rate confirmation",
    put: "Update a dispatch",
    delete: "Delete a dispatch without invoices or trip logs",
  },
  conflicts: { delete: true },
});

const router = createRouter();
router.use(requireAdmin);

export const dispatchRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "A page of the company's dispatches, filtered and sorted (default: latest pickup first)",
      request: { query: ZDispatchListQuery },
      responses: { 200: json(DispatchPage, "One page of the dispatches"), ...errors(400, 401, 403) },
    }),
    async (c) => c.json(await listDispatches(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/export.csv",
      tags,
      summary: "Every dispatch the filters match, in the list's order, as CSV (a download, not paged)",
      request: { query: ZDispatchFilters },
      responses: {
        200: {
          description: `The CSV, as an attachment named dispatches-YYYY-MM-DD.csv. Columns: ${DISPATCH_CSV_HEADER.join(", ")}`,
          content: { "text/csv": { schema: z.string() } },
        },
        ...errors(400, 401, 403),
      },
    }),
    (c) =>
      csvResponse(
        c,
        `dispatches-${todayIso()}.csv`,
        DISPATCH_CSV_HEADER,
        dispatchCsvRows(scopeOf(c), c.req.valid("query")),
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary: "Create a dispatch (the assigned PEVO gets a dispatch alert)",
      request: { body: jsonBody(ZDispatch) },
      responses: { 201: json(Dispatch, "The new dispatch"), ...errors(400, 401, 403), ...doubleBooking },
    }),
    async (c) =>
      c.json(await createDispatch(scopeOf(c), { deps: c.get("deps"), dispatch: c.req.valid("json") }), 201),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/batch",
      tags,
      summary: "Create one dispatch per position of a rate confirmation, in one transaction",
      request: { body: jsonBody(ZDispatchBatch) },
      responses: {
        201: json(named("DispatchBatch", ZDispatchBatchResponse), "The new dispatches' ids"),
        ...errors(400, 401, 403),
        ...doubleBooking,
      },
    }),
    async (c) =>
      c.json(await createDispatchBatch(scopeOf(c), { deps: c.get("deps"), batch: c.req.valid("json") }), 201),
  )
  .openapi(byId.get, async (c) => c.json(await getDispatch(scopeOf(c), c.req.valid("param").id), 200))
  .openapi(
    // Its 409 is the double booking's (a BookingConflictError), not the API error.
    { ...byId.put, responses: { ...byId.put.responses, ...doubleBooking } },
    async (c) =>
      c.json(
        await updateDispatch(scopeOf(c), {
          deps: c.get("deps"),
          id: c.req.valid("param").id,
          dispatch: c.req.valid("json"),
        }),
        200,
      ),
  )
  .openapi(byId.delete, async (c) => {
    await deleteDispatch(scopeOf(c), { id: c.req.valid("param").id });
    return c.body(null, 204);
  });
