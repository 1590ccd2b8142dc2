import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { openDatabase } from "@pevo/db";
import { DEMO_ACCOUNTS, hasAnyCompany, seedDemoCompany } from "@pevo/db/seed";
import { createApp } from "./app";
import { hashPassword } from "./domain/company";
import { ensureAllCredentialDigests, scheduleAllExpiryReminders } from "./domain/credentials";
import { readConfig } from "./env";
import { jobHandlers } from "./jobs";
import { listenForBackups } from "./lib/backup";
import { databaseLog } from "./lib/database-log";
import { startJobWorker } from "./lib/jobs";
import { createLogger, log, setLogger } from "./lib/log";
import { startPartialUploadSweep } from "./lib/partial-uploads";
import { createStorage } from "./lib/storage";
import { createMailer } from "./mail/mailer";

const config = readConfig();
setLogger(createLogger(config.logLevel ?? "info"));
if (config.tinKey?.derived) {
  log().warn("TIN_ENCRYPTION_KEY is not set: PEVOs' TINs are encrypted with a key derived for development.");
}
const database = await openDatabase(config.database, databaseLog).catch((error: Error) => {
  log().fatal(`Cannot open the database: ${error.message}`);
  process.exit(1);
});

if (config.demoEnabled && !(await hasAnyCompany(database.db))) {
  await seedDemoCompany(database.db, hashPassword);
  log().info("Seeded the demo company (Demo Escort Services).");
}

const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
const storage = createStorage(config.storage ?? { kind: "disk", dir: "./data/files" });
const shutdown = new AbortController();
const app = createApp({ db: database.db, config, mailer, storage, shutdown: shutdown.signal });
// Durable jobs (reminders): every instance polls; SKIP LOCKED shares the work, each job runs once.
// The admins' daily credentials digest reschedules itself; signup makes it for a new company, and
// this for any company without one (made before it existed, or the seeded demo company).
await ensureAllCredentialDigests(database.db).catch((error) =>
  log().error({ err: error }, "Could not schedule the credentials digests"),
);
// The credential expiry reminders due within the next 31 days (the digest's daily run makes the
// same pass): keyed per credential, expiry and threshold, so a restart never sends one twice.
await scheduleAllExpiryReminders(database.db).catch((error) =>
  log().error({ err: error }, "Could not schedule the credential expiry reminders"),
);
const jobWorker = startJobWorker({ db: database.db, handlers: jobHandlers({ mailer, config, storage }) });
const partialUploadSweep = startPartialUploadSweep(storage);
// npm run backup asks this process for a consistent archive while it holds the embedded database.
const backups =
  config.database.kind === "pglite" && database.whileIdle
    ? await listenForBackups(config.database.dataDir, database.whileIdle).catch((error) => {
        log().error({ err: error }, "npm run backup will not reach this server (stop it to back up)");
        return null;
      })
    : null;

const server = serve({ fetch: app.fetch, port: config.port }, () => {
  log().info(`PEVO Back Office is running on http://localhost:${config.port}`);
  if (config.appUrl !== `http://localhost:${config.port}`)
    log().info(`Public address (APP_URL): ${config.appUrl}`);
  log().info(
    config.database.kind === "pglite"
      ? `Database: embedded (PGlite) in ${config.database.dataDir}`
      : "Database: PostgreSQL (DATABASE_URL)",
  );
  log().info(
    config.storage?.kind === "s3"
      ? `Files: S3 bucket ${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ""}`
      : `Files: ${config.storage?.dir ?? "./data/files"}`,
  );
  if (config.demoEnabled) {
    log().info(`Demo admin: ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`);
    log().info(`Demo PEVO:  ${DEMO_ACCOUNTS.pevo.email} / ${DEMO_ACCOUNTS.pevo.password}`);
  }
});

// Node closes an idle keep-alive socket after 5 s; a client (a proxy, a browser, Playwright's request
// context) that reuses it at that moment gets ECONNRESET. Outlive the usual 60 s proxy idle timeout.
(server as Server).keepAliveTimeout = 65_000;
(server as Server).headersTimeout = 66_000;

/** How long a shutdown waits for the requests in flight (and the job being run) before it cuts them off. */
const DRAIN_MS = 10_000;

/** Whether `promise` settled within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(done, done);
  });

/**
 * Graceful shutdown (SIGTERM from a process manager or a rolling deploy, SIGINT from a terminal):
 * stop accepting connections, end the live event streams (they never end by themselves; the
 * browsers reconnect elsewhere or later), let the requests in flight and the job being run finish
 * (up to DRAIN_MS; then the requests' connections are closed, and a job cut off rolls back and runs
 * again later, lib/jobs.ts), close the database, exit 0.
 */
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log().info(`${signal}: shutting down (finishing the requests in flight)`);
  const deadline = Date.now() + DRAIN_MS;
  const http = server as Server;
  const closed = new Promise<void>((resolve) => http.close(() => resolve()));
  shutdown.abort();
  partialUploadSweep.stop();
  const jobsStopped = jobWorker.stop();
  // A keep-alive connection is closed as soon as it has no request in flight.
  http.closeIdleConnections();
  const idle = setInterval(() => http.closeIdleConnections(), 100);
  const drained = await settlesWithin(closed, DRAIN_MS);
  clearInterval(idle);
  if (!drained) {
    log().error(`Requests still in flight after ${DRAIN_MS / 1000} s: closing their connections`);
    http.closeAllConnections();
  }
  if (!(await settlesWithin(jobsStopped, Math.max(deadline - Date.now(), 0)))) {
    log().error("The job being run did not finish in time: it rolls back and runs again later");
  }
  // A backup being streamed finishes first (bounded like the rest; the reader then sees a cut archive).
  if (backups) await settlesWithin(backups.close(), 5000);
  // Bounded: a connection still checked out by a request cut off must not hold the exit.
  await settlesWithin(
    database.close().catch((error) => log().error({ err: error }, "Could not close the database")),
    5000,
  );
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
