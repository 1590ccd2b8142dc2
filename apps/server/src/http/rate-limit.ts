/**
 * Rate limits of the sign-in, signup and reset endpoints: hono-rate-limiter with fixed one-minute
 * windows, its counts kept where every app instance sees them (the database's `rate_limits` table,
 * or Redis when REDIS_URL is set).
 */
import { createHash } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Database, missingRow, rateLimits } from "@pevo/db";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { type ClientRateLimitInfo, RedisStore, rateLimiter, type Store } from "hono-rate-limiter";
import { createClient } from "redis";
import { log } from "../lib/log";
import { ApiError } from "./errors";

const RATE_LIMIT_WINDOW_MS = 60_000;

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "in-process"; // app.request() in tests has no socket
  }
}

/**
 * The client's address. With no trusted proxy (0) it is the socket's peer and X-Forwarded-For is
 * ignored (anyone can send one). Behind N trusted proxies, each of which appends the address it
 * saw, it is the Nth entry from the right of X-Forwarded-For: the entries left of it were written
 * by the client and are not believed. A shorter header than N entries was written by trusted
 * proxies only, so its leftmost entry is the client.
 */
export function clientAddress(c: Context, trustProxy = 0): string {
  if (trustProxy <= 0) return socketAddress(c);
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return socketAddress(c);
  return forwarded[Math.max(forwarded.length - trustProxy, 0)] ?? socketAddress(c);
}

/**
 * Counts in the `rate_limits` table, one row per key and window: one atomic upsert per request, so
 * two app instances on the same database share one budget. Expired rows are deleted at most once
 * a window per instance.
 */
export class DatabaseStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = RATE_LIMIT_WINDOW_MS;
  private nextSweep = 0;

  constructor(
    private readonly db: Database,
    options: { prefix?: string } = {},
  ) {
    this.prefix = options.prefix ?? "";
  }

  init(options: { windowMs: number }) {
    this.windowMs = options.windowMs;
  }

  private live(key: string) {
    return and(eq(rateLimits.key, this.prefix + key), gt(rateLimits.resetAt, sql`now()`));
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db.select().from(rateLimits).where(this.live(key));
    return row ? { totalHits: row.count, resetTime: row.resetAt } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    await this.sweep();
    const expired = sql`${rateLimits.resetAt} <= now()`;
    const [row = missingRow("rateLimits")] = await this.db
      .insert(rateLimits)
      .values({
        key: this.prefix + key,
        count: 1,
        resetAt: sql`now() + ${this.windowMs}::integer * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    return { totalHits: row.count, resetTime: row.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(this.live(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, this.prefix + key));
  }

  /** Deletes the expired windows of every key, at most once a window. */
  private async sweep() {
    const now = Date.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.windowMs;
    await this.db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
  }
}

export type RateLimitStore = { store: Store; close: () => Promise<void> };

/**
 * hono-rate-limiter's RedisStore on a node-redis client. The client connects at once and queues
 * commands meanwhile; when Redis is unreachable a limited request fails (500) rather than going
 * unlimited, and the client keeps reconnecting.
 */
export function redisRateLimitStore(url: string, options: { prefix?: string } = {}): RateLimitStore {
  const client = createClient({ url });
  let lastError = "";
  client.on("error", (error: Error) => {
    if (error.message !== lastError) log().error(`Redis (rate limits): ${error.message}`);
    lastError = error.message;
  });
  const connected = client.connect().then(
    () => {
      lastError = "";
    },
    (error: Error) => {
      throw new Error(`Cannot connect to Redis (REDIS_URL): ${error.message}`);
    },
  );
  const store = new RedisStore({
    prefix: options.prefix ?? "pevo:rl:",
    client: {
      scriptLoad: async (script) => {
        await connected;
        return client.scriptLoad(script);
      },
      evalsha: async <TArgs extends unknown[], TData = unknown>(
        sha1: string,
        keys: string[],
        args: TArgs,
      ) => {
        await connected;
        return (await client.evalSha(sha1, { keys, arguments: args.map(String) })) as TData;
      },
      decr: async (key) => {
        await connected;
        return client.decr(key);
      },
      del: async (key) => {
        await connected;
        return client.del(key);
      },
    },
  });
  // The store loads its scripts at once; a failure there is retried (and reported) per request.
  for (const loading of [store.incrementScriptSha, store.getScriptSha, store.decrementScriptSha]) {
    loading.catch(() => {});
  }
  return {
    store,
    close: async () => {
      if (client.isOpen) await client.close();
    },
  };
}

/** Where the counts live: Redis when REDIS_URL is set, otherwise the database. */
export function createRateLimitStore(db: Database, redisUrl: string | undefined): RateLimitStore {
  if (redisUrl) return redisRateLimitStore(redisUrl);
  return { store: new DatabaseStore(db), close: async () => {} };
}

type LimiterEnv = { Variables: Record<string, ClientRateLimitInfo | undefined> };

/** The 429's message: when the client may try again. */
export function tooManyAttempts(seconds: number): string {
  return `Too many attempts. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
}

/** 429 in the API's error shape, with Retry-After in seconds and the same wait in the message. */
function refuseUntil(c: Context, resetTime: Date | undefined): never {
  const resetAt = resetTime?.getTime() ?? Date.now() + RATE_LIMIT_WINDOW_MS;
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  c.header("Retry-After", String(seconds));
  throw new ApiError(429, tooManyAttempts(seconds));
}

/** The 429 of a hono-rate-limiter limiter (from the count it put on `c`). */
function refuse(c: Context, infoName: string): never {
  refuseUntil(c, (c as unknown as Context<LimiterEnv>).get(infoName)?.resetTime);
}

/** Only POSTs are attempts; a GET (e.g. a reset link) is not counted. */
const notAPost = (c: Context) => c.req.method !== "POST";

type Limit = { limit: number; store: Store };

/** A limiter with fixed one-minute windows; `name` is where it leaves its count on the context. */
function limiter(
  name: string,
  options: Limit,
  keyOf: (c: Context) => string | Promise<string>,
  skip?: (c: Context) => boolean | Promise<boolean>,
): MiddlewareHandler {
  return rateLimiter({
    windowMs: RATE_LIMIT_WINDOW_MS,
    limit: options.limit,
    store: options.store,
    standardHeaders: false,
    requestPropertyName: name,
    skip,
    keyGenerator: keyOf,
    handler: (c) => refuse(c, name),
  });
}

/** Fixed one-minute windows per client address and path: enough to slow password guessing. */
export const limitPerAddress = (options: Limit & { trustProxy: number }) =>
  limiter(
    "rateLimitPerAddress",
    options,
    (c) => `address:${clientAddress(c, options.trustProxy)}:${c.req.path}`,
    notAPost,
  );

const emails = new WeakMap<Request, Promise<string | null>>();
/** The `email` of a JSON body, lower-cased; read from a copy, so the auth handler still gets the body. */
function emailOf(c: Context): Promise<string | null> {
  let email = emails.get(c.req.raw);
  if (!email) {
    email = c.req.raw
      .clone()
      .json()
      .then((body: unknown) => {
        const value = (body as { email?: unknown } | null)?.email;
        return typeof value === "string" && value.trim() ? value.trim().toLowerCase().slice(0, 320) : null;
      })
      .catch(() => null);
    emails.set(c.req.raw, email);
  }
  return email;
}

/** How many more failed sign-ins an account allows from all addresses together than from one. */
export const ACCOUNT_CEILING_FACTOR = 10;

/**
 * Failed sign-ins (401) per account (the email of the body), in fixed one-minute windows: at most
 * `perAddress` from one client address, and `ACCOUNT_CEILING_FACTOR` times that from all addresses
 * together. Keyed on the address too, so that wrong passwords sent from one address lock that
 * address out of that account only: the owner signs in from theirs, and the address can still sign
 * in to other accounts (within the per-address limit of every sign-in). A successful sign-in clears
 * its address's count. The attempt is counted before it runs (and taken back unless it failed), so
 * that a burst of parallel guesses cannot slip past the limit.
 */
export function limitFailedSignIns(options: {
  perAddress: number;
  store: Store;
  trustProxy: number;
}): MiddlewareHandler {
  const { store, perAddress } = options;
  store.init?.({ windowMs: RATE_LIMIT_WINDOW_MS } as Parameters<NonNullable<Store["init"]>>[0]);
  return async (c, next) => {
    const email = c.req.method === "POST" ? await emailOf(c) : null;
    if (email === null) return next();
    // Hashed: the counters (a table, or Redis) hold no email address.
    const account = createHash("sha256").update(email).digest("base64url");
    const pairKey = `signin-failed:${account}:${clientAddress(c, options.trustProxy)}`;
    const accountKey = `signin-failed:${account}`;
    const pair = await store.increment(pairKey);
    if (pair.totalHits > perAddress) refuseUntil(c, pair.resetTime);
    const all = await store.increment(accountKey);
    if (all.totalHits > perAddress * ACCOUNT_CEILING_FACTOR) {
      // Refused for the account as a whole: this address's own budget is left as it was.
      await store.decrement(pairKey);
      refuseUntil(c, all.resetTime);
    }
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      if (status === 401) {
        // A wrong password (or an unknown account): both counts keep it.
      } else if (status < 300) {
        await store.resetKey(pairKey);
        await store.decrement(accountKey);
      } else {
        // Not a password guess that failed (e.g. an invalid body, an unverified email).
        await store.decrement(pairKey);
        await store.decrement(accountKey);
      }
    }
  };
}

/**
 * Public token links (`/api/public/*`): every request of an address counts, whatever the token, so
 * guessing tokens is as slow as guessing passwords (a 256-bit token is out of reach anyway).
 */
export const limitPublicLinks = (options: Limit & { trustProxy: number }) =>
  limiter("rateLimitPublicLinks", options, (c) => `public:${clientAddress(c, options.trustProxy)}`);
