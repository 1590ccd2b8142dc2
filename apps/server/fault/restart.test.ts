/**
 * The database blinks (README "It stays up"): the compiled server on a throwaway PostgreSQL cluster,
 * under a load of reads and writes, while the cluster restarts and, separately, while every backend
 * of the app's database is terminated. The server stays up, answers 503 + Retry-After only during
 * the outage, recovers within 5 s, keeps every acknowledged write, its live screens get events
 * again, and a job due meanwhile runs once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "./cluster";
import {
  createDispatch,
  DB,
  demoPevoId,
  makeReminderDue,
  reminderMails,
  reminderStatus,
  savedClientNames,
  unique,
} from "./fixtures";
import {
  call,
  ok,
  openEvents,
  runLoad,
  type Server,
  signIn,
  sleep,
  startServer,
  stopAllServers,
  waitFor,
} from "./server";

let cluster: Cluster;
let server: Server;
let cookie: string;
let pevoId: string;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.query("postgres", `create database ${DB}`);
  server = await startServer(cluster.url(DB));
  cookie = await signIn(server);
  pevoId = await demoPevoId(cluster);
});

afterAll(async () => {
  await stopAllServers();
  await cluster?.destroy();
});

/** Runs the load while `outage` takes the database away and gives it back; checks everything. */
async function survives(outage: () => Promise<void>) {
  const screen = await openEvents(server, cookie);
  expect(await waitFor(() => screen.events.some((e) => e.event === "ready"), 10_000)).toBe(true);
  const driver = unique("Reminder driver");
  const remindedDispatch = await createDispatch(server, cookie, driver, pevoId);

  let stopLoad = false;
  const loading = runLoad([{ server, cookie }], () => stopLoad);
  await sleep(1500);
  // Due a moment from now: most likely while the database is away.
  await makeReminderDue(cluster, remindedDispatch, "now() + interval '1 second'");
  const down = Date.now();
  await outage();
  const up = Date.now();

  // Every request succeeds again within 5 s of PostgreSQL being back.
  const recovered = await waitFor(async () => {
    const read = await call(server, "GET", "/api/clients?pageSize=5", { cookie });
    const write = await call(server, "POST", "/api/clients", { cookie, body: { name: unique("Probe") } });
    return ok(read) && ok(write);
  }, 5000);
  expect(recovered, server.output()).toBe(true);
  const recoveredAt = Date.now();
  await sleep(2000);
  stopLoad = true;
  const results = await loading;

  expect(server.exit(), server.output()).toBeUndefined();
  const afterRecovery = results.filter((r) => r.start >= recoveredAt);
  expect(afterRecovery.length).toBeGreaterThan(0);
  expect(afterRecovery.filter((r) => !ok(r))).toEqual([]);
  // A failure is a 503 with Retry-After in the API's error shape (never a 500, a hang or a reset),
  // and only while the database was away.
  for (const failure of results.filter((r) => !ok(r))) {
    expect(failure).toMatchObject({ status: 503, retryAfter: "5", body: { error: expect.any(String) } });
    expect(failure.end).toBeGreaterThanOrEqual(down);
    expect(failure.start).toBeLessThanOrEqual(recoveredAt);
  }
  // Every acknowledged write is in the database.
  const acknowledged = results.filter((r) => r.kind === "write" && ok(r)).map((r) => r.name as string);
  expect(acknowledged.length).toBeGreaterThan(0);
  const saved = await savedClientNames(cluster, acknowledged);
  expect(acknowledged.filter((name) => !saved.has(name))).toEqual([]);

  // The live screen: told to refetch (events may have been missed), then gets new events again.
  expect(
    await waitFor(() => screen.events.some((e) => e.event === "resync" && e.at >= down), 30_000),
    "resync after the LISTEN connection is back",
  ).toBe(true);
  const liveDispatch = await createDispatch(server, cookie, unique("Live driver"));
  expect(
    await waitFor(
      () => screen.events.some((e) => e.event === "dispatch.created" && e.data.includes(liveDispatch)),
      15_000,
    ),
  ).toBe(true);
  expect(screen.ended()).toBe(false);
  screen.close();

  // The job due during the outage ran, once.
  expect(
    await waitFor(async () => (await reminderStatus(cluster, remindedDispatch)) === "done", 30_000),
  ).toBe(true);
  expect(await reminderMails(cluster, driver)).toBe(1);
  return { results, down, up };
}

describe("the database blinks", () => {
  it("a restart of PostgreSQL (pg_ctl restart -m fast) under load", async () => {
    const { results, down, up } = await survives(() => cluster.restart());
    // The load ran through the outage: requests were answered (503) while it was down.
    expect(results.some((r) => r.start >= down && r.end <= up)).toBe(true);
    expect(results.some((r) => r.status === 503)).toBe(true);
  });

  it("while PostgreSQL is down: 503 + Retry-After from the API, Better Auth and the event stream; back after", async () => {
    await cluster.stop();
    try {
      const answers = await Promise.all([
        call(server, "GET", "/api/clients?pageSize=5", { cookie }),
        call(server, "POST", "/api/clients", { cookie, body: { name: unique("Down") } }),
        call(server, "GET", "/api/auth/get-session", { cookie }),
        call(server, "POST", "/api/auth/sign-in/email", { body: { email: "a@b.test", password: "x" } }),
        call(server, "GET", "/api/events", { cookie }),
      ]);
      for (const answer of answers) {
        expect(answer).toMatchObject({ status: 503, body: { error: expect.any(String) } });
        expect(answer.headers.get("retry-after")).toBe("5");
      }
    } finally {
      await cluster.start();
    }
    expect(server.exit(), server.output()).toBeUndefined();
    const back = await waitFor(
      async () => ok(await call(server, "GET", "/api/auth/get-session", { cookie })),
      5000,
    );
    expect(back).toBe(true);
  });

  it("every backend of the app's database terminated (pg_terminate_backend) under load", async () => {
    await survives(async () => {
      const rows = await cluster.query(
        "postgres",
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [DB],
      );
      expect(rows.length).toBeGreaterThan(1);
    });
  });
});
