/**
 * The OpenAPI document (/api/openapi.json) and the reference page (/api/docs): generated from the
 * routes' declarations, so a route declared without @hono/zod-openapi (createRouter + createRoute in
 * http/openapi.ts) is missing from the document and fails here.
 */
import type { OffsetPage, TClient } from "@pevo/shared";
import { hc, type InferResponseType } from "hono/client";
import { afterAll, beforeAll, describe, expect, expectTypeOf, test } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { entry } from "../test/rows";
import type { AppType } from "./app";
import { DOCS_PATHS } from "./features/docs/routes";

type Operation = {
  tags?: string[];
  summary?: string;
  parameters?: { name: string; in: string }[];
  responses?: Record<string, unknown>;
  security?: unknown[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  tags: { name: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; in: string }>;
  };
};

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request("GET", DOCS_PATHS.document);
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => t?.close());

/** The /api routes the app really serves (as in authorization.test.ts): Better Auth's passthrough aside. */
function servedRoutes(app: TestApp["app"]): string[] {
  const routes = app.routes
    .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL" && !r.path.startsWith("/api/auth/"))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}

/** The document's operations as "METHOD /api/path/:param", the way Hono writes its routes. */
function documentedRoutes(document: Document): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`),
    )
    .sort();
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe("/api/openapi.json", () => {
  test("is an OpenAPI 3.1 document with info, tags, components and the session cookie scheme", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "PEVO back office API", version: expect.any(String) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
    expect(doc.components.schemas).toHaveProperty("ApiError");
    expect(doc.components.schemas).toHaveProperty("Client");
    expect(doc.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(doc.security).toEqual([{ session: [] }]);
  });

  test("is reachable without a session and with one alike", async () => {
    const admin = await t.signUpAdmin();
    const signedIn = await t.request("GET", DOCS_PATHS.document, { cookie: admin.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual(doc);
  });

  test("every /api route the app serves is in the document with its method", () => {
    const documented = new Set(documentedRoutes(doc));
    const missing = servedRoutes(t.app).filter((route) => !documented.has(route));
    expect(missing, "declare these routes with createRoute (apps/server/src/http/openapi.ts)").toEqual([]);
  });

  test("every documented operation is a route the app serves", () => {
    const served = new Set(servedRoutes(t.app));
    expect(documentedRoutes(doc).filter((route) => !served.has(route))).toEqual([]);
  });

  test("every operation has a known tag, a summary and responses; path parameters are declared", () => {
    const tagNames = new Set(doc.tags.map((tag) => tag.name));
    for (const { route, operation } of operations()) {
      expect(operation.tags?.length, route).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(tagNames.has(tag), `${route}: tag ${tag}`).toBe(true);
      expect(operation.summary, route).toBeTruthy();
      expect(Object.keys(operation.responses ?? {}).length, route).toBeGreaterThan(0);
      const pathParams = [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(declared.sort(), route).toEqual(pathParams);
    }
  });

  test("every pattern in it is a regular expression a client can use as written", () => {
    const patterns: string[] = [];
    JSON.stringify(doc, (key, value) => {
      if (key === "pattern" && typeof value === "string") patterns.push(value);
      return value;
    });
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(() => new RegExp(pattern), pattern).not.toThrow();
      expect(pattern, "a pattern is a source, without /…/flags").not.toMatch(/\/[a-z]*$/);
    }
  });

  test("routes that need a session say so; the public ones opt out", () => {
    const publicRoutes = operations()
      .filter(({ operation }) => Array.isArray(operation.security) && operation.security.length === 0)
      .map(({ route }) => route)
      .sort();
    expect(publicRoutes).toEqual(
      [
        "GET /api/demo-accounts",
        `GET ${DOCS_PATHS.reference}`,
        `GET ${DOCS_PATHS.script}`,
        `GET ${DOCS_PATHS.stylesheet}`,
        `GET ${DOCS_PATHS.document}`,
        "POST /api/signup",
        "GET /api/public/sign/{token}",
        "GET /api/public/sign/{token}/pdf",
        "POST /api/public/sign/{token}/decline",
        "POST /api/public/sign/{token}/sign",
        "GET /api/public/dispatch-response/{token}",
        "POST /api/public/dispatch-response/{token}/accept",
        "POST /api/public/dispatch-response/{token}/decline",
        "GET /api/public/invoices/{token}",
        "GET /api/public/invoices/{token}/pdf",
        "GET /api/public/credit-notes/{token}",
        "GET /api/public/credit-notes/{token}/pdf",
        "GET /api/public/logos/{key}",
      ].sort(),
    );
    // The others inherit the document's session requirement and document the 401.
    for (const { route, operation } of operations()) {
      if (!publicRoutes.includes(route)) expect(operation.responses, route).toHaveProperty("401");
    }
  });

  test("request bodies use the shared input schemas; errors use the one error shape", () => {
    const post = entry(doc.paths, "/api/clients").post as Operation & {
      requestBody: { required: boolean; content: Record<string, { schema: { properties: object } }> };
    };
    expect(post.requestBody.required).toBe(true);
    expect(Object.keys(entry(post.requestBody.content, "application/json").schema.properties)).toContain(
      "name",
    );
    expect(post.responses?.["400"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
    });
    // The invoice PDF is declared with its content type.
    expect(entry(doc.paths, "/api/invoices/{id}/pdf").get?.responses).toMatchObject({
      200: { content: { "application/pdf": { schema: { type: "string", format: "binary" } } } },
    });
    // The invoice export is CSV, with the list's filters and sort as query parameters.
    const exportCsv = entry(doc.paths, "/api/invoices/export.csv").get as {
      parameters: { name: string; in: string }[];
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(Object.keys(exportCsv.responses["200"]?.content ?? {})).toEqual(["text/csv"]);
    expect(exportCsv.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        "status",
        "issueFrom",
        "issueTo",
        "dueFrom",
        "dueTo",
        "clientId",
        "q",
        "sort",
        "dir",
      ]),
    );
  });
});

describe("/api/docs", () => {
  test("answers the reference page, loading its script and stylesheet from this server only", async () => {
    const res = await t.request("GET", DOCS_PATHS.reference);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html: string = res.body;
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);
    expect(sources).toEqual([DOCS_PATHS.script]);
    const stylesheets = [...html.matchAll(/<link\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]);
    expect(stylesheets).toEqual([DOCS_PATHS.stylesheet]);
    // No other host anywhere in the page: not a script, a stylesheet, a font or a link.
    expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9-]+\.[a-z]/i);
    expect(html).toContain(DOCS_PATHS.document);
  });

  test("the script it loads answers JavaScript", async () => {
    const res = await t.request("GET", DOCS_PATHS.script);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.body.length).toBeGreaterThan(100_000);
    expect(res.body).toContain("SwaggerUIBundle");
  });

  test("the stylesheet it loads answers CSS", async () => {
    const res = await t.request("GET", DOCS_PATHS.stylesheet);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/css/);
    expect(res.body).toContain(".swagger-ui");
  });
});

describe("AppType", () => {
  test("types Hono's RPC client with the API's routes", () => {
    const client = hc<AppType>("http://localhost:3000");
    expectTypeOf(client.api.clients.$get).toBeFunction();
    expectTypeOf(client.api.clients[":id"].$put).parameter(0).toHaveProperty("json");
    type Clients = InferResponseType<typeof client.api.clients.$get, 200>;
    // The same JSON as the shared type, both ways.
    expectTypeOf<Clients>().toExtend<OffsetPage<TClient>>();
    expectTypeOf<OffsetPage<TClient>>().toExtend<Clients>();
  });
});
