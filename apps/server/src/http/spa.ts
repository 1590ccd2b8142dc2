import { existsSync } from "node:fs";
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
 * The screens the build lists in .vite/first-load.json (apps/web/first-load-groups.ts SCREENS) get
 * their own chunks named as module preloads: fetched beside the entry chunk, not after it has run
 * (a phone on a slow connection pays a round trip for each step; docs/performance.md).
 */
export function spaFallback(webDist: string) {
  const firstLoadFile = resolve(webDist, ".vite/first-load.json");
  return async (c: Context) => {
    let html = await readFile(resolve(webDist, "index.html"), "utf8");
    const preloads = existsSync(firstLoadFile)
      ? firstLoadOf(await readFile(firstLoadFile, "utf8"), c.req.path)
      : [];
    if (preloads.length > 0) {
      const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
      html = html.replace("</head>", `${links}</head>`);
    }
    const headers = isPublicTokenRoute(c.req.path)
      ? { "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" }
      : undefined;
    return c.html(html, isAppRoute(c.req.path) ? 200 : 404, headers);
  };
}

/** The chunk files of the screen at `path` in the build's first-load list (none for another screen). */
function firstLoadOf(json: string, path: string): string[] {
  const firstLoads: Record<string, string[]> = JSON.parse(json);
  for (const [pattern, files] of Object.entries(firstLoads)) {
    const regExp = new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}/?$`);
    // Only hashed bundle names: the list is the build's, but it lands in HTML.
    if (regExp.test(path)) return files.filter((file) => /^\/assets\/[\w.~-]+\.js$/.test(file));
  }
  return [];
}
