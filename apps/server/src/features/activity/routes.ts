import { cursorPage, ZActivityItem, ZActivityQuery } from "@pevo/shared";
import { listActivity } from "../../domain/activity";
import { createRoute, createRouter, errors, json, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const ActivityItem = named("ActivityItem", ZActivityItem);

const router = createRouter();
router.use(requireAdmin);

export const activityRoutes = router.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["Activity"],
    summary: "The company's activity log, newest first (keyset pages: pass nextCursor back as cursor)",
    request: { query: ZActivityQuery },
    responses: { 200: json(cursorPage(ActivityItem), "A page of events"), ...errors(400, 401, 403) },
  }),
  async (c) => c.json(await listActivity(scopeOf(c), c.req.valid("query")), 200),
);
