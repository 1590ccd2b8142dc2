/**
 * The compiled server (apps/server/dist/main.js, `node scripts/build-server.mjs`) as users run it,
 * started on a spare port against a fault test's own database, and what the tests do with it:
 * sign in, send requests (bounded: a hang is a failure, never a stuck test), read the live event
 * stream, run a load of reads and writes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { nth } from "../test/rows";
import { sparePort } from "./cluster";

const root = resolve(import.meta.dirname, "../../..");
const mainJs = resolve(root, "apps/server/dist/main.js");

const ADMIN = { email: "admin@demo-escort.test", password: "demo-admin-2025" };
export const PEVO_EMAIL = "pevo@demo-escort.test";

/** Longest a test request may take: longer is a hang (the pool's connect timeout is 5 s). */
const REQUEST_TIMEOUT_MS = 20_000;

export type Server = {
  url: string;
  process: ChildProcess;
  /** The exit code and signal once it exited, else undefined. */
  exit: () => { code: number | null; signal: NodeJS.Signals | null } | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stdout and stderr (for a failing test's message). */
  output: () => string;
  /** SIGTERM, then waits (bounded) for it to exit. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const started: Server[] = [];
const dataDirs: string[] = [];

export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Server> {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run node scripts/build-server.mjs first`);
  const port = await sparePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "pevo-fault-data-"));
  dataDirs.push(dataDir);
  const { TEST_DATABASE_URL: _t, REDIS_URL: _r, NODE_ENV: _n, SMTP_URL: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--enable-source-maps", mainJs], {
    cwd: root,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DEMO_ENABLED: "true",
      AUTH_RATE_LIMIT: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (c: Buffer) => chunks.push(c));
  child.stderr?.on("data", (c: Buffer) => chunks.push(c));
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      done(exit);
    }),
  );
  const output = () => Buffer.concat(chunks).toString("utf8");
  const server: Server = {
    url,
    process: child,
    exit: () => exit,
    exited,
    output,
    stop: async () => {
      if (!exit) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
  started.push(server);
  // Ready when it answers (it applies the migrations and seeds the demo company first).
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exit) throw new Error(`The server exited (${JSON.stringify(exit)}):\n${output()}`);
    const res = await fetch(`${url}/api/demo-accounts`, { signal: AbortSignal.timeout(5000) }).catch(
      () => null,
    );
    if (res?.ok) break;
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output()}`);
    await sleep(200);
  }
  return server;
}

/** Kills every server a test started and removes their data folders (afterAll). */
export async function stopAllServers() {
  await Promise.all(started.splice(0).map((s) => s.stop()));
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Answer = { status: number; body: unknown; headers: Headers; error?: string };

/** One request; a network error or a hang (REQUEST_TIMEOUT_MS) is status 0 with `error`. */
export async function call(
  server: Server,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        Origin: server.url,
        ...(options.cookie ? { Cookie: options.cookie } : {}),
        ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body, headers: res.headers };
  } catch (error) {
    return { status: 0, body: null, headers: new Headers(), error: String(error) };
  }
}

/** Signs in and answers the session cookie (`name=value`). */
export async function signIn(server: Server, email = ADMIN.email, password = ADMIN.password) {
  const res = await call(server, "POST", "/api/auth/sign-in/email", { body: { email, password } });
  if (res.status !== 200) throw new Error(`Sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.includes("session_token"));
  if (!cookie) throw new Error("Sign-in set no session cookie");
  return cookie;
}

/** Polls `check` until it is truthy, every 100 ms, for at most `ms`; answers its last value. */
export async function waitFor<T>(check: () => Promise<T> | T, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value || Date.now() > deadline) return value;
    await sleep(100);
  }
}

type LiveEvent = { event: string; data: string; at: number };

/** A live screen: GET /api/events read as Server-Sent Events. */
export async function openEvents(server: Server, cookie: string) {
  const abort = new AbortController();
  const events: LiveEvent[] = [];
  const res = await fetch(`${server.url}/api/events`, { headers: { Cookie: cookie }, signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`GET /api/events answered ${res.status}`);
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let at = buffer.indexOf("\n\n"); at >= 0; at = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trim());
          }
          if (data.length > 0) events.push({ event, data: data.join("\n"), at: Date.now() });
        }
      }
    } catch {
      // aborted, or the server closed it
    } finally {
      ended = true;
    }
  })();
  return {
    events,
    ended: () => ended,
    reading,
    close: () => abort.abort(),
  };
}

export type LoadResult = {
  kind: "read" | "write";
  server: string;
  start: number;
  end: number;
  status: number;
  /** The client name a write created (checked in the database afterwards). */
  name?: string;
  retryAfter?: string | null;
  body: unknown;
};

/**
 * Reads and writes (GET /api/clients, POST /api/clients) from `workers` loops over the targets,
 * until `stop()` is true, each loop pausing a little between requests. Bounded by `maxRequests`.
 */
export async function runLoad(
  targets: { server: Server; cookie: string }[],
  stop: () => boolean,
  { workers = 4, maxRequests = 4000, tag = randomBytes(3).toString("hex") } = {},
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  let n = 0;
  const loop = async (w: number) => {
    while (!stop() && n < maxRequests) {
      const i = n++;
      const { server, cookie } = nth(targets, i % targets.length, "load target");
      const write = i % 2 === 0;
      const name = write ? `Load ${tag} ${w}-${i}` : undefined;
      const start = Date.now();
      const res = write
        ? await call(server, "POST", "/api/clients", { cookie, body: { name } })
        : await call(server, "GET", "/api/clients?pageSize=5", { cookie });
      results.push({
        kind: write ? "write" : "read",
        server: server.url,
        start,
        end: Date.now(),
        status: res.status,
        name,
        retryAfter: res.headers.get("retry-after"),
        body: res.status >= 400 || res.status === 0 ? (res.error ?? res.body) : undefined,
      });
      await sleep(20);
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return results;
}

export const ok = (r: { status: number }) => r.status >= 200 && r.status < 300;
