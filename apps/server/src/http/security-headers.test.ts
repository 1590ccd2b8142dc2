/**
 * The Content-Security-Policy and the other security headers (http/security-headers.ts): on every
 * HTML page, the API reference included, with no inline script anywhere; HSTS in production only.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { nth } from "../../test/rows";
import { createApp } from "../app";
import { DOCS_PATHS } from "../features/docs/routes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const TOKEN = "A".repeat(43);
/** The app's pages and the API reference. The app's HTML is there once it is built (`npm run build`). */
const PAGES = ["/", "/auth", "/dashboard", `/sign/${TOKEN}`, `/i/${TOKEN}`, DOCS_PATHS.reference];

/** The policy's directives, by name. */
function directives(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name = "", ...values]) => [name, values]),
  );
}

/** The <script> tags of a page that would run inline code (no src, and a script type). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => nth(m, 1, "script attributes"))
    .filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes));

describe("Content-Security-Policy", () => {
  test.each(PAGES)("%s carries the strict policy", async (path) => {
    const res = await t.request("GET", path);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(Object.fromEntries(csp)).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:", "blob:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'none'"],
      "frame-ancestors": ["'none'"],
      "form-action": ["'self'"],
    });
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  test("the API reference is an HTML page without inline script", async () => {
    const res = await t.request("GET", DOCS_PATHS.reference);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(inlineScripts(res.body)).toEqual([]);
    expect(res.body).toContain(`src="${DOCS_PATHS.script}"`);
  });

  test("the web app's index.html has no inline script", () => {
    const html = readFileSync(resolve(import.meta.dirname, "../../../web/index.html"), "utf8");
    expect(inlineScripts(html)).toEqual([]);
    expect(html).toContain('<script src="/boot.js">');
  });

  test("a PDF shown in a tab goes without it (the browser's viewer is a plugin)", async () => {
    const admin = await t.signUpAdmin();
    const client = await t.createClient(admin);
    const rc = await t.createRateConfirmation(admin, { clientId: client.id });
    const res = await t.request("GET", `/api/rate-confirmations/${rc.id}/pdf?inline=1`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("Strict-Transport-Security", () => {
  test("is not sent outside production (a development server on http://localhost)", async () => {
    expect(t.config.production).toBe(false);
    for (const path of ["/", DOCS_PATHS.reference, "/api/me"]) {
      expect((await t.request("GET", path)).headers.get("strict-transport-security")).toBeNull();
    }
  });

  test("is sent in production", async () => {
    const production = createApp({
      db: t.db,
      config: { ...t.config, production: true },
      mailer: { mode: "outbox", send: async () => {} },
    });
    for (const path of ["/", DOCS_PATHS.reference, "/api/me"]) {
      const res = await production.request(`${t.config.appUrl}${path}`);
      expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });
});
