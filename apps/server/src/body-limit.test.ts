/**
 * Every route's request body limit (http/body-limit.ts): over the limit is a 413 in the JSON error
 * shape before the body is read, whether the body declares its length or streams (chunked). Walks
 * every operation of /api/openapi.json, Better Auth's endpoints and signup; then checks the same
 * over a real socket of @hono/node-server, as the compiled server runs.
 */
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { serve } from "@hono/node-server";
import { FILE_LIMITS, LOGO_LIMITS, TEXT_LIMITS } from "@pevo/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { splitRoute } from "../test/routes";
import { AUTH_ENDPOINTS } from "./app";
import { bodyLimitOf, JSON_BODY_LIMIT } from "./http/body-limit";
import { UPLOAD_FRAMING_BYTES } from "./http/multipart";

let t: TestApp;
let routes: { method: string; path: string; multipart: boolean }[];

const TOKEN = "a".repeat(43);
const UUID = "00000000-0000-4000-8000-000000000001";
const CHUNK = 16 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.request("GET", "/api/openapi.json")).body as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== "get")
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{token\}/g, TOKEN).replace(/\{[^}]+\}/g, UUID),
        multipart: Object.hasOwn(operation.requestBody?.content ?? {}, "multipart/form-data"),
      })),
  );
  for (const endpoint of AUTH_ENDPOINTS) {
    const [method, path] = splitRoute(endpoint);
    if (method !== "GET") routes.push({ method, path, multipart: false });
  }
});
afterAll(() => t?.close());

/** A body of `size` bytes, streamed in chunks without a length; `pulled` counts what was read. */
function streamedBody(size: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const n = Math.min(CHUNK, size - counter.pulled);
        if (n <= 0) return controller.close();
        counter.pulled += n;
        controller.enqueue(new Uint8Array(n).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

async function send(method: string, path: string, size: number, headers: Record<string, string> = {}) {
  const { stream, counter } = streamedBody(size);
  const res = await t.app.request(`http://localhost:3000${path}`, {
    method,
    headers: { Origin: "http://localhost:3000", "Content-Type": "application/json", ...headers },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { status: res.status, body: await res.json().catch(() => null), pulled: counter.pulled };
}

describe("every route's body limit", () => {
  test("the routes walked: every write operation of the document, Better Auth's and signup", () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain("POST /api/signup");
    expect(names).toContain(`POST /api/public/sign/${TOKEN}/decline`);
    expect(names).toContain("POST /api/auth/sign-in/email");
    expect(names).toContain("POST /api/auth/reset-password");
    expect(routes.filter((r) => r.multipart).length).toBeGreaterThanOrEqual(4);
  });

  test("64 KB for JSON; an upload its 15 MB file and framing; a signature its drawing", () => {
    for (const r of routes) {
      const drawn =
        (r.path.endsWith("/sign") && r.path.startsWith("/api/public/sign/")) ||
        r.path.endsWith("/safety-meeting");
      const expected =
        r.method === "PUT" && r.path === "/api/company/logo"
          ? LOGO_LIMITS.maxBytes + UPLOAD_FRAMING_BYTES
          : r.multipart
            ? FILE_LIMITS.maxBytes + UPLOAD_FRAMING_BYTES
            : drawn
              ? bodyLimitOf("POST", r.path)
              : JSON_BODY_LIMIT;
      expect(bodyLimitOf(r.method, r.path), `${r.method} ${r.path}`).toBe(expected);
    }
    expect(bodyLimitOf("POST", `/api/public/sign/${TOKEN}/sign`)).toBeGreaterThan(200_000);
    expect(bodyLimitOf("POST", `/api/public/sign/${TOKEN}/sign`)).toBeLessThan(300 * 1024);
    // The safety meeting carries two drawings (the PEVO's and the truck driver's).
    const meeting = bodyLimitOf("POST", "/api/portal/dispatches/x/safety-meeting");
    expect(meeting).toBe(2 * TEXT_LIMITS.drawnSignature + JSON_BODY_LIMIT);
  });

  test("a Content-Length over the limit is a 413 without a byte of the body read", async () => {
    for (const r of routes) {
      const limit = bodyLimitOf(r.method, r.path);
      const res = await send(r.method, r.path, limit + 1, { "Content-Length": String(limit + 1) });
      expect(res.status, `${r.method} ${r.path}`).toBe(413);
      expect(res.body, `${r.method} ${r.path}`).toEqual({ error: expect.any(String) });
      expect(res.pulled, `${r.method} ${r.path}`).toBe(0);
    }
    // The refusal carries the app's security headers like any other answer.
    const one = await t.app.request(`http://localhost:3000/api/signup`, {
      method: "POST",
      headers: { "Content-Length": String(JSON_BODY_LIMIT + 1), "Content-Type": "application/json" },
      body: "{}",
    });
    expect(one.status).toBe(413);
    expect(one.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a streamed body is cut off with a 413 once it passes the limit, not read to its end", async () => {
    for (const r of routes) {
      const limit = bodyLimitOf(r.method, r.path);
      const res = await send(r.method, r.path, limit * 4);
      expect(res.status, `${r.method} ${r.path}`).toBe(413);
      expect(res.body, `${r.method} ${r.path}`).toEqual({ error: expect.any(String) });
      expect(res.pulled, `${r.method} ${r.path}`).toBeLessThanOrEqual(limit + CHUNK);
    }
  });

  test("a body of exactly the limit is let through to the route", async () => {
    for (const r of routes.filter((r) => !r.multipart)) {
      const limit = bodyLimitOf(r.method, r.path);
      const res = await send(r.method, r.path, limit);
      expect(res.status, `${r.method} ${r.path}`).not.toBe(413);
      expect(res.status, `${r.method} ${r.path}`).toBeLessThan(500);
    }
  });

  test("an upload keeps its own 413 message", async () => {
    const upload = routes.find((r) => r.multipart && r.path.endsWith("/documents"));
    const limit = bodyLimitOf("POST", upload?.path ?? "");
    const res = await send("POST", upload?.path ?? "", limit + 1, { "Content-Length": String(limit + 1) });
    expect(res).toMatchObject({ status: 413, body: { error: "The file is larger than 15 MB" } });
  });
});

describe("over a real socket (@hono/node-server, as the compiled server runs)", () => {
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** Opens a connection, sends the request head, and collects whatever the server answers. */
  async function open(head: string) {
    const socket: Socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    const state = { response: "", closed: false };
    socket.on("data", (data) => {
      state.response += data.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      state.closed = true;
    });
    socket.write(head);
    return { socket, state };
  }
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
  };
  const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
  const jsonOf = (response: string) => JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4));

  test("a declared 300 MB body to an anonymous public route is refused at once, never waited for", async () => {
    const { socket, state } = await open(
      `POST /api/public/sign/${TOKEN}/decline HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${300 * 1024 * 1024}\r\n\r\n{"reason":"`,
    );
    await until(() => state.response.includes("}"));
    expect(statusOf(state.response)).toBe(413);
    expect(jsonOf(state.response)).toEqual({ error: "The request body must be at most 64 KB" });
    expect(state.response.toLowerCase()).toContain("connection: close");
    socket.destroy();
  });

  test("a chunked body streaming past the limit is cut off with a 413 and the connection closed", async () => {
    const { socket, state } = await open(
      "POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n" +
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
    );
    const chunk = `${CHUNK.toString(16)}\r\n${" ".repeat(CHUNK)}\r\n`;
    let sent = 0;
    // Keep streaming (up to 100 MB) until the server answers: it must not wait for the end.
    while (!state.response && !state.closed && sent < 100 * 1024 * 1024) {
      const ok = socket.write(chunk);
      sent += CHUNK;
      // The server closing the connection mid-write (EPIPE) is the point: it ends the loop.
      const drained = once(socket, "drain").catch(() => {});
      if (!ok) await Promise.race([drained, until(() => state.closed || !!state.response)]);
    }
    await until(() => state.closed);
    expect(statusOf(state.response)).toBe(413);
    expect(jsonOf(state.response)).toEqual({ error: "The request body must be at most 64 KB" });
    expect(state.closed).toBe(true);
    expect(sent).toBeLessThan(100 * 1024 * 1024);
    socket.destroy();
  });
});
