/**
 * The server's memory under oversized bodies: 50 anonymous 10 MB bodies to a public route (half
 * with a Content-Length, half streamed chunked) must leave the compiled server's resident memory
 * (RSS) within 50 MB of where it started, since every body limit answers 413 before reading
 * (apps/server/src/http/body-limit.ts). A step of `npm run bench`; alone, on the embedded database:
 *
 *   npx tsx bench/body-memory.ts
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const BODIES = 50;
export const BODY_BYTES = 10 * 1024 * 1024;
/** The most the server's RSS may grow over the run. */
export const MAX_GROWTH_BYTES = 50 * 1024 * 1024;

export type BodyMemory = { before: number; after: number; growth: number; statuses: Record<string, number> };

/** A process's resident set size in bytes (Linux /proc; `ps` elsewhere). */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return (
    Number(spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim()) * 1024
  );
}

/** A body of `bytes` streamed in 64 KB chunks, without a Content-Length. */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

/** Sends the bodies to the server at `base` (process `pid`) and measures its RSS before and after. */
export async function measureBodyMemory(base: string, pid: number): Promise<BodyMemory> {
  const url = `${base}/api/public/sign/${"a".repeat(43)}/decline`;
  const headers = { "Content-Type": "application/json", Origin: base };
  // Warm up the route (code paths compiled, buffers allocated) before the first reading.
  for (let i = 0; i < 5; i++) await fetch(url, { method: "POST", headers, body: '{"reason":"warm up"}' });
  const before = rssOf(pid);
  const declared = new Uint8Array(BODY_BYTES).fill(0x20);
  const statuses: Record<string, number> = {};
  for (let i = 0; i < BODIES; i++) {
    const body = i % 2 === 0 ? declared : streamed(BODY_BYTES);
    const status = await fetch(url, { method: "POST", headers, body, duplex: "half" } as RequestInit)
      .then(async (res) => {
        await res.arrayBuffer();
        return String(res.status);
      })
      // The server may close the connection before all of an unread body is sent: that is the point.
      .catch(() => "connection closed");
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  await new Promise((r) => setTimeout(r, 1000));
  const after = rssOf(pid);
  return { before, after, growth: after - before, statuses };
}

export const describeBodyMemory = (m: BodyMemory) =>
  `RSS ${(m.before / 2 ** 20).toFixed(1)} MB -> ${(m.after / 2 ** 20).toFixed(1)} MB ` +
  `(${m.growth >= 0 ? "+" : ""}${(m.growth / 2 ** 20).toFixed(1)} MB) after ${BODIES} anonymous ` +
  `${BODY_BYTES / 2 ** 20} MB bodies; answers ${JSON.stringify(m.statuses)}`;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Alone: the compiled server on a fresh embedded database in a temporary folder. */
async function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const build = spawnSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the server build failed");
  const dataDir = mkdtempSync(join(tmpdir(), "pevo-body-memory-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: base,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    TIN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    DEMO_ENABLED: "false",
    AUTH_RATE_LIMIT: "1000",
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (
        await fetch(`${base}/api/me`).then(
          () => true,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`the server did not answer at ${base}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const result = await measureBodyMemory(base, server.pid as number);
    const ok = result.growth <= MAX_GROWTH_BYTES;
    console.log(`${ok ? "ok  " : "MISS"} server memory within 50 MB: ${describeBodyMemory(result)}`);
    if (!ok) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    if (server.exitCode === null) await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
