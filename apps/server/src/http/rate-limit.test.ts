import { randomBytes } from "node:crypto";
import { rateLimits } from "@pevo/db";
import { insertCompanyWithAdmin } from "@pevo/db/seed";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { APP_URL, createTestApp, type TestApp, uniqueEmail } from "../../test/harness";
import { nth } from "../../test/rows";
import { createApp } from "../app";
import { hashPassword } from "../domain/company";
import { readConfig } from "../env";
import {
  ACCOUNT_CEILING_FACTOR,
  DatabaseStore,
  type RateLimitStore,
  redisRateLimitStore,
  tooManyAttempts,
} from "./rate-limit";

const LIMIT = 2;
const SIGN_IN = "/api/auth/sign-in/email";

type App = ReturnType<typeof createApp>;

/** A sign-in attempt (an unknown account unless `email` is given) through `app`; its status. */
async function signIn(app: App, options: { email?: string; password?: string; forwardedFor?: string } = {}) {
  const headers = new Headers({ Origin: APP_URL, "Content-Type": "application/json" });
  if (options.forwardedFor) headers.set("X-Forwarded-For", options.forwardedFor);
  const res = await app.request(`${APP_URL}${SIGN_IN}`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      email: options.email ?? uniqueEmail("nobody"),
      password: options.password ?? "wrong-password",
    }),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

/** A documentation address (2001:db8::/32) unique to this run, so that counts never meet another test's. */
const address = () => `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
const quietMailer = { mode: "outbox" as const, send: async () => {} };

/** A 429 whose Retry-After (1 to 60 seconds: one-minute windows) is the wait its message names. */
function expectRefused(res: Awaited<ReturnType<typeof signIn>>) {
  expect(res.status).toBe(429);
  const seconds = Number(res.retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(res.body).toEqual({ error: tooManyAttempts(seconds) });
}

/** The app behind one trusted proxy (TRUST_PROXY=1); more instances are made on its database. */
let proxied: TestApp;
beforeAll(async () => {
  proxied = await createTestApp({ authRateLimit: LIMIT, config: { trustProxy: 1 } });
});
afterAll(() => proxied?.close());

/** Another app instance on the same database, e.g. with another TRUST_PROXY. */
const instance = (config: Partial<TestApp["config"]> = {}) =>
  createApp({ db: proxied.db, config: { ...proxied.config, ...config }, mailer: quietMailer });

describe("the client address", () => {
  test("behind one trusted proxy, two addresses of X-Forwarded-For count separately", async () => {
    const [one, two] = [address(), address()];
    expect((await signIn(proxied.app, { forwardedFor: one })).status).toBe(401);
    expect((await signIn(proxied.app, { forwardedFor: one })).status).toBe(401);
    expectRefused(await signIn(proxied.app, { forwardedFor: one }));
    // Another address still has its own budget.
    expect((await signIn(proxied.app, { forwardedFor: two })).status).toBe(401);
    expect((await signIn(proxied.app, { forwardedFor: two })).status).toBe(401);
    expectRefused(await signIn(proxied.app, { forwardedFor: two }));
  });

  test("entries the client wrote in front of the proxy's own are not believed", async () => {
    const client = address();
    expect((await signIn(proxied.app, { forwardedFor: `${address()}, ${client}` })).status).toBe(401);
    expect((await signIn(proxied.app, { forwardedFor: `${address()}, ${client}` })).status).toBe(401);
    expectRefused(await signIn(proxied.app, { forwardedFor: `${address()}, ${client}` }));
  });

  test("with TRUST_PROXY unset, X-Forwarded-For is ignored: every request is the socket's address", async () => {
    // The only requests of this file without a trusted proxy: they all count as one address.
    const app = instance({ trustProxy: undefined });
    expect((await signIn(app, { forwardedFor: address() })).status).toBe(401);
    expect((await signIn(app, { forwardedFor: address() })).status).toBe(401);
    expectRefused(await signIn(app, { forwardedFor: address() }));
  });
});

const PASSWORD = "correct-horse-42";
/** A verified admin (written straight to the database: signing up would spend the limits under test). */
async function account() {
  const email = uniqueEmail("locked");
  await insertCompanyWithAdmin(proxied.db, {
    companyName: "Lockout Escorts",
    contactPerson: "Pat Admin",
    email,
    passwordHash: await hashPassword(PASSWORD),
    emailVerified: true,
  });
  return email;
}

/**
 * AUTH_RATE_LIMIT=4: 4 sign-in requests per minute from one address, 2 failed ones per account from
 * one address, 2 × ACCOUNT_CEILING_FACTOR per account from all addresses together.
 */
const LOCKOUT_LIMIT = 4;
const PER_PAIR = LOCKOUT_LIMIT / 2;

/** The lock-out tests, on an app instance whose counts live in the store under test. */
function failedSignInTests(app: () => App) {
  test("wrong passwords from one address lock that address out of that account only", async () => {
    const [target, other] = [await account(), await account()];
    const [a, b] = [address(), address()];
    for (let i = 0; i < PER_PAIR; i++) {
      expect((await signIn(app(), { email: target, forwardedFor: a })).status).toBe(401);
    }
    // The right password from A is refused now; the 429 says when to try again.
    expectRefused(await signIn(app(), { email: target, password: PASSWORD, forwardedFor: a }));
    // The owner, from another address, signs in.
    expect((await signIn(app(), { email: target, password: PASSWORD, forwardedFor: b })).status).toBe(200);
    // A still signs in to another account (its 4th sign-in request this minute).
    expect((await signIn(app(), { email: other, password: PASSWORD, forwardedFor: a })).status).toBe(200);
  });

  test("a successful sign-in clears its address's count of failures for the account", async () => {
    const target = await account();
    const a = address();
    expect((await signIn(app(), { email: target, forwardedFor: a })).status).toBe(401);
    expect((await signIn(app(), { email: target, password: PASSWORD, forwardedFor: a })).status).toBe(200);
    // Counted afresh: two more failures are allowed (without the reset the second would be refused).
    expect((await signIn(app(), { email: target, forwardedFor: a })).status).toBe(401);
    expect((await signIn(app(), { email: target, forwardedFor: a })).status).toBe(401);
  });

  test("from all addresses together an account allows 10× one address's failures", async () => {
    const target = await account();
    const ceiling = PER_PAIR * ACCOUNT_CEILING_FACTOR;
    for (let i = 0; i < ceiling / PER_PAIR; i++) {
      const from = address();
      for (let j = 0; j < PER_PAIR; j++) {
        expect((await signIn(app(), { email: target, forwardedFor: from })).status).toBe(401);
      }
    }
    // Every address is refused now, even with the right password, until the window ends.
    const fresh = address();
    expectRefused(await signIn(app(), { email: target, password: PASSWORD, forwardedFor: fresh }));
    // Only that account: the same address signs in to another one.
    expect(
      (await signIn(app(), { email: await account(), password: PASSWORD, forwardedFor: fresh })).status,
    ).toBe(200);
  });
}

describe("failed sign-ins per account and address (counts in the database)", () => {
  let app: App;
  beforeAll(() => {
    app = instance({ authRateLimit: LOCKOUT_LIMIT });
  });
  failedSignInTests(() => app);
});

describe("counts in the database", () => {
  test("two app instances on one database share one budget", async () => {
    const [first, second] = [instance(), instance()];
    const client = address();
    expect((await signIn(first, { forwardedFor: client })).status).toBe(401);
    expect((await signIn(second, { forwardedFor: client })).status).toBe(401);
    expectRefused(await signIn(first, { forwardedFor: client }));
    expectRefused(await signIn(second, { forwardedFor: client }));
  });

  test("a window starts over once it has expired, and expired rows are deleted", async () => {
    const db = proxied.db;
    const store = new DatabaseStore(db, { prefix: `test:${randomBytes(4).toString("hex")}:` });
    store.init({ windowMs: 60_000 });
    const stale = `${store.prefix}stale`;
    await db.insert(rateLimits).values([
      { key: `${store.prefix}old`, count: 50, resetAt: sql`now() - interval '1 minute'` },
      { key: stale, count: 7, resetAt: sql`now() - interval '2 minutes'` },
    ]);
    expect(await store.increment("old")).toMatchObject({ totalHits: 1 });
    expect(await store.increment("old")).toMatchObject({ totalHits: 2 });
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, stale))).toEqual([]);
    await store.decrement("old");
    expect((await store.get("old"))?.totalHits).toBe(1);
    await store.resetKey("old");
    expect(await store.get("old")).toBeUndefined();
  });
});

describe("configuration", () => {
  test("TRUST_PROXY and REDIS_URL are read from the environment", () => {
    expect(readConfig({}).trustProxy).toBe(0);
    expect(readConfig({}).redisUrl).toBeUndefined();
    const config = readConfig({ TRUST_PROXY: "2", REDIS_URL: "redis://127.0.0.1:6379" });
    expect(config).toMatchObject({ trustProxy: 2, redisUrl: "redis://127.0.0.1:6379" });
    expect(() => readConfig({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
    expect(() => readConfig({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL/);
  });
});

// Against a real Redis server: `.ci/run` sets TEST_REDIS_URL (redis://127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe("counts in Redis (TEST_REDIS_URL)", () => {
    const stores: RateLimitStore[] = [];
    afterAll(async () => {
      for (const s of stores) await s.close();
    });

    describe("failed sign-ins per account and address", () => {
      let app: App;
      beforeAll(() => {
        const rateLimitStore = redisRateLimitStore(redisUrl, {
          prefix: `pevo-test:${randomBytes(6).toString("hex")}:`,
        });
        stores.push(rateLimitStore);
        app = createApp({
          db: proxied.db,
          config: { ...proxied.config, authRateLimit: LOCKOUT_LIMIT },
          mailer: quietMailer,
          rateLimitStore: rateLimitStore.store,
        });
      });
      failedSignInTests(() => app);
    });

    test("two app instances, each with its own Redis connection, share one budget", async () => {
      const prefix = `pevo-test:${randomBytes(6).toString("hex")}:`;
      const instances = [0, 1].map(() => {
        const rateLimitStore = redisRateLimitStore(redisUrl, { prefix });
        stores.push(rateLimitStore);
        return createApp({
          db: proxied.db,
          config: proxied.config,
          mailer: quietMailer,
          rateLimitStore: rateLimitStore.store,
        });
      });
      const client = address();
      const before = await proxied.db.select().from(rateLimits);
      expect((await signIn(nth(instances, 0), { forwardedFor: client })).status).toBe(401);
      expect((await signIn(nth(instances, 1), { forwardedFor: client })).status).toBe(401);
      expectRefused(await signIn(nth(instances, 0), { forwardedFor: client }));
      expectRefused(await signIn(nth(instances, 1), { forwardedFor: client }));
      // Counted in Redis, not in the database.
      expect(await proxied.db.select().from(rateLimits)).toEqual(before);
    });
  });
}
