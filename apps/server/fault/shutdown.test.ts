/**
 * Graceful shutdown (README "It stays up", apps/server/src/main.ts): SIGTERM with requests in flight
 * and a live stream open. The requests are held in flight by a lock this test takes on the clients
 * table (their INSERTs wait for it).
 */

import { missingRow } from "@pevo/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "./cluster";
import { DB, savedClientNames, unique } from "./fixtures";
import { call, openEvents, type Server, signIn, sleep, startServer, stopAllServers, waitFor } from "./server";

let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.query("postgres", `create database ${DB}`);
});

afterAll(async () => {
  await stopAllServers();
  await cluster?.destroy();
});

/** Holds a SHARE lock on the clients table (no INSERT gets through) until release(). */
async function lockClients() {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: cluster.url(DB) });
  client.on("error", () => {});
  await client.connect();
  await client.query("begin");
  await client.query("lock table clients in share mode");
  return {
    release: async () => {
      await client.query("commit").catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

/** Waits for the server's exit, at most `ms`; undefined when it is still running. */
const exitWithin = (server: Server, ms: number) =>
  Promise.race([server.exited, sleep(ms).then(() => undefined)]);

/** Sends `count` client creations that wait on the lock; resolves once they all are in the database's wait queue. */
async function writesInFlight(server: Server, cookie: string, count: number) {
  const names = Array.from({ length: count }, () => unique("In flight"));
  const answers = names.map((name) => call(server, "POST", "/api/clients", { cookie, body: { name } }));
  const waiting = await waitFor(async () => {
    const [row = missingRow("row")] = await cluster.query<{ n: string }>(
      "postgres",
      "select count(*) as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
      [DB],
    );
    return Number(row.n) >= count;
  }, 15_000);
  expect(waiting).toBe(true);
  return { names, answers: Promise.all(answers) };
}

describe("SIGTERM", () => {
  it("finishes the requests in flight, ends the live streams and exits 0", async () => {
    const server = await startServer(cluster.url(DB));
    const cookie = await signIn(server);
    const screen = await openEvents(server, cookie);
    expect(await waitFor(() => screen.events.some((e) => e.event === "ready"), 10_000)).toBe(true);
    const lock = await lockClients();
    const { names, answers } = await writesInFlight(server, cookie, 3);

    server.process.kill("SIGTERM");
    await sleep(1000);
    // Still finishing its requests; no longer accepting new connections.
    expect(server.exit()).toBeUndefined();
    expect((await call(server, "GET", "/api/demo-accounts")).status).toBe(0);
    await lock.release();

    expect((await answers).map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await exitWithin(server, 10_000), server.output()).toEqual({ code: 0, signal: null });
    expect(screen.ended()).toBe(true);
    expect((await savedClientNames(cluster, names)).size).toBe(3);
  });

  it("closes the connections of requests still running after 10 s and exits 0", async () => {
    const server = await startServer(cluster.url(DB));
    const cookie = await signIn(server);
    const lock = await lockClients();
    try {
      const { answers } = await writesInFlight(server, cookie, 1);
      server.process.kill("SIGTERM");
      // 10 s of draining, then the connections are closed and the pool's close is bounded (5 s).
      expect(await exitWithin(server, 25_000), server.output()).toEqual({ code: 0, signal: null });
      expect((await answers)[0]?.status).toBe(0);
    } finally {
      await lock.release();
    }
  });
});
