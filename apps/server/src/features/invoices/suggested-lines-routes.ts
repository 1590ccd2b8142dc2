import { ZSuggestedLinesQuery, ZSuggestedLinesResponse } from "@pevo/shared";
import { suggestedLines } from "../../domain/invoices";
import { createRoute, createRouter, errors, json, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const router = createRouter();
router.use(requireAdmin);

/** Mounted at /api/invoices before the invoice routes (their /{id} would take "suggested-lines"). */
export const invoiceSuggestionRoutes = router.openapi(
  createRoute({
    method: "get",
    path: "/suggested-lines",
    tags: ["Invoices"],
    summary:
      "Every billable item of a dispatch as suggested invoice lines with their kind: days or mileage, no-go, overnight, detention beyond the threshold, custom rates, and trip expenses at cost",
    request: { query: ZSuggestedLinesQuery },
    responses: {
      200: json(named("SuggestedLines", ZSuggestedLinesResponse), "The suggested lines, in invoice order"),
      ...errors(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await suggestedLines(scopeOf(c), c.req.valid("query").dispatchId), 200),
);
