/**
 * Migration 0003 (tenancy the database enforces) keeps every record: the demo company is seeded on
 * the current schema, its rows are copied into a database migrated only up to 0002 (the old shape:
 * no company_id on child tables, text statuses), then the remaining migrations run there and every
 * table must hold exactly the rows it started with — child rows with the company_id of their
 * parent. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrationsFolder, pgliteOptions, schema } from "./index";
import { missingRow } from "./rows";
import { DEMO_COMPANY_NAME, seedDemoCompany } from "./seed";

/** Every table, parents before children. */
const TABLES = [
  "companies",
  "user",
  "account",
  "session",
  "verification",
  "profiles",
  "user_settings",
  "clients",
  "pevos",
  "rate_confirmations",
  "rate_confirmation_standard_rates",
  "rate_confirmation_custom_rates",
  "rate_confirmation_positions",
  "dispatches",
  "invoices",
  "invoice_line_items",
  "trip_logs",
  "trip_log_expenses",
  "activity_events",
  "mail_outbox",
];

/**
 * Columns a later migration added with no earlier data to fill them from, which the demo seeds with
 * a value: rows written before them cannot carry it (a dispatch's position came with 0018; a trip
 * entry's revision, a new random id for each row, with 0049).
 */
const LATER_COLUMNS: Record<string, string[]> = {
  dispatches: ["position_type", "position_name", "position_slot"],
  trip_logs: ["revision"],
};

type TestDb = { db: Database; migrate: (folder: string) => Promise<void>; close: () => Promise<void> };

async function openEmpty(): Promise<TestDb> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = new PGlite(pgliteOptions);
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Database,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `pevo_migration_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A migrations folder holding only the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const folder = mkdtempSync(join(tmpdir(), "pevo-migrations-"));
  mkdirSync(join(folder, "meta"));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) {
    copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/** Rows of a raw query (PGlite and node-postgres both answer { rows }). */
async function query(db: Database, statement: SQL) {
  return ((await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

async function rowsOf(db: Database, table: string): Promise<Record<string, unknown>[]> {
  const [result = missingRow("result")] = await query(
    db,
    sql`select coalesce(json_agg(t order by t::text), '[]'::json) as rows from ${sql.identifier(table)} t`,
  );
  const value = result.rows;
  return (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>[];
}

const BEFORE_TENANCY = 3; // 0000_init, 0001, 0002: the schema before 0003_tenancy_enforced

/**
 * Values for the NOT NULL columns a later migration dropped (today's rows lack them): 0044 dropped
 * the PEVO form's "Certified States" ticks (DECISIONS 'One model of state certifications').
 */
const DROPPED_SINCE: Record<string, Record<string, unknown>> = { pevos: { states: [] } };

describe("migration 0003_tenancy_enforced", () => {
  let current: TestDb;
  let old: TestDb;
  let oldFolder: string;

  beforeAll(async () => {
    current = await openEmpty();
    old = await openEmpty();
    oldFolder = migrationsUpTo(BEFORE_TENANCY);
  });
  afterAll(async () => {
    await current?.close();
    await old?.close();
    if (oldFolder) rmSync(oldFolder, { recursive: true, force: true });
  });

  it("keeps every record of the demo company, filling company_id of child rows from their parent", async () => {
    await current.migrate(migrationsFolder);
    await seedDemoCompany(current.db, async (password) => `test-hash:${password}`);
    const seeded = new Map<string, Record<string, unknown>[]>();
    for (const table of TABLES) seeded.set(table, await rowsOf(current.db, table));
    expect(seeded.get("companies")?.map((c) => c.name)).toEqual([DEMO_COMPANY_NAME]);
    for (const table of ["rate_confirmation_positions", "invoice_line_items", "trip_log_expenses"]) {
      expect(seeded.get(table)?.length, table).toBeGreaterThan(0);
    }

    // The same rows in the schema before 0003 (json_populate_recordset ignores columns it lacks).
    await old.migrate(oldFolder);
    const oldPositions = await query(
      old.db,
      sql`select 1 from information_schema.columns where table_name = 'rate_confirmation_positions' and column_name = 'company_id'`,
    );
    expect(oldPositions).toHaveLength(0);
    for (const table of TABLES) {
      const rows = JSON.stringify(seeded.get(table)?.map((row) => ({ ...DROPPED_SINCE[table], ...row })));
      await old.db.execute(
        sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${rows}::json)`,
      );
    }

    await old.migrate(migrationsFolder);
    for (const table of TABLES) {
      const later = LATER_COLUMNS[table] ?? [];
      const without = (rows: Record<string, unknown>[] | undefined) =>
        rows?.map((row) =>
          Object.fromEntries(Object.entries(row).filter(([column]) => !later.includes(column))),
        );
      expect(without(await rowsOf(old.db, table)), table).toEqual(without(seeded.get(table)));
    }
  }, 180_000); // two databases migrated from scratch: slow on a busy machine
});
