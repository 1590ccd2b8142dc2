import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { user } from "@pevo/db";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildFullCompany, type FullCompany } from "../../test/full-company";
import { createTestApp, type TestApp } from "../../test/harness";
import { allTables, companyTables, countWhere, digest, ident, loginTables } from "../../test/table-digest";
import { removeCompany } from "./company-removal";
import { diskStorage } from "./storage";

let t: TestApp;
let filesDir: string;
let kept: FullCompany;
let gone: FullCompany;

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), "pevo-removal-files-"));
  t = await createTestApp({ storage: diskStorage(filesDir) });
  kept = await buildFullCompany(t, "Keeper Escorts");
  gone = await buildFullCompany(t, "Leaving Escorts");
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** Every stored file under a company's prefix, with a hash of its bytes. */
function filesOf(companyId: string): Record<string, string> {
  const folder = join(filesDir, companyId);
  if (!existsSync(folder)) return {};
  return Object.fromEntries(
    readdirSync(folder).map((name) => [
      name,
      createHash("sha256")
        .update(readFileSync(join(folder, name)))
        .digest("hex"),
    ]),
  );
}

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

describe("removing a company", () => {
  test("removes every row and stored file it owns, and leaves another company's data as it was", async () => {
    const logins = await t.db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(user.companyId, gone.companyId));
    const ids = list(logins.map((l) => l.id));
    const emails = list(logins.map((l) => l.email));
    const tenantTables = await companyTables(t.db);
    const byLogin = await loginTables(t.db);
    /** What of a table belongs to the removed company (its rows, its logins' rows, their mail and tokens). */
    const owned = (table: string): SQL | null => {
      if (table === "companies") return sql`id = ${gone.companyId}`;
      if (tenantTables.includes(table)) return sql`company_id = ${gone.companyId}`;
      const login = byLogin.find((l) => l.table === table);
      if (login) return sql`${ident(login.column)} in (${ids})`;
      if (table === "verification") return sql`value in (${ids})`;
      if (table === "mail_outbox") return sql`"to" in (${emails})`;
      return null;
    };
    const tables = await allTables(t.db);

    // The fixture made rows of every kind (so "none left" below means something).
    expect(logins.length).toBeGreaterThanOrEqual(3);
    const emptyBefore: string[] = [];
    for (const { schema, table } of tables) {
      const where = schema === "public" ? owned(table) : null;
      if (where && (await countWhere(t.db, table, where)) === 0) emptyBefore.push(table);
    }
    expect(emptyBefore).toEqual([]);
    expect(Object.keys(filesOf(gone.companyId)).length).toBeGreaterThanOrEqual(4);

    const rest = async () => {
      const result: Record<string, unknown> = {};
      for (const { schema, table } of tables) {
        const where = schema === "public" ? owned(table) : null;
        result[`${schema}.${table}`] = await digest(
          t.db,
          table,
          where ? sql`not (${where})` : sql`true`,
          schema,
        );
      }
      return result;
    };
    const restBefore = await rest();
    const keptFiles = filesOf(kept.companyId);

    expect(await removeCompany({ db: t.db, storage: t.storage }, gone.companyId)).toEqual({
      logins: logins.length,
    });

    const left: Record<string, number> = {};
    for (const { schema, table } of tables) {
      const where = schema === "public" ? owned(table) : null;
      const count = where ? await countWhere(t.db, table, where) : 0;
      if (count > 0) left[table] = count;
    }
    expect(left).toEqual({});
    expect(existsSync(join(filesDir, gone.companyId))).toBe(false);
    // Its sessions are gone: the admin is signed out.
    expect((await t.request("GET", "/api/me", { cookie: gone.admin.cookie })).status).toBe(401);

    expect(await rest()).toEqual(restBefore);
    expect(filesOf(kept.companyId)).toEqual(keptFiles);
    expect((await t.request("GET", "/api/me", { cookie: kept.admin.cookie })).status).toBe(200);
  }, 120_000);

  test("a company that does not exist is refused", async () => {
    await expect(
      removeCompany({ db: t.db, storage: t.storage }, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toThrow(/No company/);
  });
});
