import {
  LOGO_LIMITS,
  offsetPage,
  ZCompanySettings,
  ZCompanySettingsResponse,
  ZInviteAdmin,
  ZLogoResponse,
  ZOnboarding,
  ZTeamAdminCreatedResponse,
  ZTeamListQuery,
  ZTeamMemberResponse,
} from "@pevo/shared";
import { z } from "zod";
import { inviteRedirect } from "../../auth";
import {
  checkLogo,
  createTeamAdmin,
  dismissChecklist,
  finishSetup,
  getCompanySettings,
  getOnboarding,
  listTeam,
  removeCompanyLogo,
  removeTeamMember,
  saveCompanyLogo,
  TEAM_MEMBER_NOT_FOUND,
  updateCompanySettings,
} from "../../domain/company";
import { readUpload } from "../../http/multipart";
import {
  createRoute,
  createRouter,
  errors,
  json,
  jsonBody,
  multipartBody,
  named,
  noContent,
} from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const tags = ["Company"];

const LogoUpload = named(
  "LogoUpload",
  z.object({
    file: z
      .string()
      .meta({ format: "binary" })
      .describe(
        `The logo: PNG, JPEG or SVG (checked from its content; an SVG is checked and stored as a PNG drawn from it), at most ${LOGO_LIMITS.maxBytes / (1024 * 1024)} MB and ${LOGO_LIMITS.maxSide} pixels a side`,
      ),
  }),
);

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
      path: "/onboarding",
      tags,
      summary: "The first-sign-in set-up and the Get started checklist (ticked from the company's data)",
      responses: {
        200: json(named("Onboarding", ZOnboarding), "Where the company's first steps stand"),
        ...errors(401, 403),
      },
    }),
    async (c) => c.json(await getOnboarding(scopeOf(c), c.get("deps").config.appUrl), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/onboarding/setup-done",
      tags,
      summary: "The first-sign-in set-up was finished or skipped: it is not shown again",
      responses: { ...noContent, ...errors(401, 403) },
    }),
    async (c) => {
      await finishSetup(scopeOf(c));
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/onboarding/dismiss-checklist",
      tags,
      summary: "Hide the Get started checklist for good",
      responses: { ...noContent, ...errors(401, 403) },
    }),
    async (c) => {
      await dismissChecklist(scopeOf(c));
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/logo",
      tags,
      summary: "Upload the company logo, printed on client PDFs and shown in client emails",
      request: { body: multipartBody(LogoUpload, "The logo image") },
      responses: { 200: json(ZLogoResponse, "The logo's new public address"), ...errors(400, 401, 403, 413) },
    }),
    async (c) => {
      const { file } = await readUpload(c, LOGO_LIMITS.maxBytes);
      const logo = await checkLogo(file.bytes);
      const { db, config } = c.get("deps");
      return c.json(await saveCompanyLogo(db, scopeOf(c), logo, config.appUrl), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/logo",
      tags,
      summary: "Remove the company logo",
      responses: { ...noContent, ...errors(401, 403) },
    }),
    async (c) => {
      await removeCompanyLogo(c.get("deps").db, scopeOf(c));
      return c.body(null, 204);
    },
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
        body: { email: created.email, redirectTo: inviteRedirect(created.email) },
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
