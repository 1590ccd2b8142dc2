/**
 * The request id (http/request-log.ts): every response carries X-Request-Id (errors, 413, pages with
 * their own Content-Security-Policy), a sane incoming id is kept and a hostile one replaced, every
 * request is logged once with it, a public link's token never reaches the log, and a 500 quotes the
 * id that its log line carries. The real app on its own database; the log is captured, not printed.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { captureLogs, type LogLine } from "../../test/log-capture";
import { setLogger } from "../lib/log";
import { loggedPath, requestIdFor } from "./request-log";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let admin: Awaited<ReturnType<TestApp["signUpAdmin"]>>;
let lines: LogLine[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin();
});
afterAll(() => t?.close());
beforeEach(() => {
  const capture = captureLogs("info");
  setLogger(capture.logger);
  lines = capture.lines;
});

const requestLines = () => lines.filter((line) => line.msg === "request");

describe("X-Request-Id", () => {
  test("every response carries one, and the request's log line has it", async () => {
    const ok = await t.as(admin)("GET", "/api/clients");
    const notFound = await t.as(admin)("GET", "/api/no-such-route");
    const unauthenticated = await t.request("GET", "/api/clients");
    const answers = [ok, notFound, unauthenticated];
    expect(answers.map((res) => res.status)).toEqual([200, 404, 401]);
    const ids = answers.map((res) => res.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID_RE);
    expect(new Set(ids).size).toBe(3);
    expect(requestLines()).toEqual([
      expect.objectContaining({ reqId: ids[0], method: "GET", path: "/api/clients", status: 200 }),
      expect.objectContaining({ reqId: ids[1], method: "GET", path: "/api/no-such-route", status: 404 }),
      expect.objectContaining({ reqId: ids[2], method: "GET", path: "/api/clients", status: 401 }),
    ]);
    for (const line of requestLines()) expect(line.ms).toEqual(expect.any(Number));
  });

  test("a refused body (413) and a page with its own Content-Security-Policy carry it too", async () => {
    const tooLarge = await t.as(admin)("POST", "/api/clients", { name: "x".repeat(100_000) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("x-request-id")).toMatch(UUID_RE);
    const page = await t.request("GET", "/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBeTruthy();
    expect(page.headers.get("x-request-id")).toMatch(UUID_RE);
  });

  test("a sane incoming id is kept; a hostile or oversized one is replaced", async () => {
    const kept = await t.request("GET", "/api/clients", { headers: { "X-Request-Id": "lb-7f3a.c2:9" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.c2:9");
    expect(requestLines().at(-1)).toMatchObject({ reqId: "lb-7f3a.c2:9" });

    for (const hostile of ["abc def", "<script>", "a\u202eb", "x".repeat(65), "id;drop", ""]) {
      expect(requestIdFor(hostile), hostile).toMatch(UUID_RE);
    }
    const replaced = await t.request("GET", "/api/clients", {
      headers: { "X-Request-Id": `forged","level":60,"msg":"${"x".repeat(80)}` },
    });
    expect(replaced.headers.get("x-request-id")).toMatch(UUID_RE);
    expect(requestLines().at(-1)).toMatchObject({ reqId: replaced.headers.get("x-request-id") });
  });
});

describe("what is logged of a request's path", () => {
  test("a public link's token is replaced, the query string left out", async () => {
    const token = "S3cretT0ken-S3cretT0ken-S3cretT0ken-abcdefg";
    await t.request("GET", `/api/public/sign/${token}`);
    await t.request("GET", `/api/public/invoices/${token}/pdf`);
    await t.request("GET", `/api/public/dispatch-response/${token}`);
    await t.request("GET", `/api/auth/reset-password/${token}?callbackURL=/auth/reset`);
    await t.request("GET", `/api/auth/verify-email?token=${token}`);
    expect(requestLines().map((line) => line.path)).toEqual([
      "/api/public/sign/:token",
      "/api/public/invoices/:token/pdf",
      "/api/public/dispatch-response/:token",
      "/api/auth/reset-password/:token",
      "/api/auth/verify-email",
    ]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  test("the web app's token pages too", () => {
    expect(loggedPath("/sign/abc123")).toBe("/sign/:token");
    expect(loggedPath("/respond/abc123/")).toBe("/respond/:token/");
    expect(loggedPath("/i/abc123")).toBe("/i/:token");
    expect(loggedPath("/invoices/0b6c")).toBe("/invoices/0b6c");
    expect(loggedPath("/signup")).toBe("/signup");
  });
});

describe("an unexpected error (500)", () => {
  test("its message quotes the request id, and the error's log line carries it", async () => {
    await t.db.execute(
      sql.raw(
        "create function test_fail_client() returns trigger language plpgsql as $$ begin raise exception 'test_fail_client'; end $$",
      ),
    );
    await t.db.execute(
      sql.raw(
        "create trigger test_fail_client before insert on clients for each row execute function test_fail_client()",
      ),
    );
    try {
      const res = await t.as(admin)("POST", "/api/clients", { name: "Failing Client" });
      expect(res.status, JSON.stringify(res.body)).toBe(500);
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(UUID_RE);
      expect(res.body.error).toContain(`quote this reference: ${id}.`);
      const error = lines.find((line) => line.msg === "Unexpected error");
      expect(error).toMatchObject({ level: 50, reqId: id });
      expect(JSON.stringify(error?.err)).toContain("test_fail_client");
      expect(requestLines().at(-1)).toMatchObject({ reqId: id, method: "POST", status: 500 });
    } finally {
      await t.db.execute(sql.raw("drop trigger if exists test_fail_client on clients"));
      await t.db.execute(sql.raw("drop function if exists test_fail_client()"));
    }
  });
});
