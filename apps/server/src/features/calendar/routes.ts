import { isoDate } from "@pevo/shared";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context";
import { ApiError } from "../../http/errors";
import { requireAdmin, scopeOf } from "../../http/session";
import { addDaysIso } from "../../lib/dates";
import { getCalendar } from "./service";

const ZRange = z
  .object({
    from: isoDate("from must be a date (YYYY-MM-DD)"),
    to: isoDate("to must be a date (YYYY-MM-DD)"),
  })
  .refine((r) => r.from <= r.to && r.to <= addDaysIso(r.from, 62), {
    message: "Choose a range of at most 62 days, from before to",
    // Only with two valid dates: zod still runs this after a field's own check failed, and
    // addDaysIso throws on e.g. "2025-06-01T00:00:00Z" (a 500 instead of the field's 400).
    when: (payload) => payload.issues.length === 0,
  });

export const calendarRoutes = new Hono<AppEnv>().use(requireAdmin).get("/", async (c) => {
  const range = ZRange.safeParse({ from: c.req.query("from"), to: c.req.query("to") });
  if (!range.success) throw new ApiError(400, range.error.issues[0].message);
  return c.json(await getCalendar(scopeOf(c), range.data.from, range.data.to));
});
