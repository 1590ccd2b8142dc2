import { ZPevoProfile } from "@pevo/shared";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { dayQuery, idParam, parseBody } from "../../http/errors";
import { pevoIdOf } from "../../http/pevo";
import { requirePevo, scopeOf } from "../../http/session";
import { todayIso } from "../../lib/dates";
import {
  getPortalDashboard,
  getPortalDispatch,
  getPortalProfile,
  listPortalDispatches,
  PORTAL_DISPATCH_NOT_FOUND,
  updatePortalProfile,
} from "./service";

/** /api/portal/*: PEVO users only, and only their own things. */
export const portalRoutes = new Hono<AppEnv>()
  .use(requirePevo)
  .get("/dashboard", async (c) => {
    const today = dayQuery(c, "today", todayIso());
    return c.json(await getPortalDashboard(scopeOf(c), await pevoIdOf(c), today));
  })
  .get("/dispatches", async (c) => c.json(await listPortalDispatches(scopeOf(c), await pevoIdOf(c))))
  .get("/dispatches/:id", async (c) =>
    c.json(
      await getPortalDispatch(scopeOf(c), await pevoIdOf(c), idParam(c, "id", PORTAL_DISPATCH_NOT_FOUND)),
    ),
  )
  .get("/profile", async (c) => c.json(await getPortalProfile(scopeOf(c), await pevoIdOf(c))))
  .put("/profile", async (c) => {
    const input = await parseBody(c, ZPevoProfile);
    return c.json(await updatePortalProfile(scopeOf(c), await pevoIdOf(c), input));
  });
