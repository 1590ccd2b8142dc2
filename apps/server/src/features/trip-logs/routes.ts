import { ZTripLog } from "@pevo/shared";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { idParam, parseBody } from "../../http/errors";
import { pevoIdOf } from "../../http/pevo";
import { requireAdmin, requirePevo, scopeOf } from "../../http/session";
import {
  createTripLog,
  deleteTripLog,
  getPevoTripLog,
  listDispatchTripLogs,
  listPevoTripLogs,
  TRIP_NOT_FOUND,
  updateTripLog,
} from "./service";

/** The office reads a dispatch's trip log (mounted under /api/dispatches/:dispatchId). */
export const dispatchTripLogRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) =>
    c.json(await listDispatchTripLogs(scopeOf(c), idParam(c, "dispatchId", "Dispatch not found"))),
  );

/** A PEVO's own trip log (mounted at /api/portal/trip-logs). */
export const portalTripLogRoutes = new Hono<AppEnv>()
  .use(requirePevo)
  .get("/", async (c) => c.json(await listPevoTripLogs(scopeOf(c), await pevoIdOf(c))))
  .post("/", async (c) => {
    const input = await parseBody(c, ZTripLog);
    return c.json(await createTripLog(scopeOf(c), await pevoIdOf(c), input), 201);
  })
  .get("/:id", async (c) =>
    c.json(await getPevoTripLog(scopeOf(c), await pevoIdOf(c), idParam(c, "id", TRIP_NOT_FOUND))),
  )
  .put("/:id", async (c) => {
    const id = idParam(c, "id", TRIP_NOT_FOUND);
    const input = await parseBody(c, ZTripLog);
    return c.json(await updateTripLog(scopeOf(c), await pevoIdOf(c), id, input));
  })
  .delete("/:id", async (c) => {
    await deleteTripLog(scopeOf(c), await pevoIdOf(c), idParam(c, "id", TRIP_NOT_FOUND));
    return c.body(null, 204);
  });
