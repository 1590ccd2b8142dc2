/**
 * Reads started together on one transaction (a `Promise.all` in a request's work) each get their own
 * answer, in a transaction that still commits or rolls back whole; on PostgreSQL the connection's
 * queue (packages/db `queueQueries`) sends them one at a time, so pg never queues a query itself, which
 * it deprecates with a process warning. Run on PGlite and with TEST_DATABASE_URL on PostgreSQL.
 */
import { clients } from "@pevo/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

/** Both drivers (pg, PGlite) answer a raw statement with its rows. */
type Rows = { rows: { n: number }[] };

import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let companyId: string;
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await t.signUpAdmin()).companyId;
  process.on("warning", onWarning);
});
afterAll(async () => {
  process.off("warning", onWarning);
  await t?.close();
});

test("reads started together on one transaction each get their own answer, with no pg warning", async () => {
  const answers = await t.db.transaction(async (tx) =>
    Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        tx.execute(sql`select ${i}::int as n, pg_sleep(0.01)`).then((r) => (r as unknown as Rows).rows[0]?.n),
      ),
    ),
  );
  expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect(warnings.filter((w) => w.name === "DeprecationWarning").map((w) => w.message)).toEqual([]);
});

test("a write among them that fails rolls the whole transaction back, and the connection serves on", async () => {
  const name = `Queued ${crypto.randomUUID()}`;
  const failed = t.db.transaction(async (tx) => {
    await Promise.all([
      tx.insert(clients).values({ companyId, name }),
      tx.execute(sql`select 1 / 0`),
      tx.execute(sql`select 2`),
    ]);
  });
  await expect(failed).rejects.toThrow();
  expect(await t.db.select().from(clients).where(eq(clients.name, name))).toEqual([]);
  const { rows } = (await t.db.execute(sql`select 41 + 1 as n`)) as unknown as Rows;
  expect(rows[0]?.n).toBe(42);
});
