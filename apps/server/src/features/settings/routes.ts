import { ZMySettingsResponse, ZUserSettings } from "@pevo/shared";
import { getMySettings, updateMySettings } from "../../domain/company";
import { createRoute, createRouter, errors, json, jsonBody } from "../../http/openapi";
import { requireUser, scopeOf } from "../../http/session";

const tags = ["Settings"];

const router = createRouter();
router.use(requireUser);

/** /api/me/settings: every signed-in user's own preferences (PEVO toggles, dark mode). */
export const mySettingsRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "My preferences",
      responses: { 200: json(ZMySettingsResponse, "My account and preferences"), ...errors(401) },
    }),
    async (c) => c.json(await getMySettings(scopeOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/",
      tags,
      summary: "Save my preferences",
      request: { body: jsonBody(ZUserSettings) },
      responses: { 200: json(ZMySettingsResponse, "My account and preferences"), ...errors(400, 401) },
    }),
    async (c) => c.json(await updateMySettings(scopeOf(c), c.req.valid("json")), 200),
  );
