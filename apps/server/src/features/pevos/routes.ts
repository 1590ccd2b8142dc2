import {
  offsetPage,
  ZPevo,
  ZPevoCreatedResponse,
  ZPevoListQuery,
  ZPevoResponse,
  ZQualificationQuery,
  ZQualificationResponse,
} from "@pevo/shared";
import { inviteRedirect } from "../../auth";
import { createPevo, deletePevo, getPevo, listPevos, PEVO_NOT_FOUND, updatePevo } from "../../domain/pevos";
import {
  byIdRoutes,
  createRoute,
  createRouter,
  errors,
  idParams,
  json,
  jsonBody,
  named,
} from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";
import { pickerMarks } from "./picker-marks";

const tags = ["PEVOs"];
const params = idParams(PEVO_NOT_FOUND);
const Pevo = named("Pevo", ZPevoResponse);
const byId = byIdRoutes({
  tags,
  params,
  response: Pevo,
  body: ZPevo,
  noun: "PEVO",
  summaries: {
    get: "A PEVO",
    put: "Update a PEVO (the email is changed only through the login)",
    delete: "Delete a PEVO without assignments or trip logs",
  },
  conflicts: { put: true, delete: true },
});

const router = createRouter();
router.use(requireAdmin);

export const pevoRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary:
        "A page of the company's PEVOs: sorted, filtered by status, searched by name, email or phone (the pickers ask for status=active)",
      request: { query: ZPevoListQuery },
      responses: {
        200: json(
          named("PevoPage", offsetPage(Pevo)),
          "A page of PEVOs (by last name unless sorted otherwise)",
        ),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listPevos(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary: "Add a PEVO; with an email, a portal login and an invitation to set a password",
      request: { body: jsonBody(ZPevo) },
      responses: { 201: json(ZPevoCreatedResponse, "The new PEVO"), ...errors(400, 401, 403, 409) },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const created = await createPevo(scope, c.req.valid("json"));
      if (created.loginId && created.email) {
        // The invitation is a password-set link: the same mechanism as "Forgot password?". Better
        // Auth queues its mail (auth.ts, the outbox: retried when it did not go at once); the answer
        // says whether it went. The PEVO is saved either way.
        await c.get("deps").auth.api.requestPasswordReset({
          body: { email: created.email, redirectTo: inviteRedirect(created.email) },
          headers: c.req.raw.headers,
        });
      }
      const pevo = await getPevo(scope, created.id);
      return c.json({ ...pevo, invitationSent: pevo.invitationMail?.status === "sent" }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/qualification",
      tags,
      summary:
        "Whether some PEVOs are qualified for a job: per route state a certificate valid on its dates (valid, missing, expired, with the reason), insurance and licence; and the jobs each is already booked on at its time",
      request: { query: ZQualificationQuery },
      responses: {
        200: json(
          named("PevoQualifications", ZQualificationResponse),
          "The check per PEVO, in the order asked",
        ),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await pickerMarks(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(byId.get, async (c) => c.json(await getPevo(scopeOf(c), c.req.valid("param").id), 200))
  .openapi(byId.put, async (c) =>
    c.json(await updatePevo(scopeOf(c), { id: c.req.valid("param").id, input: c.req.valid("json") }), 200),
  )
  .openapi(byId.delete, async (c) => {
    await deletePevo(scopeOf(c), { id: c.req.valid("param").id });
    return c.body(null, 204);
  });
