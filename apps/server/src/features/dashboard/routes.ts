import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { dayQuery } from "../../http/errors";
import { requireAdmin, scopeOf } from "../../http/session";
import { todayIso } from "../../lib/dates";
import { getDashboard } from "./service";

export const dashboardRoutes = new Hono<AppEnv>().use(requireAdmin).get("/", async (c) => {
  return c.json(await getDashboard(scopeOf(c), dayQuery(c, "today", todayIso())));
});
