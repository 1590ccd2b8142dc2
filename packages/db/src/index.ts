import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";
import { retryTransactions, type TransactionRetry } from "./transaction-retry";

export * from "./rows";
export * from "./schema";
export {
  retryableSqlstate,
  TRANSACTION_ATTEMPTS,
  type TransactionRetry,
  transactionWithoutRetry,
} from "./transaction-retry";
export { schema };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database handle or an open transaction: service functions accept either. */
export type Executor = Database | Transaction;

export type OpenedDatabase = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /**
   * Embedded database only: runs `fn` after a checkpoint while the database runs nothing else (no
   * query, no transaction; they wait), so the data folder on the disk is a consistent copy meanwhile
   * (apps/server lib/backup.ts; docs/adr/0010-backups-of-the-embedded-database.md).
   */
  whileIdle?: <T>(fn: () => Promise<T>) => Promise<T>;
};

// Found from the package's root (not import.meta.url), so it holds from source and from the server bundle.
export const migrationsFolder = resolve(
  dirname(createRequire(import.meta.url).resolve("@pevo/db")),
  "../migrations",
);

export type OpenOptions =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  /** In memory; `loadDataDir`: start from a dumped data folder (PGlite's dumpDataDir) instead of an empty one. */
  | { kind: "memory"; loadDataDir?: Blob };

/**
 * The extensions the migrations create, loaded into the embedded database (migration 0008 runs
 * CREATE EXTENSION pg_trgm for the search indexes). Pass these to every `new PGlite(...)`.
 */
export const pgliteOptions = { extensions: { pg_trgm } };
/** Stops listening on a channel. */
export type Unlisten = () => Promise<void>;
type ListenFn = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<Unlisten>;
const listeners = new WeakMap<object, ListenFn>();

/**
 * LISTEN on a channel of the database `db` was opened on (openDatabase): `onPayload` gets every NOTIFY
 * payload, from this process and from every other one on the same database. PostgreSQL: a dedicated
 * connection outside the pool (LISTEN belongs to one session), reconnected when it drops
 * (`onReconnect` then says that notifications may have been missed). PGlite: its in-process listen.
 * The listeners end with the database's close().
 */
export function listen(
  db: Database,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<Unlisten> {
  const fn = listeners.get(db);
  if (!fn) throw new Error("listen() needs a database opened with openDatabase()");
  return fn(channel, onPayload, onReconnect);
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** How long a new connection may take before it is given up (a request then gets a 503, not a hang). */
const CONNECT_TIMEOUT_MS = 5000;
/** The LISTEN connection's reconnect delays: doubling from the first, capped. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

function postgresListener(url: string): { listen: ListenFn; closeAll: () => Promise<void> } {
  const open = new Set<{ stop: () => Promise<void> }>();
  let closed = false;
  const listenFn: ListenFn = async (channel, onPayload, onReconnect) => {
    let client: pg.Client | null = null;
    let stopped = false;
    const connect = async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      let lost = false;
      const onLost = () => {
        // The connection dropped (database restart, failover, pg_terminate_backend): connect again
        // with back-off, and say so (notifications may have been missed meanwhile).
        if (lost) return;
        lost = true;
        if (stopped || closed || client !== c) return;
        client = null;
        c.end().catch(() => {});
        let delay = RECONNECT_FIRST_MS;
        const retry = () => {
          if (stopped || closed) return;
          connect().then(
            () => onReconnect?.(),
            () => {
              delay = Math.min(delay * 2, RECONNECT_MAX_MS);
              setTimeout(retry, delay).unref();
            },
          );
        };
        setTimeout(retry, delay).unref();
      };
      c.on("notification", (m) => {
        if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
      });
      // Always listened to: an 'error' event without a listener would end the process.
      c.on("error", onLost);
      c.on("end", onLost);
      try {
        await c.connect();
        await c.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        lost = true;
        await c.end().catch(() => {});
        throw error;
      }
      if (stopped || closed) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
    };
    await connect();
    const entry = {
      stop: async () => {
        stopped = true;
        open.delete(entry);
        await client?.end().catch(() => {});
        client = null;
      },
    };
    open.add(entry);
    return entry.stop;
  };
  return {
    listen: listenFn,
    closeAll: async () => {
      closed = true;
      await Promise.all([...open].map((entry) => entry.stop()));
    },
  };
}

/**
 * One query at a time on a connection, queued here. A transaction's reads started together (a
 * `Promise.all` on one transaction, or on a request's tenant-scoped transaction) would otherwise be
 * queued by pg itself, which it deprecates (pg 9 drops it) with a warning on every process. The order
 * and the result are the same. Calls with a callback and submittables (a cursor, a stream) go
 * straight through: drizzle sends neither.
 */
function queueQueries(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | null | undefined;
    if (typeof args.at(-1) === "function" || typeof first?.submit === "function") return query(...args);
    // `last` never rejects (below): each query starts once the one before it has ended.
    const run = last.then(() => query(...args));
    last = run.catch(() => undefined);
    return run;
  }) as typeof client.query;
}

export type DatabaseEvents = {
  /** A pooled PostgreSQL connection the server closed (for the server's log; nothing to do). */
  onConnectionLost?: (error: Error) => void;
  /** A transaction about to run again after a deadlock or serialization failure (for the server's log). */
  onTransactionRetry?: (retry: TransactionRetry) => void;
};

/**
 * Opens the database and applies committed migrations. Its `transaction` runs a body again after a
 * deadlock or serialization failure (transaction-retry.ts).
 */
export async function openDatabase(
  options: OpenOptions,
  events: DatabaseEvents = {},
): Promise<OpenedDatabase> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // A random read costs little more than a sequential one when the data is cached or on SSD;
      // PostgreSQL's default (4) makes it scan a company's 2,000 clients for a search or count
      // 10,000 rows from the table instead of the index (docs/performance.md, npm run bench).
      options: "-c random_page_cost=1.1",
      // During an outage a request waits at most this long for a connection, then gets a 503.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection the server closed (a restart, a failover, pg_terminate_backend, a proxy's idle
    // timeout) emits 'error'; without a listener that would end the process. The pool has already
    // discarded an idle one; the next query gets a fresh connection.
    pool.on("error", (error) => events.onConnectionLost?.(error));
    // A connection lost while checked out (mid-transaction) emits 'error' on the client itself; the
    // query in flight fails (the request gets a 503) and the pool discards it when it is released.
    pool.on("connect", (client) => {
      client.on("error", () => {});
      queueQueries(client);
    });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    const listener = postgresListener(options.url);
    listeners.set(db, listener.listen);
    retryTransactions(db as unknown as Database, events.onTransactionRetry);
    return {
      db: db as unknown as Database,
      kind: "postgres",
      close: async () => {
        await listener.closeAll();
        await pool.end();
      },
    };
  }
  let releaseLock = () => {};
  let client: PGlite;
  if (options.kind === "pglite") {
    if (!isAbsolute(options.dataDir)) throw new Error(`DATA_DIR must be absolute: ${options.dataDir}`);
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = acquireLock(options.dataDir);
    client = new PGlite(options.dataDir, pgliteOptions);
  } else {
    client = new PGlite({ ...pgliteOptions, loadDataDir: options.loadDataDir });
  }
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    retryTransactions(db as unknown as Database, events.onTransactionRetry);
    // PGlite is one in-process session: its listen() gets the NOTIFYs of this process.
    listeners.set(db, async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      close: async () => {
        await client.close();
        releaseLock();
      },
      // PGlite runs one statement at a time behind two mutexes: every query() / exec() and every
      // transaction (BEGIN to COMMIT) holds the transaction mutex, each statement the query mutex.
      // Holding both, nothing writes the folder. The checkpoint first writes the changed pages out
      // (a copy is crash-consistent without it too: the WAL is in the folder).
      whileIdle: async (fn) => {
        await client.exec("CHECKPOINT");
        return client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** The lock file of an embedded database folder: beside it, `<folder>.lock`, holding the owner's pid. */
export const lockFileOf = (dataDir: string) => join(dataDir, "..", `${dataDir.split("/").pop()}.lock`);

/** The process holding the embedded database folder, if it is running (none: the folder is free). */
export function lockHolder(dataDir: string): number | null {
  const lockFile = lockFileOf(dataDir);
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, "utf8"));
  return pid && pid !== process.pid && isRunning(pid) ? pid : null;
}

/**
 * Two processes writing one PGlite folder silently lose data: the second one must refuse. Also taken
 * by `npm run backup` / `restore` while they read or write a folder no server has open.
 */
export function acquireLock(dataDir: string): () => void {
  const pid = lockHolder(dataDir);
  if (pid) {
    throw new Error(
      `The embedded database in ${dataDir} is already in use by process ${pid}. Stop that process first, or set DATA_DIR to another folder.`,
    );
  }
  const lockFile = lockFileOf(dataDir);
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
