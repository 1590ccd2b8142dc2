import { ZFactoringSettings, ZFactoringSettingsResponse } from "@pevo/shared";
import { getFactoringSettings, updateFactoringSettings } from "../../domain/company";
import { createRoute, createRouter, errors, json, jsonBody, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const tags = ["Company"];
const Factoring = named("FactoringSettings", ZFactoringSettingsResponse);

const router = createRouter();
router.use(requireAdmin);

/** /api/company/factoring: the company's factoring company (DECISIONS 'Quick pay and factoring'). */
export const factoringSettingsRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "The company's factoring company (name, email, remit-to address, notice of assignment)",
      responses: { 200: json(Factoring, "The factoring company; all null: none"), ...errors(401, 403) },
    }),
    async (c) => c.json(await getFactoringSettings(scopeOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/",
      tags,
      summary:
        "Set the factoring company (all empty: none). Invoices already factored keep the factor they were assigned to",
      request: { body: jsonBody(ZFactoringSettings) },
      responses: { 200: json(Factoring, "The factoring company"), ...errors(400, 401, 403) },
    }),
    async (c) => c.json(await updateFactoringSettings(scopeOf(c), c.req.valid("json")), 200),
  );
