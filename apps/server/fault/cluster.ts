/**
 * A throwaway PostgreSQL 15 cluster for the fault tests: initdb into a temp folder, started on a
 * spare port (127.0.0.1 only, its socket in the same folder), restarted or stopped at will, removed
 * afterwards. Never the machine's shared server. initdb refuses to run as root: as root (CI) the
 * cluster is made and run by the `postgres` user.
 */
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** A port nothing listens on right now (the OS picks it). */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

export type Cluster = {
  port: number;
  /** A connection string to a database of this cluster. */
  url: (database: string) => string;
  /** One statement on a database of this cluster, on a connection of its own. */
  query: <R extends pg.QueryResultRow = Record<string, unknown>>(
    database: string,
    text: string,
    values?: unknown[],
  ) => Promise<R[]>;
  /** pg_ctl restart -m fast: every connection is closed, the server is down, then back (waited for). */
  restart: () => Promise<void>;
  /** pg_ctl stop -m fast: the server is down until start(). */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy: () => Promise<void>;
};

export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), "pevo-fault-pg-"));
  const owner = postgresUser();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, "data");
  const command = (cmd: string, args: string[]): [string, string[]] =>
    owner ? ["runuser", ["-u", "postgres", "--", join(BIN, cmd), ...args]] : [join(BIN, cmd), args];
  const run = (cmd: string, args: string[]) =>
    execFileSync(...command(cmd, args), { cwd: dir, stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });
  // Not blocking: the test's load keeps running while the cluster restarts.
  const runAsync = (cmd: string, args: string[]) =>
    promisify(execFile)(...command(cmd, args), { cwd: dir, timeout: 120_000 });
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = await sparePort();
  // fsync off: the tests restart the server cleanly (a fast shutdown writes everything out), they
  // never crash the machine; it keeps a loaded CI box quick.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const log = join(dir, "postgres.log");
  run("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]);
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query: Cluster["query"] = async (database, text, values) => {
    const client = new pg.Client({ connectionString: url(database) });
    client.on("error", () => {});
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  };
  return {
    port,
    url,
    query,
    restart: async () => {
      await runAsync("pg_ctl", [
        "-D",
        data,
        "-l",
        log,
        "-o",
        options,
        "-m",
        "fast",
        "-w",
        "-t",
        "60",
        "restart",
      ]);
    },
    stop: async () => {
      await runAsync("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
    },
    start: async () => {
      await runAsync("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]);
    },
    destroy: async () => {
      try {
        if (existsSync(join(data, "postmaster.pid"))) {
          run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "60", "stop"]);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
