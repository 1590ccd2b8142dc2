import { ZDashboardResponse } from "@pevo/shared";
import { z } from "zod";
import { createRoute, createRouter, dayQueryParam, errors, json } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";
import { todayIso } from "../../lib/dates";
import { getDashboard } from "./service";

const router = createRouter();
router.use(requireAdmin);

export const dashboardRoutes = router.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["Dashboard"],
    summary: "The admin dashboard: counts, the coming week's jobs, recent activity",
    request: {
      query: z.object({
        today: dayQueryParam("today").describe("The caller's today; the server's by default"),
      }),
    },
    responses: { 200: json(ZDashboardResponse, "The dashboard"), ...errors(400, 401, 403) },
  }),
  async (c) => c.json(await getDashboard(scopeOf(c), c.req.valid("query").today ?? todayIso()), 200),
);
