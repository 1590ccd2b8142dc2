/**
 * The HTTP side of every public token link page (`/api/public/*`, ARCHITECTURE "public token
 * links"): no session is needed, and the answer is never indexed, never cached, never sent on in a
 * Referer (the token is the credential), and every request of an address counts towards the
 * public-link rate limit (token guessing). A link that cannot be opened is the domain's
 * PublicLinkError: a 404 with the page's message (http/errors.ts).
 */
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "./context";
import { createRouter } from "./openapi";
import { limitPublicLinks } from "./rate-limit";

/** The public-link budget of an address per minute: 6× the sign-in budget (README, AUTH_RATE_LIMIT). */
const PUBLIC_LINK_LIMIT_FACTOR = 6;

const limiters = new WeakMap<Deps, MiddlewareHandler>();

/** The app's public-link limiter (one per app: its counts live in the app's rate-limit store). */
const publicLinkLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  const deps = c.get("deps");
  let limit = limiters.get(deps);
  if (!limit) {
    limit = limitPublicLinks({
      limit: deps.config.authRateLimit * PUBLIC_LINK_LIMIT_FACTOR,
      trustProxy: deps.config.trustProxy ?? 0,
      store: deps.rateLimitStore,
    });
    limiters.set(deps, limit);
  }
  return limit(c, next);
};

/** No indexing, no caching, and the token never leaves in a Referer (a 404 and a 429 too). */
const publicLinkHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header("X-Robots-Tag", "noindex, nofollow");
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
};

/** The router of a public link page: every route on it gets the headers and the rate limit. */
export function publicLinkRouter() {
  const router = createRouter();
  router.use(publicLinkHeaders, publicLinkLimit);
  return router;
}

/** The `{token}` path parameter: a value that cannot be a token is a 404 with the page's message. */
export const tokenParams = (unknownLinkMessage: string) =>
  z.object({ token: z.string().max(200, { message: unknownLinkMessage }) });
