/**
 * PEVO credentials. The office (admins): a PEVO's credentials under `/api/pevos/{id}/credentials`
 * (certifications and insurance: add, update, delete; the vehicle: save; review a PEVO's change) and
 * the company's expiring ones (`/api/credentials/expiring`) and the changes to review
 * (`/api/credentials/to-review`). The PEVO portal: their own under
 * `/api/portal/credentials`; every change there waits for the office's review.
 */
import {
  CREDENTIAL_KINDS,
  ZCertification,
  ZCertificationResponse,
  ZCredentialReview,
  ZCredentialsResponse,
  ZCredentialsToReview,
  ZExpiringCredentials,
  ZInsurance,
  ZInsuranceResponse,
  ZVehicle,
  ZVehicleResponse,
} from "@pevo/shared";
import type { Context } from "hono";
import { z } from "zod";
import { companyTimeZone } from "../../domain/company";
import {
  addCertification,
  addInsurance,
  CREDENTIAL_NOT_FOUND,
  type CredentialActor,
  deleteCredential,
  getCredentials,
  listCredentialsToReview,
  listExpiringCredentials,
  PEVO_NOT_FOUND,
  reviewCredential,
  reviewLicence,
  saveVehicle,
  updateCertification,
  updateInsurance,
} from "../../domain/credentials";
import type { AppEnv } from "../../http/context";
import {
  createRoute,
  createRouter,
  dayQueryParam,
  errors,
  json,
  jsonBody,
  named,
  noContent,
  uuidParam,
} from "../../http/openapi";
import { pevoIdOf } from "../../http/pevo";
import { requireAdmin, requirePevo, scopeOf } from "../../http/session";
import { zonedDate } from "../../lib/zoned-time";

const Credentials = named("PevoCredentials", ZCredentialsResponse);
const Certification = named("Certification", ZCertificationResponse);
const Insurance = named("Insurance", ZInsuranceResponse);
const Vehicle = named("Vehicle", ZVehicleResponse);

const pevoParams = z.object({ id: uuidParam(PEVO_NOT_FOUND) });
const itemParams = z.object({ id: uuidParam(PEVO_NOT_FOUND), itemId: uuidParam(CREDENTIAL_NOT_FOUND) });
const ownItemParams = z.object({ itemId: uuidParam(CREDENTIAL_NOT_FOUND) });
const reviewParams = itemParams.extend({
  kind: z
    .enum(CREDENTIAL_KINDS, { error: CREDENTIAL_NOT_FOUND })
    .describe("certifications, insurance or vehicle"),
});

const ADMIN: CredentialActor = { role: "admin" };
const officeTags = ["Credentials"];
const portalTags = ["Portal"];

/** Add, update and delete in one of a PEVO's lists (certifications or insurance), by the office. */
function officeListRoutes<
  const K extends "certifications" | "insurance",
  B extends z.ZodType,
  R extends z.ZodType,
>(
  kind: K,
  o: { body: B; response: R; described: string; summaries: { post: string; put: string; delete: string } },
) {
  const path = `/pevos/{id}/credentials/${kind}` as const;
  const item = `${path}/{itemId}` as const;
  const office = { tags: officeTags, middleware: [requireAdmin] };
  return {
    post: createRoute({
      method: "post",
      path,
      ...office,
      summary: o.summaries.post,
      request: { params: pevoParams, body: jsonBody(o.body) },
      responses: { 201: json(o.response, o.described), ...errors(400, 401, 403, 404) },
    }),
    put: createRoute({
      method: "put",
      path: item,
      ...office,
      summary: o.summaries.put,
      request: { params: itemParams, body: jsonBody(o.body) },
      responses: { 200: json(o.response, o.described), ...errors(400, 401, 403, 404) },
    }),
    delete: createRoute({
      method: "delete",
      path: item,
      ...office,
      summary: o.summaries.delete,
      request: { params: itemParams },
      responses: { ...noContent, ...errors(401, 403, 404) },
    }),
  };
}

const officeCertifications = officeListRoutes("certifications", {
  body: ZCertification,
  response: Certification,
  described: "The certification",
  summaries: {
    post: "Add a state certification to a PEVO",
    put: "Update a PEVO's certification",
    delete: "Delete a PEVO's certification (its document stays)",
  },
});
const officeInsurance = officeListRoutes("insurance", {
  body: ZInsurance,
  response: Insurance,
  described: "The policy",
  summaries: {
    post: "Add an insurance policy to a PEVO",
    put: "Update a PEVO's insurance policy",
    delete: "Delete a PEVO's insurance policy (its document stays)",
  },
});

const office = createRouter();

/** The office's credential routes (mounted at /api). */
export const officeCredentialRoutes = office
  .openapi(
    createRoute({
      method: "get",
      path: "/pevos/{id}/credentials",
      tags: officeTags,
      middleware: [requireAdmin],
      summary: "A PEVO's credentials: licence, certifications, insurance, vehicle and equipment",
      request: { params: pevoParams },
      responses: { 200: json(Credentials, "The credentials"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await getCredentials(scopeOf(c), c.req.valid("param").id, ADMIN), 200),
  )
  .openapi(officeCertifications.post, async (c) => {
    const pevoId = c.req.valid("param").id;
    return c.json(
      await addCertification(scopeOf(c), { pevoId, actor: ADMIN, data: c.req.valid("json") }),
      201,
    );
  })
  .openapi(officeCertifications.put, async (c) => {
    const { id: pevoId, itemId: id } = c.req.valid("param");
    const data = c.req.valid("json");
    return c.json(await updateCertification(scopeOf(c), { pevoId, id, actor: ADMIN, data }), 200);
  })
  .openapi(officeCertifications.delete, async (c) => {
    const { id: pevoId, itemId: id } = c.req.valid("param");
    await deleteCredential(scopeOf(c), { pevoId, kind: "certifications", id, actor: ADMIN });
    return c.body(null, 204);
  })
  .openapi(officeInsurance.post, async (c) => {
    const pevoId = c.req.valid("param").id;
    return c.json(await addInsurance(scopeOf(c), { pevoId, actor: ADMIN, data: c.req.valid("json") }), 201);
  })
  .openapi(officeInsurance.put, async (c) => {
    const { id: pevoId, itemId: id } = c.req.valid("param");
    const data = c.req.valid("json");
    return c.json(await updateInsurance(scopeOf(c), { pevoId, id, actor: ADMIN, data }), 200);
  })
  .openapi(officeInsurance.delete, async (c) => {
    const { id: pevoId, itemId: id } = c.req.valid("param");
    await deleteCredential(scopeOf(c), { pevoId, kind: "insurance", id, actor: ADMIN });
    return c.body(null, 204);
  })
  .openapi(
    createRoute({
      method: "put",
      path: "/pevos/{id}/credentials/vehicle",
      tags: officeTags,
      middleware: [requireAdmin],
      summary: "Save a PEVO's vehicle and equipment checklist",
      request: { params: pevoParams, body: jsonBody(ZVehicle) },
      responses: { 200: json(Vehicle, "The vehicle"), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await saveVehicle(scopeOf(c), {
          pevoId: c.req.valid("param").id,
          actor: ADMIN,
          data: c.req.valid("json"),
        }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pevos/{id}/credentials/{kind}/{itemId}/review",
      tags: officeTags,
      middleware: [requireAdmin],
      summary: "Approve or reject (with a note) a PEVO's credential",
      request: { params: reviewParams, body: jsonBody(ZCredentialReview) },
      responses: {
        200: json(Credentials, "The PEVO's credentials after the review"),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { id, kind, itemId } = c.req.valid("param");
      const review = c.req.valid("json");
      return c.json(await reviewCredential(scopeOf(c), { pevoId: id, kind, id: itemId, ...review }), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pevos/{id}/credentials/licence/review",
      tags: officeTags,
      middleware: [requireAdmin],
      summary: "Approve or reject (with a note) a PEVO's driver's licence (number and expiry)",
      request: { params: pevoParams, body: jsonBody(ZCredentialReview) },
      responses: {
        200: json(Credentials, "The PEVO's credentials after the review"),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) =>
      c.json(
        await reviewLicence(scopeOf(c), { pevoId: c.req.valid("param").id, ...c.req.valid("json") }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/credentials/expiring",
      tags: officeTags,
      middleware: [requireAdmin],
      summary:
        "Credentials of active PEVOs expired or expiring within 30 days (licences, certifications, insurance), soonest first",
      request: {
        query: z.object({
          today: dayQueryParam("today").describe("Today; the company time zone's by default"),
        }),
      },
      responses: {
        200: json(named("ExpiringCredentials", ZExpiringCredentials), "The list"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const today = c.req.valid("query").today ?? zonedDate(await companyTimeZone(scope.db, scope));
      return c.json({ items: await listExpiringCredentials(scope, today) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/credentials/to-review",
      tags: officeTags,
      middleware: [requireAdmin],
      summary:
        "The PEVOs' credential changes waiting for the office's review (certifications, insurance, vehicles), oldest first",
      responses: {
        200: json(named("CredentialsToReview", ZCredentialsToReview), "The list"),
        ...errors(401, 403),
      },
    }),
    async (c) => c.json({ items: await listCredentialsToReview(scopeOf(c)) }, 200),
  );

const me = async (c: Context<AppEnv>) => {
  const pevoId = await pevoIdOf(c);
  const { mailer, config } = c.get("deps");
  return { pevoId, actor: { role: "pevo", pevoId, mail: { mailer, config } } as const };
};

/**
 * Add, update and delete in one of the PEVO's own lists (certifications or insurance): the two
 * lists take the same requests and give the same answers; every change waits for the office's review.
 */
function ownListRoutes<
  const K extends "certifications" | "insurance",
  B extends z.ZodType,
  R extends z.ZodType,
>(
  kind: K,
  o: { body: B; response: R; described: string; summaries: { post: string; put: string; delete: string } },
) {
  const path = `/credentials/${kind}` as const;
  const item = `${path}/{itemId}` as const;
  const own = { tags: portalTags, middleware: [requirePevo] };
  return {
    post: createRoute({
      method: "post",
      path,
      ...own,
      summary: o.summaries.post,
      request: { body: jsonBody(o.body) },
      responses: { 201: json(o.response, o.described), ...errors(400, 401, 403) },
    }),
    put: createRoute({
      method: "put",
      path: item,
      ...own,
      summary: o.summaries.put,
      request: { params: ownItemParams, body: jsonBody(o.body) },
      responses: { 200: json(o.response, o.described), ...errors(400, 401, 403, 404) },
    }),
    delete: createRoute({
      method: "delete",
      path: item,
      ...own,
      summary: o.summaries.delete,
      request: { params: ownItemParams },
      responses: { ...noContent, ...errors(401, 403, 404) },
    }),
  };
}

const ownCertifications = ownListRoutes("certifications", {
  body: ZCertification,
  response: Certification,
  described: "The certification",
  summaries: {
    post: "Add a certification (pending the office's review)",
    put: "Update one of my certifications (pending the office's review)",
    delete: "Delete one of my certifications",
  },
});
const ownInsurance = ownListRoutes("insurance", {
  body: ZInsurance,
  response: Insurance,
  described: "The policy",
  summaries: {
    post: "Add an insurance policy (pending the office's review)",
    put: "Update one of my insurance policies (pending the office's review)",
    delete: "Delete one of my insurance policies",
  },
});

const portal = createRouter();

/** The PEVO's own credentials (mounted at /api/portal): every change waits for review. */
export const portalCredentialRoutes = portal
  .openapi(
    createRoute({
      method: "get",
      path: "/credentials",
      tags: portalTags,
      middleware: [requirePevo],
      summary: "My credentials",
      responses: { 200: json(Credentials, "My credentials"), ...errors(401, 403) },
    }),
    async (c) => {
      const { pevoId, actor } = await me(c);
      return c.json(await getCredentials(scopeOf(c), pevoId, actor), 200);
    },
  )
  .openapi(ownCertifications.post, async (c) => {
    const { pevoId, actor } = await me(c);
    return c.json(await addCertification(scopeOf(c), { pevoId, actor, data: c.req.valid("json") }), 201);
  })
  .openapi(ownCertifications.put, async (c) => {
    const { pevoId, actor } = await me(c);
    const { itemId: id } = c.req.valid("param");
    return c.json(
      await updateCertification(scopeOf(c), { pevoId, id, actor, data: c.req.valid("json") }),
      200,
    );
  })
  .openapi(ownCertifications.delete, async (c) => {
    const { pevoId, actor } = await me(c);
    await deleteCredential(scopeOf(c), {
      pevoId,
      kind: "certifications",
      id: c.req.valid("param").itemId,
      actor,
    });
    return c.body(null, 204);
  })
  .openapi(ownInsurance.post, async (c) => {
    const { pevoId, actor } = await me(c);
    return c.json(await addInsurance(scopeOf(c), { pevoId, actor, data: c.req.valid("json") }), 201);
  })
  .openapi(ownInsurance.put, async (c) => {
    const { pevoId, actor } = await me(c);
    const { itemId: id } = c.req.valid("param");
    return c.json(await updateInsurance(scopeOf(c), { pevoId, id, actor, data: c.req.valid("json") }), 200);
  })
  .openapi(ownInsurance.delete, async (c) => {
    const { pevoId, actor } = await me(c);
    await deleteCredential(scopeOf(c), { pevoId, kind: "insurance", id: c.req.valid("param").itemId, actor });
    return c.body(null, 204);
  })
  .openapi(
    createRoute({
      method: "put",
      path: "/credentials/vehicle",
      tags: portalTags,
      middleware: [requirePevo],
      summary: "Save my vehicle and equipment checklist (pending the office's review)",
      request: { body: jsonBody(ZVehicle) },
      responses: { 200: json(Vehicle, "The vehicle"), ...errors(400, 401, 403) },
    }),
    async (c) => {
      const { pevoId, actor } = await me(c);
      return c.json(await saveVehicle(scopeOf(c), { pevoId, actor, data: c.req.valid("json") }), 200);
    },
  );
