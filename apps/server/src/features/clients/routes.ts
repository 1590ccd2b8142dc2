import { offsetPage, ZClient, ZClientListQuery, ZClientResponse } from "@pevo/shared";
import {
  CLIENT_NOT_FOUND,
  createClient,
  deleteClient,
  getClient,
  listClients,
  updateClient,
} from "../../domain/clients";
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

const tags = ["Clients"];
const params = idParams(CLIENT_NOT_FOUND);
const Client = named("Client", ZClientResponse);
const byId = byIdRoutes({
  tags,
  params,
  response: Client,
  body: ZClient,
  noun: "client",
  summaries: {
    get: "A client",
    put: "Update a client",
    delete: "Delete a client without rate confirmations",
  },
  conflicts: { delete: true },
});

const router = createRouter();
router.use(requireAdmin);

export const clientRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "A page of the company's clients: sorted, searched by name, contact person, email or phone",
      request: { query: ZClientListQuery },
      responses: {
        200: json(
          named("ClientPage", offsetPage(Client)),
          "A page of clients (by name unless sorted otherwise)",
        ),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listClients(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary: "Add a client",
      request: { body: jsonBody(ZClient) },
      responses: { 201: json(Client, "The new client"), ...errors(400, 401, 403) },
    }),
    async (c) => c.json(await createClient(scopeOf(c), c.req.valid("json")), 201),
  )
  .openapi(byId.get, async (c) => c.json(await getClient(scopeOf(c), c.req.valid("param").id), 200))
  .openapi(byId.put, async (c) =>
    c.json(await updateClient(scopeOf(c), { id: c.req.valid("param").id, client: c.req.valid("json") }), 200),
  )
  .openapi(byId.delete, async (c) => {
    await deleteClient(scopeOf(c), { id: c.req.valid("param").id });
    return c.body(null, 204);
  });
