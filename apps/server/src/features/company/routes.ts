import { ZCompanySettings, ZInviteAdmin } from "@pevo/shared";
import { Hono } from "hono";
import { INVITE_REDIRECT } from "../../auth";
import type { AppEnv } from "../../http/context";
import { parseBody } from "../../http/errors";
import { requireAdmin, scopeOf } from "../../http/session";
import { createTeamAdmin, getCompanySettings, listTeam, updateCompanySettings } from "./service";

/** /api/company: the company profile, invoice defaults and team (admins only). */
export const companyRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await getCompanySettings(scopeOf(c))))
  .put("/", async (c) => {
    const input = await parseBody(c, ZCompanySettings);
    return c.json(await updateCompanySettings(scopeOf(c), input));
  })
  .get("/team", async (c) => c.json(await listTeam(scopeOf(c))))
  .post("/team", async (c) => {
    const input = await parseBody(c, ZInviteAdmin);
    const created = await createTeamAdmin(scopeOf(c), input);
    await c.get("deps").auth.api.requestPasswordReset({
      body: { email: created.email, redirectTo: INVITE_REDIRECT },
      headers: c.req.raw.headers,
    });
    return c.json(created, 201);
  });
