import { ZDispatch } from "@pevo/shared";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { idParam, parseBody } from "../../http/errors";
import { requireAdmin, scopeOf } from "../../http/session";
import {
  createDispatch,
  DISPATCH_NOT_FOUND,
  deleteDispatch,
  getDispatch,
  listDispatches,
  updateDispatch,
} from "./service";

export const dispatchRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await listDispatches(scopeOf(c))))
  .post("/", async (c) => {
    const input = await parseBody(c, ZDispatch);
    return c.json(await createDispatch(scopeOf(c), c.get("deps"), input), 201);
  })
  .get("/:id", async (c) => c.json(await getDispatch(scopeOf(c), idParam(c, "id", DISPATCH_NOT_FOUND))))
  .put("/:id", async (c) => {
    const id = idParam(c, "id", DISPATCH_NOT_FOUND);
    const input = await parseBody(c, ZDispatch);
    return c.json(await updateDispatch(scopeOf(c), c.get("deps"), id, input));
  })
  .delete("/:id", async (c) => {
    await deleteDispatch(scopeOf(c), idParam(c, "id", DISPATCH_NOT_FOUND));
    return c.body(null, 204);
  });
