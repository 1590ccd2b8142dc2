import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { APP_ROUTE_PATTERNS } from "@pevo/shared";
import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { spaFallback } from "./spa";

const HTML = "<!doctype html><html><body><div id=root></div></body></html>";
const dist = mkdtempSync(join(tmpdir(), "spa-"));
writeFileSync(join(dist, "index.html"), HTML);
const app = new Hono();
app.get("/*", spaFallback(dist));

/** A pattern made into an address: every `:param` becomes a sample id. */
const address = (pattern: string) => pattern.replace(/:[^/]+/g, "3f1c2b9e-0000-4000-8000-000000000001");

describe("SPA fallback", () => {
  test.each(APP_ROUTE_PATTERNS.map(address))("%s answers 200 with the app's HTML", async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(HTML);
  });

  test.each([
    "/nope",
    "/dashboard/extra",
    "/pevos/edit",
    "/pevos/edit/1/more",
    "/pevo/unknown",
    "/auth/other",
    "/invoices/edit/1/x",
    "/sign",
    "/sign/a/b",
  ])("%s answers 404 with the app's HTML (its 'Page not found')", async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toBe(HTML);
  });

  test.each(["/sign/3f1c2b9e-token", "/i/3f1c2b9e-token", "/respond/3f1c2b9e-token"])(
    "%s, a public token page, is not indexed and sends no Referer",
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    },
  );

  test.each(["/dashboard", "/auth", "/rate-confirmations/new", "/nope"])(
    "%s, not a token page, has no such headers",
    async (path) => {
      const res = await app.request(path);
      expect(res.headers.get("x-robots-tag")).toBeNull();
      expect(res.headers.get("referrer-policy")).toBeNull();
    },
  );

  test("a trailing slash and query string still match", async () => {
    expect((await app.request("/dashboard/")).status).toBe(200);
    expect((await app.request("/auth?signup=true")).status).toBe(200);
  });
});

describe("SPA fallback with the build's first-load list", () => {
  const built = mkdtempSync(join(tmpdir(), "spa-"));
  writeFileSync(
    join(built, "index.html"),
    "<!doctype html><html><head><title>x</title></head><body></body></html>",
  );
  mkdirSync(join(built, ".vite"));
  writeFileSync(
    join(built, ".vite/first-load.json"),
    JSON.stringify({
      "/pevo": ["/assets/pevo-layout-AbC1.js", "/assets/card-x_Y.js"],
      "/sign/:token": ["/assets/signing-page-1.js", "https://elsewhere.test/x.js", "/assets/a.js?<b>"],
    }),
  );
  const withList = new Hono();
  withList.get("/*", spaFallback(built));

  test("a listed screen's chunks are module preloads in its HTML", async () => {
    const html = await (await withList.request("/pevo")).text();
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/pevo-layout-AbC1.js"><link rel="modulepreload" crossorigin href="/assets/card-x_Y.js"></head>',
    );
  });

  test("a pattern's parameter matches one segment; only the build's own bundle names are used", async () => {
    const html = await (await withList.request("/sign/3f1c2b9e-token")).text();
    expect(html).toContain('href="/assets/signing-page-1.js"');
    expect(html).not.toContain("elsewhere");
    expect(html).not.toContain("<b>");
  });

  test.each(["/auth", "/pevo/dispatches", "/nope"])("%s, not listed, has no preloads", async (path) => {
    expect(await (await withList.request(path)).text()).not.toContain("modulepreload");
  });
});
