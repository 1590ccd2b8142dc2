/**
 * How an /api route is declared: with @hono/zod-openapi, so /api/openapi.json is generated from the
 * same zod schemas that validate the requests.
 *
 *   const getClientRoute = createRoute({
 *     method: "get", path: "/{id}", tags: ["Clients"], summary: "A client",
 *     request: { params: idParams(CLIENT_NOT_FOUND) },
 *     responses: { 200: json(ZClientResponse, "The client"), ...errors(401, 403, 404) },
 *   });
 *   export const clientRoutes = createRouter();
 *   clientRoutes.use(requireAdmin);
 *   clientRoutes.openapi(getClientRoute, async (c) => c.json(await getClient(scopeOf(c), c.req.valid("param").id), 200));
 *
 * Validation keeps the API's messages: a bad JSON body is 400 { error: <first field message>, fields }
 * ("The request body must be JSON" when it is not JSON, whatever its Content-Type); a path id that is
 * not a UUID is a 404 with the resource's not-found message; a bad query parameter is 400 { error }.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { DATE_LIMITS, dateInWindow, ZApiError } from "@pevo/shared";
import type { Context, Handler, Next } from "hono";
import { z } from "zod";
import type { AppEnv } from "./context";
import { ApiError, fieldMessages, readJson } from "./errors";

export { createRoute };

/** The API error for a failed validation of one part of the request. */
export function validationError(target: string, error: z.ZodError): ApiError {
  if (target === "param") return new ApiError(404, error.issues[0]?.message ?? "Not found");
  if (target === "query") return new ApiError(400, error.issues[0]?.message ?? "Invalid input");
  const fields = fieldMessages(error);
  return new ApiError(400, Object.values(fields)[0] ?? "Invalid input", fields);
}

/** Every router's validation hook: a failure is thrown as an ApiError (app.onError answers it). */
const defaultHook = (result: { success: boolean; target: string; error?: z.ZodError }) => {
  if (!result.success && result.error) throw validationError(result.target, result.error);
};

const JSON_TYPE = "application/json";

/**
 * A feature router. Declare each route with `router.openapi(createRoute({...}), handler)`.
 *
 * A route's JSON body is declared in createRoute as usual (`request: { body: jsonBody(ZClient) }`: it is
 * in the document, and `c.req.valid("json")` is typed), but it is read the way the API always read it:
 * whatever the Content-Type (@hono/zod-openapi would answer 415 to text/plain, and its own message to
 * malformed JSON), after the path parameters were checked, with our field messages.
 */
export function createRouter() {
  return new ApiRouter({ defaultHook });
}

/**
 * OpenAPIHono whose `openapi` documents a route's body but reads it as above. The library's hooks
 * cannot do it: a route's `middleware` runs before the path parameters are checked, and its body
 * validator, which `defaultHook` only answers for, comes after its own Content-Type gate (415). The
 * library declares `openapi` as an instance property, so this class's own `openapi` replaces it and
 * calls the library's, kept in `#register`; the signature is the library's (typed c.req.valid, the
 * RPC types of AppType), so routers chain `.openapi(...)` as with OpenAPIHono.
 */
class ApiRouter extends OpenAPIHono<AppEnv> {
  // The library's registration (this class's own `openapi` is defined after this field); inside,
  // routes are plain data.
  readonly #register = (this as OpenAPIHono<AppEnv>).openapi as unknown as (
    route: RouteConfig,
    handler: Handler,
    hook?: unknown,
  ) => unknown;

  override openapi = ((route: RouteConfig, handler: Handler, hook?: unknown) => {
    if (route.request?.body?.content?.[MULTIPART_TYPE]) {
      // An upload: documented, but read by the handler (http/multipart.ts), within its size limit.
      return this.#registerDocumented(route, handler, hook);
    }
    const content = route.request?.body?.content?.[JSON_TYPE];
    const schema = content && "schema" in content ? content.schema : undefined;
    if (!(schema instanceof z.ZodType)) return this.#register(route, handler, hook);
    return this.#registerDocumented(
      route,
      async (c: Context, next: Next) => {
        const result = schema.safeParse(await readJson(c));
        if (!result.success) throw validationError("json", result.error);
        c.req.addValidatedData("json", result.data as object);
        return handler(c, next);
      },
      hook,
    );
  }) as unknown as OpenAPIHono<AppEnv>["openapi"];

  /** The route in the document as declared; registered without its body, which `handler` reads. */
  #registerDocumented(route: RouteConfig, handler: Handler, hook: unknown) {
    const { middleware: _middleware, hide, ...documented } = route;
    if (!hide) this.openAPIRegistry.registerPath(documented);
    return this.#register(
      { ...route, hide: true, request: { ...route.request, body: undefined } },
      handler,
      hook,
    );
  }
}

/** A required JSON request body validated by a shared input schema. */
export const jsonBody = <S extends z.ZodType>(schema: S, description?: string) =>
  ({ content: { [JSON_TYPE]: { schema } }, required: true, description }) as const;

const MULTIPART_TYPE = "multipart/form-data";

/**
 * A multipart/form-data request body (an upload), for the document only: the handler reads it with
 * `readUpload` (http/multipart.ts), which enforces the size limit while reading, and validates the
 * fields itself. A file field is `z.string().meta({ format: "binary" })`.
 */
export const multipartBody = <S extends z.ZodType>(schema: S, description?: string) =>
  ({ content: { [MULTIPART_TYPE]: { schema } }, required: true, description }) as const;

/** A JSON response. */
export const json = <S extends z.ZodType>(schema: S, description: string) =>
  ({ content: { [JSON_TYPE]: { schema } }, description }) as const;

/** No content (a successful DELETE). */
export const noContent = { 204: { description: "Done; no content" } } as const;

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A path id: one that is not a UUID cannot exist, so it is a 404 with `notFoundMessage`. */
export const uuidParam = (notFoundMessage: string) =>
  z.string().regex(UUID, { message: notFoundMessage }).meta({ format: "uuid" });

/** The `{id}` path parameter of a resource. */
export const idParams = (notFoundMessage: string) => z.object({ id: uuidParam(notFoundMessage) });

/**
 * The `Idempotency-Key` header of a write the portal may queue offline (ADR 0014): a UUID made on
 * the phone; the same key again answers as the first write did and records nothing more.
 */
export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(UUID, { message: "The Idempotency-Key must be a UUID made on the phone" })
    .optional()
    .meta({ format: "uuid", description: "A UUID made by the client: a repeat is never a duplicate" }),
});

const QUOTED_UUID = new RegExp(`^"?${UUID.source.slice(1, -1)}"?$`);

/**
 * An edit the portal may queue offline (ADR 0014): its `Idempotency-Key`, and as `If-Match` the
 * revision of the record the phone edited (an entity tag, quotes optional); another revision on the
 * server is a change made meanwhile.
 */
export const revisionHeaders = idempotencyHeaders.extend({
  "if-match": z
    .string()
    .regex(QUOTED_UUID, { message: "If-Match must be the revision of the entry (a UUID)" })
    .optional()
    .meta({ description: "The revision the edit was made on: another one is refused (409)" }),
});

/** The revision an If-Match names, without the entity tag's quotes. */
export const revisionOf = (ifMatch: string | undefined) => ifMatch?.replaceAll('"', "");

/** An optional YYYY-MM-DD query parameter; a malformed one is 400 "<name> must be a date (YYYY-MM-DD)". */
/**
 * An optional day in the query: a real date in the window every stored date keeps (DATE_LIMITS; the
 * expiry window's years ahead), so that arithmetic on it (30 days on, a year back) stays a date.
 */
export const dayQueryParam = (name: string) =>
  dateInWindow(`${name} must be a date (YYYY-MM-DD)`, name, { yearsAhead: DATE_LIMITS.expiryYearsAhead })
    .optional()
    .meta({ format: "date" });

const ERROR_DESCRIPTIONS = {
  400: "Invalid input: the first message, and one per invalid field",
  401: "No session: sign in first",
  403: "Signed in with a role that has no access here",
  404: "Unknown id, or a record of another company",
  409: "Conflicts with existing records",
  413: "The upload is larger than the limit",
  429: "Too many attempts: try again after the seconds of the Retry-After header",
} as const;
type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/**
 * `.openapi()`, which @hono/zod-openapi adds to zod: zod 4 copies methods onto a schema when it is
 * built, so a shared schema built before that import has none of its own. Call it from the prototype.
 */
const openapi = (z.ZodType.prototype as unknown as { openapi: (this: z.ZodType, refId: string) => z.ZodType })
  .openapi;

/** A schema under its name in the document's components (shown as a model in the reference). */
export const named = <S extends z.ZodType>(name: string, schema: S): S => openapi.call(schema, name) as S;

const ApiErrorSchema = named("ApiError", ZApiError);

/** The error responses a route can give, all in the API's one error shape. */
export function errors<const S extends ErrorStatus[]>(...statuses: S) {
  return Object.fromEntries(
    statuses.map((s) => [s, json(ApiErrorSchema, ERROR_DESCRIPTIONS[s])]),
  ) as ErrorResponses<S[number]>;
}

type ErrorResponses<S extends ErrorStatus> = { [K in S]: ReturnType<typeof json<typeof ZApiError>> };

/** 409 among a route's errors when its `conflicts` flag is `true`. */
type Conflict<Flag> = Flag extends true ? 409 : never;
type ByIdConflicts = { put?: boolean; delete?: boolean };

/**
 * The three by-id routes of a resource: GET, PUT and DELETE on `/{id}`. Five routers declared them
 * alike (the same paths, statuses and "The <noun>" / "The updated <noun>" descriptions), so they are
 * declared once here; each router still registers them, with its own handlers:
 *
 *   const byId = byIdRoutes({ tags, params, response: Client, body: ZClient, noun: "client",
 *     summaries: { get: "A client", put: "Update a client", delete: "Delete a client" },
 *     conflicts: { delete: true } });
 *   router.openapi(byId.get, async (c) => c.json(await getClient(scopeOf(c), c.req.valid("param").id), 200));
 *
 * They are plain `createRoute` configs, typed as if written out (the handlers' `c.req.valid(...)` and
 * the RPC types of AppType are the same): GET answers 200 `response` or 401/403/404; PUT takes the
 * JSON `body` and answers 200 `response` or 400/401/403/404; DELETE answers 204 or 401/403/404. A
 * `conflicts` flag adds 409 (the API error) to that route; another 409 (a different body) is spread
 * onto a route's `responses` by the router.
 */
export function byIdRoutes<
  P extends z.ZodObject,
  R extends z.ZodType,
  B extends z.ZodType,
  const C extends ByIdConflicts = { put?: false; delete?: false },
>(options: {
  tags: string[];
  /** The `{id}` path parameter: `idParams(<not-found message>)`. */
  params: P;
  /** What GET and PUT answer. */
  response: R;
  /** PUT's JSON body. */
  body: B;
  /** The resource in the responses' descriptions: "The <noun>", "The updated <noun>". */
  noun: string;
  summaries: { get: string; put: string; delete: string };
  conflicts?: C;
}) {
  const { tags, params, response, body, noun, summaries, conflicts } = options;
  const conflict = (flag: boolean | undefined) => (flag ? ([409] as const) : []);
  return {
    get: createRoute({
      method: "get",
      path: "/{id}",
      tags,
      summary: summaries.get,
      request: { params },
      responses: { 200: json(response, `The ${noun}`), ...errors(401, 403, 404) },
    }),
    put: createRoute({
      method: "put",
      path: "/{id}",
      tags,
      summary: summaries.put,
      request: { params, body: jsonBody(body) },
      responses: {
        200: json(response, `The updated ${noun}`),
        ...(errors(400, 401, 403, 404, ...conflict(conflicts?.put)) as ErrorResponses<
          400 | 401 | 403 | 404 | Conflict<C["put"]>
        >),
      },
    }),
    delete: createRoute({
      method: "delete",
      path: "/{id}",
      tags,
      summary: summaries.delete,
      request: { params },
      responses: {
        ...noContent,
        ...(errors(401, 403, 404, ...conflict(conflicts?.delete)) as ErrorResponses<
          401 | 403 | 404 | Conflict<C["delete"]>
        >),
      },
    }),
  };
}

/** The session cookie: the security scheme of every route that needs a signed-in user. */
export const SESSION = "session";
export const sessionSecurity = [{ [SESSION]: [] }];
