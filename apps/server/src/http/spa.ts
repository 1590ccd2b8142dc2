import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { isAppRoute, isPublicTokenRoute } from "@pevo/shared";
import type { Context } from "hono";

/**
 * The SPA fallback: the app's HTML for any GET that no file answered. A screen of the app
 * (@pevo/shared APP_ROUTE_PATTERNS, the list the web router uses) answers 200; anything else
 * answers 404 with the same HTML, which renders the app's 'Page not found'.
 * Read on each request: a rebuild while the server runs must not leave it pointing at deleted bundles.
 * A public token page (a signing link, an invoice link, an Accept / Decline link) is not indexed,
 * and its address (the token) never leaves in a Referer: headers, so they hold before any script runs.
 */
export function spaFallback(webDist: string) {
  return async (c: Context) => {
    const html = await readFile(resolve(webDist, "index.html"), "utf8");
    const headers = isPublicTokenRoute(c.req.path)
      ? { "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" }
      : undefined;
    return c.html(html, isAppRoute(c.req.path) ? 200 : 404, headers);
  };
}
