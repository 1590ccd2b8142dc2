import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "./errors";

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "in-process"; // app.request() in tests has no socket
  }
}

/** Fixed one-minute windows per client address and path: enough to slow password guessing. */
export function rateLimit(maxPerMinute: number): MiddlewareHandler {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const now = Date.now();
    const key = `${clientAddress(c)} ${c.req.path}`;
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (hits.size > 10_000) hits.clear();
      entry = { count: 0, resetAt: now + 60_000 };
      hits.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > maxPerMinute) {
      c.header("Retry-After", String(Math.ceil((entry.resetAt - now) / 1000)));
      throw new ApiError(429, "Too many attempts. Please wait a minute and try again.");
    }
    return next();
  };
}
