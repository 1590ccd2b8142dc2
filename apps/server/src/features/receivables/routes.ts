import { ZReceivablesParams, ZReceivablesResponse } from "@pevo/shared";
import { createRoute, createRouter, errors, json, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";
import { listReceivables } from "./service";

const tags = ["Receivables"];
const router = createRouter();
router.use(requireAdmin);

export const receivablesRoutes = router.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    summary:
      "Open balance per client with aging buckets (current, 1–30, 31–60, 61–90, over 90 days past due) and the totals",
    request: { query: ZReceivablesParams },
    responses: {
      200: json(named("ReceivablesPage", ZReceivablesResponse), "One page of clients and the totals"),
      ...errors(400, 401, 403),
    },
  }),
  async (c) => c.json(await listReceivables(scopeOf(c), c.req.valid("query")), 200),
);
