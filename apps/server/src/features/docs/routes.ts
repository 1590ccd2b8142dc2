import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { compress } from "hono/compress";
import { z } from "zod";
import { createRoute, createRouter, json, SESSION } from "../../http/openapi";

/** Where the reference page, its script and its stylesheet are served (under /api). */
export const DOCS_PATHS = {
  document: "/api/openapi.json",
  reference: "/api/docs",
  script: "/api/docs/reference.js",
  stylesheet: "/api/docs/reference.css",
} as const;

/**
 * Swagger UI's browser bundle and stylesheet (swagger-ui-dist), from node_modules: the reference page
 * loads nothing from another host (the product must work on a closed network).
 */
const require = createRequire(import.meta.url);
const BUNDLE_FILE = require.resolve("swagger-ui-dist/swagger-ui-bundle.js");
const STYLESHEET_FILE = require.resolve("swagger-ui-dist/swagger-ui.css");

/**
 * Run after the bundle, from the same file: the page has no inline script, so it keeps the
 * Content-Security-Policy (http/security-headers.ts). It reads the document's address from the page.
 * No validator badge: it would load an image from validator.swagger.io. The tags start collapsed and the
 * schema list is hidden (each schema is still shown with its operations): the page renders at once
 * instead of resolving every operation and schema first.
 */
const SCRIPT_START = `
SwaggerUIBundle({
  url: document.getElementById("swagger-ui").dataset.url,
  dom_id: "#swagger-ui",
  deepLinking: true,
  docExpansion: "none",
  defaultModelsExpandDepth: -1,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
`;

/** Reads a file on first use and keeps it; a failed read is tried again on the next request. */
function kept(read: () => Promise<Buffer>): () => Promise<Buffer> {
  let file: Promise<Buffer> | undefined;
  return () =>
    (file ??= read().catch((error: unknown) => {
      file = undefined;
      throw error;
    }));
}
const script = kept(async () => Buffer.concat([await readFile(BUNDLE_FILE), Buffer.from(SCRIPT_START)]));
const stylesheet = kept(() => readFile(STYLESHEET_FILE));

const tags = ["Documentation"];

/** The reference page: Swagger UI mounts itself on `#swagger-ui` and reads the document from this server. */
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PEVO back office API</title>
    <link rel="stylesheet" href="${DOCS_PATHS.stylesheet}" />
  </head>
  <body>
    <div id="swagger-ui" data-url="${DOCS_PATHS.document}"></div>
    <script src="${DOCS_PATHS.script}"></script>
  </body>
</html>
`;

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document, generated from the routes' declarations), GET
 * /api/docs (Swagger UI's reference page) and the page's script and stylesheet. Public: they document, they reveal no data.
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
        path: "/docs/reference.js",
        tags,
        summary: "The reference page's script (Swagger UI's bundle)",
        security: [],
        middleware: [compress()],
        responses: {
          200: { description: "JavaScript", content: { "text/javascript": { schema: z.string() } } },
        },
      }),
      async (c) => {
        return c.body(new Uint8Array(await script()), 200, {
          "Content-Type": "text/javascript; charset=utf-8",
          "Cache-Control": "public, max-age=86400",
        });
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/docs/reference.css",
        tags,
        summary: "The reference page's stylesheet (Swagger UI's)",
        security: [],
        middleware: [compress()],
        responses: {
          200: { description: "CSS", content: { "text/css": { schema: z.string() } } },
        },
      }),
      async (c) => {
        return c.body(new Uint8Array(await stylesheet()), 200, {
          "Content-Type": "text/css; charset=utf-8",
          "Cache-Control": "public, max-age=86400",
        });
      },
    );
}
