import {
  cursorPage,
  offsetPage,
  ZDispatchTripLogListQuery,
  ZPortalTripLogListQuery,
  ZTripLog,
  ZTripLogResponse,
  ZTripLogTotals,
} from "@pevo/shared";
import { z } from "zod";
import {
  createTripLog,
  deleteTripLog,
  getPevoTripLog,
  listDispatchTripLogs,
  listPevoTripLogs,
  TRIP_NOT_FOUND,
  updateTripLog,
} from "../../domain/trip-logs";
import {
  createRoute,
  createRouter,
  errors,
  idempotencyHeaders,
  idParams,
  json,
  jsonBody,
  named,
  noContent,
  revisionHeaders,
  revisionOf,
  uuidParam,
} from "../../http/openapi";
import { pevoIdOf } from "../../http/pevo";
import { requireAdmin, requirePevo, scopeOf } from "../../http/session";

const TripLog = named("TripLog", ZTripLogResponse);

const dispatchRouter = createRouter();
dispatchRouter.use(requireAdmin);

/** The office reads a dispatch's trip log (mounted under /api/dispatches/:dispatchId). */
export const dispatchTripLogRoutes = dispatchRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["Dispatches"],
    summary: "The trip log entries of a dispatch (offset pages, latest trip first by default)",
    request: {
      params: z.object({ dispatchId: uuidParam("Dispatch not found") }),
      query: ZDispatchTripLogListQuery,
    },
    responses: {
      200: json(
        offsetPage(TripLog).extend({ totals: ZTripLogTotals }),
        "A page of the trip log entries, and the totals of all of them",
      ),
      ...errors(400, 401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      await listDispatchTripLogs(scopeOf(c), c.req.valid("param").dispatchId, c.req.valid("query")),
      200,
    ),
);

const tags = ["Portal"];
const params = idParams(TRIP_NOT_FOUND);

const portalRouter = createRouter();
portalRouter.use(requirePevo);

/** A PEVO's own trip log (mounted at /api/portal/trip-logs). */
export const portalTripLogRoutes = portalRouter
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "My trip log, newest trip first (keyset pages)",
      description:
        "Each entry's paySettled says whether its job's pay is in an approved or paid settlement: such an entry is locked (its edit and delete answer 409), so the portal offers neither.",
      request: { query: ZPortalTripLogListQuery },
      responses: {
        200: json(cursorPage(TripLog), "A page of my trip log entries"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listPevoTripLogs(scopeOf(c), await pevoIdOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary: "Log a trip",
      request: { headers: idempotencyHeaders, body: jsonBody(ZTripLog) },
      responses: {
        201: json(TripLog, "The new entry (or the one kept for the key)"),
        ...errors(400, 401, 403, 409),
      },
    }),
    async (c) =>
      c.json(
        await createTripLog(scopeOf(c), {
          pevoId: await pevoIdOf(c),
          input: c.req.valid("json"),
          clientId: c.req.valid("header")["idempotency-key"],
        }),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      tags,
      summary: "One of my trip log entries",
      request: { params },
      responses: { 200: json(TripLog, "The entry"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await getPevoTripLog(scopeOf(c), await pevoIdOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{id}",
      tags,
      summary: "Update one of my trip log entries",
      description:
        "409 when the entry was changed meanwhile (If-Match names another revision), or when its job's pay is in an approved or paid settlement (the entry is locked: the office corrects the pay with an adjustment).",
      request: { params, headers: revisionHeaders, body: jsonBody(ZTripLog) },
      responses: {
        200: json(TripLog, "The updated entry (or the entry as this key's edit left it)"),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const headers = c.req.valid("header");
      return c.json(
        await updateTripLog(scopeOf(c), {
          pevoId: await pevoIdOf(c),
          id: c.req.valid("param").id,
          input: c.req.valid("json"),
          clientId: headers["idempotency-key"],
          ifRevision: revisionOf(headers["if-match"]),
        }),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      tags,
      summary: "Delete one of my trip log entries",
      description:
        "Idempotent (ADR 0014): deleting an entry I already deleted (a delete queued offline and sent again, or made on another device first) answers 204 again and changes nothing. Another PEVO's entry, deleted or not, is 404. An entry of a job whose pay is in an approved or paid settlement is locked: 409, the entry kept.",
      request: { params },
      responses: { ...noContent, ...errors(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteTripLog(scopeOf(c), { pevoId: await pevoIdOf(c), id: c.req.valid("param").id });
      return c.body(null, 204);
    },
  );
