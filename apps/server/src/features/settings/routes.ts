import { ZUserSettings } from "@pevo/shared";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { parseBody } from "../../http/errors";
import { requireUser, scopeOf } from "../../http/session";
import { getMySettings, updateMySettings } from "./service";

/** /api/me/settings: every signed-in user's own preferences (PEVO toggles, dark mode). */
export const mySettingsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await getMySettings(scopeOf(c))))
  .put("/", async (c) => {
    const input = await parseBody(c, ZUserSettings);
    return c.json(await updateMySettings(scopeOf(c), input));
  });
