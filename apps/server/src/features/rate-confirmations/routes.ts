import { ZRateConfirmation } from "@pevo/shared";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { dayQuery, idParam, parseBody } from "../../http/errors";
import { requireAdmin, scopeOf } from "../../http/session";
import { todayIso } from "../../lib/dates";
import {
  createRateConfirmation,
  getRateConfirmation,
  listRateConfirmations,
  nextJobNumber,
  RC_NOT_FOUND,
  updateRateConfirmation,
} from "./service";

export const rateConfirmationRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await listRateConfirmations(scopeOf(c), c.req.query("search"))))
  .get("/next-job-number", async (c) => {
    return c.json({ jobNumber: await nextJobNumber(scopeOf(c), dayQuery(c, "date", todayIso())) });
  })
  .post("/", async (c) => {
    const input = await parseBody(c, ZRateConfirmation);
    return c.json(await createRateConfirmation(scopeOf(c), input), 201);
  })
  .get("/:id", async (c) => c.json(await getRateConfirmation(scopeOf(c), idParam(c, "id", RC_NOT_FOUND))))
  .put("/:id", async (c) => {
    const id = idParam(c, "id", RC_NOT_FOUND);
    const input = await parseBody(c, ZRateConfirmation);
    return c.json(await updateRateConfirmation(scopeOf(c), id, input));
  });
