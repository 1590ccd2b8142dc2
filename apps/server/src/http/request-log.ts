/**
 * One log line per request, and a request id on every line logged while it is handled: the
 * caller's X-Request-Id when it is a sane one (a proxy's or a load balancer's, so that their logs
 * and ours join), else a new UUID. Every response carries it back as X-Request-Id, and a 500 quotes
 * it (http/errors.ts), so a user's report leads to the lines.
 *
 * The path is logged without its query string, and a public link's token is replaced by ":token":
 * the token is the only key to a signature page, an Accept / Decline page or an invoice.
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { log, withRequestLog } from "../lib/log";

const REQUEST_ID_HEADER = "X-Request-Id";

/** What an incoming id may be: a UUID, a hex or base64url id of a proxy; no spaces, no controls. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The public token pages (packages/shared PUBLIC_TOKEN_ROUTES), their API and the reset-password link. */
const TOKEN_IN_PATH = /^(\/sign|\/respond|\/i|\/api\/public\/[^/]+|\/api\/auth\/reset-password)\/[^/]+/;

/** The path as logged: no token of a public link (the query string is never logged). */
export function loggedPath(path: string): string {
  return path.replace(TOKEN_IN_PATH, "$1/:token");
}

/** The incoming X-Request-Id when it is sane, else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function requestLog(): MiddlewareHandler {
  return (c, next) => {
    const requestId = requestIdFor(c.req.header(REQUEST_ID_HEADER));
    const started = performance.now();
    return withRequestLog(requestId, async () => {
      // An error thrown further in is answered by app.onError before this continues: its
      // response gets the id too.
      await next();
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
      log().info(
        {
          method: c.req.method,
          path: loggedPath(c.req.path),
          status: c.res.status,
          // Until the response's headers: a live event stream goes on after it.
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });
  };
}
