import {
  offsetPage,
  ZCompanySettings,
  ZCompanySettingsResponse,
  ZInviteAdmin,
  ZTeamAdminCreatedResponse,
  ZTeamListQuery,
  ZTeamMemberResponse,
} from "@pevo/shared";
import { z } from "zod";
import { INVITE_REDIRECT } from "../../auth";
import {
  createTeamAdmin,
  getCompanySettings,
  listTeam,
  removeTeamMember,
  TEAM_MEMBER_NOT_FOUND,
  updateCompanySettings,
} from "../../domain/company";
import { createRoute, createRouter, errors, json, jsonBody, noContent } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const tags = ["Company"];

const router = createRouter();
router.use(requireAdmin);

/** /api/company: the company profile, invoice defaults and team (admins only). */
export const companyRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "The company profile and invoice defaults",
      responses: { 200: json(ZCompanySettingsResponse, "The company settings"), ...errors(401, 403) },
    }),
    async (c) => c.json(await getCompanySettings(scopeOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/",
      tags,
      summary: "Update the company profile and invoice defaults",
      request: { body: jsonBody(ZCompanySettings) },
      responses: { 200: json(ZCompanySettingsResponse, "The updated settings"), ...errors(400, 401, 403) },
    }),
    async (c) => c.json(await updateCompanySettings(scopeOf(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/team",
      tags,
      summary: "A page of the company's admins: sorted, searched by name or email",
      request: { query: ZTeamListQuery },
      responses: {
        200: json(offsetPage(ZTeamMemberResponse), "A page of admins (oldest first unless sorted otherwise)"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listTeam(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/team",
      tags,
      summary: "Add an admin; they get an invitation to set a password",
      request: { body: jsonBody(ZInviteAdmin) },
      responses: { 201: json(ZTeamAdminCreatedResponse, "The new admin"), ...errors(400, 401, 403, 409) },
    }),
    async (c) => {
      const created = await createTeamAdmin(scopeOf(c), c.req.valid("json"));
      await c.get("deps").auth.api.requestPasswordReset({
        body: { email: created.email, redirectTo: INVITE_REDIRECT },
        headers: c.req.raw.headers,
      });
      return c.json(created, 201);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/team/{userId}",
      tags,
      summary: "Remove an admin: their login is deleted and their sessions end at once (not the last admin)",
      request: {
        params: z.object({
          userId: z
            .string()
            .min(1, { message: TEAM_MEMBER_NOT_FOUND })
            .max(100, { message: TEAM_MEMBER_NOT_FOUND }),
        }),
      },
      responses: { ...noContent, ...errors(401, 403, 404, 409) },
    }),
    async (c) => {
      await removeTeamMember(scopeOf(c), { userId: c.req.valid("param").userId });
      return c.body(null, 204);
    },
  );
