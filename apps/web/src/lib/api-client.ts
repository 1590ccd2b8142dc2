import type { ClientResponse } from "hono/client";
import { hc } from "hono/client";
// Type-only (must stay `import type`): nothing of the server reaches the browser bundle.
import type { AppType } from "../../../server/src/app";
import { reachServer, readResponse } from "./api";

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226;

/** The body of the 2xx answers of a client call (204 → undefined); error answers are thrown. */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F>
    ? S extends 204
      ? undefined
      : S extends SuccessStatus
        ? T
        : never
    : never;

/**
 * Hono's client puts path params in the address as given: encode each one, so an id taken from the
 * browser's address (`/dispatches/:id`) cannot reach another route ("../clients", "?x").
 */
export function pathParams<P extends Record<string, string>>(params: P): P {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])) as P;
}

/** Builds a typed client of the server's /api routes (tests pass a fake `fetch`). */
export function createClient(options: { fetch?: typeof fetch } = {}) {
  return hc<AppType>("/", { ...options, init: { credentials: "same-origin" } });
}

/** The typed client of every /api route the server declares (Better Auth's /api/auth/* excepted). */
export const client = createClient();

/**
 * Awaits a client call and returns its typed success body; throws ApiError with the server's
 * `{ error, fields }`, or status 0 when the server cannot be reached.
 * `await call(client.api.dispatches[":id"].$get({ param: pathParams({ id }) }))`
 */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<SuccessBody<R>> {
  const response = await reachServer(request);
  return readResponse<SuccessBody<R>>(response as unknown as Response);
}
