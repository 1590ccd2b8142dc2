/**
 * Two instances on one PostgreSQL database (README "It stays up"): two compiled servers on two
 * ports share sessions, the sign-in rate limit, the durable jobs and the live events, and one of
 * them stopped with SIGTERM during a load through both loses no acknowledged write.
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
  PEVO_EMAIL,
  runLoad,
  type Server,
  signIn,
  sleep,
  startServer,
  stopAllServers,
  waitFor,
} from "./server";

/** Sign-in attempts per window: low, so that two separate budgets would show. */
const LIMIT = 6;

let cluster: Cluster;
let a: Server;
let b: Server;
let cookie: string;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.query("postgres", `create database ${DB}`);
  const env = { AUTH_RATE_LIMIT: String(LIMIT) };
  // One after the other: the first applies the migrations and seeds the demo company.
  a = await startServer(cluster.url(DB), env);
  b = await startServer(cluster.url(DB), env);
  cookie = await signIn(a);
});

afterAll(async () => {
  await stopAllServers();
  await cluster?.destroy();
});

describe("two instances on one database", () => {
  it("count sign-in attempts together", async () => {
    const statuses: number[] = [];
    // Alternating between the two: separate budgets would allow about twice as many.
    for (let i = 0; i < LIMIT + 1 && !statuses.includes(429); i++) {
      const server = i % 2 === 0 ? b : a;
      const res = await call(server, "POST", "/api/auth/sign-in/email", {
        body: { email: PEVO_EMAIL, password: "not the password" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    // The other one refuses too.
    const other = statuses.length % 2 === 0 ? b : a;
    const next = await call(other, "POST", "/api/auth/sign-in/email", {
      body: { email: PEVO_EMAIL, password: "not the password" },
    });
    expect(next.status).toBe(429);
  });

  it("share sessions: signed in on one, signed in on the other", async () => {
    const onB = await call(b, "GET", "/api/clients?pageSize=5", { cookie });
    expect(onB.status).toBe(200);
    expect((await call(b, "GET", "/api/clients?pageSize=5")).status).toBe(401);
  });

  it("deliver a dispatch created on one to a live screen on the other", async () => {
    const screen = await openEvents(b, cookie);
    expect(await waitFor(() => screen.events.some((e) => e.event === "ready"), 10_000)).toBe(true);
    const id = await createDispatch(a, cookie, unique("Live driver"));
    expect(
      await waitFor(
        () => screen.events.some((e) => e.event === "dispatch.created" && e.data.includes(id)),
        15_000,
      ),
    ).toBe(true);
    screen.close();
  });

  it("run a due job exactly once", async () => {
    const driver = unique("Reminder driver");
    const id = await createDispatch(a, cookie, driver, await demoPevoId(cluster));
    await makeReminderDue(cluster, id);
    expect(await waitFor(async () => (await reminderStatus(cluster, id)) === "done", 30_000)).toBe(true);
    // Both workers poll every 5 s: give the other one its chance to run it again.
    await sleep(6000);
    expect(await reminderMails(cluster, driver)).toBe(1);
  });

  it("lose no acknowledged write when one is stopped with SIGTERM under load", async () => {
    const screen = await openEvents(b, cookie);
    let stopLoad = false;
    const loading = runLoad(
      [
        { server: a, cookie },
        { server: b, cookie },
      ],
      () => stopLoad,
    );
    await sleep(1500);
    const stopped = await b.stop();
    await sleep(1500);
    stopLoad = true;
    const results = await loading;

    expect(stopped, b.output()).toEqual({ code: 0, signal: null });
    expect(screen.ended()).toBe(true);
    expect(a.exit()).toBeUndefined();
    // The one still running answered everything.
    expect(results.filter((r) => r.server === a.url && !ok(r))).toEqual([]);
    // The stopped one answered its requests until it stopped listening, then refused connections.
    expect(results.some((r) => r.server === b.url && ok(r))).toBe(true);
    for (const r of results.filter((r) => r.server === b.url && !ok(r))) expect(r.status).toBe(0);
    const acknowledged = results.filter((r) => r.kind === "write" && ok(r)).map((r) => r.name as string);
    const saved = await savedClientNames(cluster, acknowledged);
    expect(acknowledged.filter((name) => !saved.has(name))).toEqual([]);
  });
});
