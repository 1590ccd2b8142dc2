import {
  cursorPage,
  ZPevoProfile,
  ZPevoProfileResponse,
  ZPortalDashboardResponse,
  ZPortalDispatchListItem,
  ZPortalDispatchListQuery,
  ZPortalDispatchResponse,
} from "@pevo/shared";
import { z } from "zod";
import { getPortalDispatch, listPortalDispatches, PORTAL_DISPATCH_NOT_FOUND } from "../../domain/dispatches";
import { getOwnProfile, updateOwnProfile } from "../../domain/pevos";
import {
  createRoute,
  createRouter,
  dayQueryParam,
  errors,
  idParams,
  json,
  jsonBody,
  named,
} from "../../http/openapi";
import { pevoIdOf } from "../../http/pevo";
import { requirePevo, scopeOf } from "../../http/session";
import { todayIso } from "../../lib/dates";
import { getPortalDashboard } from "./service";

const tags = ["Portal"];
const PevoProfile = named("PevoProfile", ZPevoProfileResponse);
const PortalDispatchListItem = named("PortalDispatchListItem", ZPortalDispatchListItem);

const router = createRouter();
router.use(requirePevo);

/** /api/portal/*: PEVO users only, and only their own things. */
export const portalRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/dashboard",
      tags,
      summary: "My dashboard",
      request: {
        query: z.object({
          today: dayQueryParam("today").describe("The caller's today; the server's by default"),
        }),
      },
      responses: { 200: json(ZPortalDashboardResponse, "My figures"), ...errors(400, 401, 403) },
    }),
    async (c) => {
      const today = c.req.valid("query").today ?? todayIso();
      return c.json(await getPortalDashboard(scopeOf(c), await pevoIdOf(c), today), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/dispatches",
      tags,
      summary: "My dispatches: upcoming soonest first, past latest first (keyset pages)",
      request: { query: ZPortalDispatchListQuery },
      responses: {
        200: json(cursorPage(PortalDispatchListItem), "A page of my dispatches"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      return c.json(
        await listPortalDispatches(scopeOf(c), await pevoIdOf(c), query, query.today ?? todayIso()),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/dispatches/{id}",
      tags,
      summary: "One of my dispatches",
      request: { params: idParams(PORTAL_DISPATCH_NOT_FOUND) },
      responses: { 200: json(ZPortalDispatchResponse, "The dispatch"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await getPortalDispatch(scopeOf(c), await pevoIdOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/profile",
      tags,
      summary: "My profile",
      responses: { 200: json(PevoProfile, "My profile"), ...errors(401, 403) },
    }),
    async (c) => c.json(await getOwnProfile(scopeOf(c), await pevoIdOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/profile",
      tags,
      summary: "Update my profile (the email is changed by the office)",
      request: { body: jsonBody(ZPevoProfile) },
      responses: { 200: json(PevoProfile, "My updated profile"), ...errors(400, 401, 403) },
    }),
    async (c) =>
      c.json(
        await updateOwnProfile(scopeOf(c), { pevoId: await pevoIdOf(c), profile: c.req.valid("json") }),
        200,
      ),
  );
