import {
  ZDeclineDispatch,
  ZDispatchLifecycle,
  ZDispatchResponsePage,
  ZDispatchStep,
  ZPortalDispatchLifecycle,
} from "@pevo/shared";
import {
  acceptByToken,
  acceptJob,
  declineByToken,
  declineJob,
  getDispatchTimeline,
  getPortalLifecycle,
  JOB_NOT_FOUND,
  openResponsePage,
  RESPONSE_LINK_MESSAGES,
  recordStep,
} from "../../domain/dispatches";
import {
  createRoute,
  createRouter,
  errors,
  idempotencyHeaders,
  idParams,
  json,
  jsonBody,
  named,
  noContent,
} from "../../http/openapi";
import { pevoIdOf } from "../../http/pevo";
import { publicLinkRouter, tokenParams } from "../../http/public-link-routes";
import { requireAdmin, requirePevo, scopeOf } from "../../http/session";

const params = idParams(JOB_NOT_FOUND);
const Lifecycle = named("DispatchLifecycle", ZDispatchLifecycle);
const PortalLifecycle = named("PortalDispatchLifecycle", ZPortalDispatchLifecycle);
const ResponsePage = named("DispatchResponsePage", ZDispatchResponsePage);

/** GET /api/dispatches/{id}/timeline: the office's view of the job on the road. */
const office = createRouter();
office.use(requireAdmin);
export const dispatchTimelineRoutes = office.openapi(
  createRoute({
    method: "get",
    path: "/{id}/timeline",
    tags: ["Dispatches"],
    summary: "The dispatch's timeline: assignment, the PEVO's answer and every step from the road",
    request: { params },
    responses: { 200: json(Lifecycle, "The timeline, oldest first"), ...errors(401, 403, 404) },
  }),
  async (c) => c.json(await getDispatchTimeline(scopeOf(c), c.req.valid("param").id), 200),
);

/** /api/portal/dispatches/{id}/...: the assigned PEVO answers and moves their job. */
const portal = createRouter();
portal.use(requirePevo);
const tags = ["Portal"];
export const portalLifecycleRoutes = portal
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/lifecycle",
      tags,
      summary: "My job's stage, next step and timeline",
      request: { params },
      responses: { 200: json(PortalLifecycle, "The lifecycle"), ...errors(401, 403, 404) },
    }),
    async (c) =>
      c.json(await getPortalLifecycle(scopeOf(c), await pevoIdOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/accept",
      tags,
      summary: "Accept my job (the dispatch becomes dispatched)",
      request: { params, headers: idempotencyHeaders },
      responses: { 200: json(PortalLifecycle, "Accepted"), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await acceptJob(scopeOf(c), {
          pevoId: await pevoIdOf(c),
          id: c.req.valid("param").id,
          clientId: c.req.valid("header")["idempotency-key"],
        }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/decline",
      tags,
      summary: "Decline my job, with a reason: I am taken off it, it is pending again, the office is told",
      request: { params, body: jsonBody(ZDeclineDispatch) },
      responses: { ...noContent, ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      await declineJob(scopeOf(c), {
        deps: c.get("deps"),
        pevoId: await pevoIdOf(c),
        id: c.req.valid("param").id,
        reason: c.req.valid("json").reason,
      });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/steps",
      tags,
      summary: "The next step of my job (forward only), or a problem report with a note",
      request: { params, headers: idempotencyHeaders, body: jsonBody(ZDispatchStep) },
      responses: { 200: json(PortalLifecycle, "Recorded"), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await recordStep(scopeOf(c), {
          pevoId: await pevoIdOf(c),
          id: c.req.valid("param").id,
          step: c.req.valid("json"),
          clientId: c.req.valid("header")["idempotency-key"],
        }),
        200,
      ),
  );

const linkParams = tokenParams(RESPONSE_LINK_MESSAGES.unknown);
const publicTags = ["Public dispatch response"];

/**
 * /api/public/dispatch-response/{token}: the Accept / Decline link of an assignment mail. The token
 * opens that one assignment and nothing else; a reassignment or a decline voids it.
 */
export const publicDispatchResponseRoutes = publicLinkRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/{token}",
      tags: publicTags,
      security: [],
      summary: "The job a response link opens, and whether it was accepted already",
      request: { params: linkParams },
      responses: { 200: json(ResponsePage, "The job"), ...errors(404, 409, 429) },
    }),
    async (c) => c.json(await openResponsePage(c.get("deps").db, c.req.valid("param").token), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{token}/accept",
      tags: publicTags,
      security: [],
      summary: "Accept the job",
      request: { params: linkParams },
      responses: { 200: json(ResponsePage, "Accepted"), ...errors(404, 409, 429) },
    }),
    async (c) => c.json(await acceptByToken(c.get("deps").db, c.req.valid("param").token), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{token}/decline",
      tags: publicTags,
      security: [],
      summary: "Decline the job, with a reason (the link stops working)",
      request: { params: linkParams, body: jsonBody(ZDeclineDispatch) },
      responses: { ...noContent, ...errors(400, 404, 409, 429) },
    }),
    async (c) => {
      await declineByToken(c.get("deps"), c.req.valid("param").token, c.req.valid("json").reason);
      return c.body(null, 204);
    },
  );
