import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { openDatabase } from "@pevo/db";
import { DEMO_ACCOUNTS, hasAnyCompany, seedDemoCompany } from "@pevo/db/seed";
import { createApp } from "./app";
import { readConfig } from "./env";
import { jobHandlers } from "./jobs";
import { hashPassword } from "./lib/accounts";
import { listenForBackups } from "./lib/backup";
import { ensureAllCredentialDigests } from "./lib/credentials-digest-schedule";
import { startJobWorker } from "./lib/jobs";
import { startPartialUploadSweep } from "./lib/partial-uploads";
import { createStorage } from "./lib/storage";
import { createMailer } from "./mail/mailer";

const config = readConfig();
const database = await openDatabase(config.database).catch((error: Error) => {
  console.error(`Cannot open the database: ${error.message}`);
  process.exit(1);
});

if (config.demoEnabled && !(await hasAnyCompany(database.db))) {
  await seedDemoCompany(database.db, hashPassword);
  console.log("Seeded the demo company (Demo Escort Services).");
}

const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
const storage = createStorage(config.storage ?? { kind: "disk", dir: "./data/files" });
const app = createApp({ db: database.db, config, mailer, storage });
// Durable jobs (reminders): every instance polls; SKIP LOCKED shares the work, each job runs once.
// The admins' daily credentials digest reschedules itself; signup makes it for a new company, and
// this for any company without one (made before it existed, or the seeded demo company).
await ensureAllCredentialDigests(database.db).catch((error) =>
  console.error("Could not schedule the credentials digests", error),
);
const jobWorker = startJobWorker({ db: database.db, handlers: jobHandlers({ mailer, config, storage }) });
const partialUploadSweep = startPartialUploadSweep(storage);
// npm run backup asks this process for a consistent archive while it holds the embedded database.
const backups =
  config.database.kind === "pglite" && database.whileIdle
    ? await listenForBackups(config.database.dataDir, database.whileIdle).catch((error) => {
        console.error("npm run backup will not reach this server (stop it to back up)", error);
        return null;
      })
    : null;

const server = serve({ fetch: app.fetch, port: config.port }, () => {
  console.log(`PEVO Back Office is running on http://localhost:${config.port}`);
  if (config.appUrl !== `http://localhost:${config.port}`)
    console.log(`Public address (APP_URL): ${config.appUrl}`);
  console.log(
    config.database.kind === "pglite"
      ? `Database: embedded (PGlite) in ${config.database.dataDir}`
      : "Database: PostgreSQL (DATABASE_URL)",
  );
  console.log(
    config.storage?.kind === "s3"
      ? `Files: S3 bucket ${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ""}`
      : `Files: ${config.storage?.dir ?? "./data/files"}`,
  );
  if (config.demoEnabled) {
    console.log(`Demo admin: ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`);
    console.log(`Demo PEVO:  ${DEMO_ACCOUNTS.pevo.email} / ${DEMO_ACCOUNTS.pevo.password}`);
  }
});

// Node closes an idle keep-alive socket after 5 s; a client (a proxy, a browser, Playwright's request
// context) that reuses it at that moment gets ECONNRESET. Outlive the usual 60 s proxy idle timeout.
(server as Server).keepAliveTimeout = 65_000;
(server as Server).headersTimeout = 66_000;

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close();
  partialUploadSweep.stop();
  jobWorker
    .stop()
    .then(() => backups?.close())
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
