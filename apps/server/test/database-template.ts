/**
 * Vitest global setup (vitest.config.ts): migrates ONE database before the test files run, and every
 * test file's database is a copy of it instead of replaying the migrations (and, on PGlite, initdb)
 * on its own. PGlite: the migrated data folder is dumped to a file the workers load
 * (`loadDataDir`); PostgreSQL: a template database that `CREATE DATABASE … TEMPLATE` copies.
 * openDatabase still runs the migrator on the copy, which finds nothing to apply: a copy can never
 * be behind the committed migrations.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrationsFolder, openDatabase, pgliteOptions } from "@pevo/db";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import "./provided-context";

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const folder = mkdtempSync(join(tmpdir(), "pevo-template-"));
  let pgliteTemplate = "";
  if (!serverUrl) {
    pgliteTemplate = join(folder, "pglite.tar");
    const memory = new PGlite(pgliteOptions);
    await migrate(drizzle({ client: memory }), { migrationsFolder });
    const dump = await memory.dumpDataDir("none");
    writeFileSync(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
    await memory.close();
  }
  project.provide("pgliteTemplate", pgliteTemplate);

  let postgresTemplate = "";
  if (serverUrl) {
    postgresTemplate = `pevo_template_${process.pid}_${Date.now()}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${postgresTemplate}`);
    const url = new URL(serverUrl);
    url.pathname = `/${postgresTemplate}`;
    // Migrate, then close every connection: CREATE DATABASE … TEMPLATE refuses a template in use.
    const opened = await openDatabase({ kind: "postgres", url: url.toString() });
    await opened.close();
    // The pool's backends may take a moment to exit after pool.end().
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await adminQuery(
        serverUrl,
        `select count(*)::int as n from pg_stat_activity where datname = '${postgresTemplate}'`,
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl && postgresTemplate)
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${postgresTemplate}`);
  };
}

async function adminQuery(serverUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}
