import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { compress } from "hono/compress";
import { z } from "zod";
import { createRoute, createRouter, json, SESSION } from "../../http/openapi";

/** Where the reference page and its script are served (under /api). */
export const DOCS_PATHS = {
  document: "/api/openapi.json",
  reference: "/api/docs",
  script: "/api/docs/scalar.js",
} as const;

/** Scalar's standalone bundle, from node_modules: the reference page loads nothing from another host. */
const SCRIPT_FILE = resolve(
  dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")),
  "browser/standalone.js",
);
let script: Promise<Buffer> | undefined;
/**
 * Run before the bundle: the zod inside it probes for eval (`new Function`) on its first parse, a
 * violation of the Content-Security-Policy (script-src 'self') even when caught; jitless skips it.
 */
const SCRIPT_PRELUDE =
  "globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });\n";

const tags = ["Documentation"];

/**
 * The reference page: Scalar's bundle mounts itself on the `#api-reference` element and reads its
 * settings from its attributes (Scalar's HTML API). A JSON <script> is data, never run, so the page
 * has no inline script and keeps the Content-Security-Policy (http/security-headers.ts). Nothing from
 * another host: no web fonts from Scalar's CDN, no telemetry.
 */
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PEVO back office API</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="${DOCS_PATHS.document}" data-configuration="${JSON.stringify(
      { withDefaultFonts: false, telemetry: false },
    ).replaceAll('"', "&quot;")}"></script>
    <script src="${DOCS_PATHS.script}"></script>
  </body>
</html>
`;

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document, generated from the routes' declarations), GET
 * /api/docs (Scalar's reference page) and the page's script. Public: they document, they reveal no data.
 */
export function docsRoutes(document: () => unknown) {
  const router = createRouter();
  router.openAPIRegistry.registerComponent("securitySchemes", SESSION, {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description:
      "The session cookie set by POST /api/auth/sign-in/email (named __Secure-better-auth.session_token over HTTPS in production). A POST, PUT or DELETE with it must also send this server's Origin header.",
  });
  return router
    .openapi(
      createRoute({
        method: "get",
        path: "/openapi.json",
        tags,
        summary: "This document (OpenAPI 3.1)",
        security: [],
        responses: { 200: json(z.record(z.string(), z.unknown()), "The OpenAPI document") },
      }),
      (c) => c.json(document() as Record<string, unknown>, 200),
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/docs",
        tags,
        summary: "The API reference (an HTML page)",
        security: [],
        responses: { 200: { description: "The page", content: { "text/html": { schema: z.string() } } } },
      }),
      (c) => c.html(REFERENCE_PAGE, 200),
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/docs/scalar.js",
        tags,
        summary: "The reference page's script (Scalar's standalone bundle)",
        security: [],
        middleware: [compress()],
        responses: {
          200: { description: "JavaScript", content: { "text/javascript": { schema: z.string() } } },
        },
      }),
      async (c) => {
        script ??= readFile(SCRIPT_FILE).then(
          (bundle) => Buffer.concat([Buffer.from(SCRIPT_PRELUDE), bundle]),
          (error: unknown) => {
            script = undefined;
            throw error;
          },
        );
        return c.body(new Uint8Array(await script), 200, {
          "Content-Type": "text/javascript; charset=utf-8",
          "Cache-Control": "public, max-age=86400",
        });
      },
    );
}
