import { ZPevo } from "@pevo/shared";
import { Hono } from "hono";
import { INVITE_REDIRECT } from "../../auth";
import type { AppEnv } from "../../http/context";
import { idParam, parseBody } from "../../http/errors";
import { requireAdmin, scopeOf } from "../../http/session";
import {
  createPevo,
  deletePevo,
  getPevo,
  listActivePevos,
  listPevos,
  PEVO_NOT_FOUND,
  updatePevo,
} from "./service";

export const pevoRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await listPevos(scopeOf(c))))
  .get("/active", async (c) => c.json(await listActivePevos(scopeOf(c))))
  .post("/", async (c) => {
    const input = await parseBody(c, ZPevo);
    const scope = scopeOf(c);
    const created = await createPevo(scope, input);
    let invitationSent = false;
    if (created.invite && created.email) {
      // The invitation is a password-set link: the same mechanism as "Forgot password?". The PEVO is
      // saved either way; a mail failure is reported, not turned into a failed save.
      try {
        await c.get("deps").auth.api.requestPasswordReset({
          body: { email: created.email, redirectTo: INVITE_REDIRECT },
          headers: c.req.raw.headers,
        });
        invitationSent = true;
      } catch (error) {
        console.error("Could not send the PEVO invitation", error);
      }
    }
    return c.json({ ...(await getPevo(scope, created.id)), invitationSent }, 201);
  })
  .get("/:id", async (c) => c.json(await getPevo(scopeOf(c), idParam(c, "id", PEVO_NOT_FOUND))))
  .put("/:id", async (c) => {
    const id = idParam(c, "id", PEVO_NOT_FOUND);
    const input = await parseBody(c, ZPevo);
    return c.json(await updatePevo(scopeOf(c), id, input));
  })
  .delete("/:id", async (c) => {
    await deletePevo(scopeOf(c), idParam(c, "id", PEVO_NOT_FOUND));
    return c.body(null, 204);
  });
