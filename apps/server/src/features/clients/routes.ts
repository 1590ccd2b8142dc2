import { ZClient } from "@pevo/shared";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { idParam, parseBody } from "../../http/errors";
import { requireAdmin, scopeOf } from "../../http/session";
import {
  CLIENT_NOT_FOUND,
  createClient,
  deleteClient,
  getClient,
  listClients,
  updateClient,
} from "./service";

export const clientRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await listClients(scopeOf(c))))
  .post("/", async (c) => {
    const input = await parseBody(c, ZClient);
    return c.json(await createClient(scopeOf(c), input), 201);
  })
  .get("/:id", async (c) => c.json(await getClient(scopeOf(c), idParam(c, "id", CLIENT_NOT_FOUND))))
  .put("/:id", async (c) => {
    const id = idParam(c, "id", CLIENT_NOT_FOUND);
    const input = await parseBody(c, ZClient);
    return c.json(await updateClient(scopeOf(c), id, input));
  })
  .delete("/:id", async (c) => {
    await deleteClient(scopeOf(c), idParam(c, "id", CLIENT_NOT_FOUND));
    return c.body(null, 204);
  });
