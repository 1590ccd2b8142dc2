import { CALENDAR_MAX_DAYS, isoDate, ZCalendarResponse } from "@pevo/shared";
import { z } from "zod";
import { createRoute, createRouter, errors, json } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";
import { addDaysIso } from "../../lib/dates";
import { getCalendar } from "./service";

const ZRange = z
  .object({
    from: isoDate("from must be a date (YYYY-MM-DD)").meta({ format: "date", description: "First day" }),
    to: isoDate("to must be a date (YYYY-MM-DD)").meta({ format: "date", description: "Last day" }),
  })
  .refine((r) => r.from <= r.to && r.to <= addDaysIso(r.from, CALENDAR_MAX_DAYS), {
    message: `Choose a range of at most ${CALENDAR_MAX_DAYS} days, from before to`,
    // Only with two valid dates: zod still runs this after a field's own check failed, and
    // addDaysIso throws on e.g. "2025-06-01T00:00:00Z" (a 500 instead of the field's 400).
    when: (payload) => payload.issues.length === 0,
  });

const router = createRouter();
router.use(requireAdmin);

export const calendarRoutes = router.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["Calendar"],
    summary: "Pickups, rate confirmation spans and certification expiries between two days (at most 62)",
    request: { query: ZRange },
    responses: { 200: json(ZCalendarResponse, "The calendar's entries"), ...errors(400, 401, 403) },
  }),
  async (c) => {
    const { from, to } = c.req.valid("query");
    return c.json(await getCalendar(scopeOf(c), from, to), 200);
  },
);
