/**
 * What a database holds, table by table, found from the catalog (so a table added later is covered):
 * for tests that a company's removal leaves nothing of it and nothing else changed, and that a
 * backup brings every row back.
 */
import type { Executor } from "@pevo/db";
import { missingRow } from "@pevo/db";
import { type SQL, sql } from "drizzle-orm";

type Row = Record<string, unknown>;
async function rows<T extends Row>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** Every table of the app's schema (public) and the migrations' journal (drizzle). */
export async function allTables(db: Executor): Promise<{ schema: string; table: string }[]> {
  return rows(
    db,
    sql`select table_schema as schema, table_name as table from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
}

/** The app's tables with a company_id column. */
export async function companyTables(db: Executor): Promise<string[]> {
  const found = await rows<{ table: string }>(
    db,
    sql`select c.table_name as table from information_schema.columns c
        join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
        order by 1`,
  );
  return found.map((r) => r.table);
}

/** Tables with a one-column reference to a login ("user".id): session, account, profiles, ... */
export async function loginTables(db: Executor): Promise<{ table: string; column: string }[]> {
  return rows(
    db,
    sql`select c.conrelid::regclass::text as table, a.attname as column from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = '"user"'::regclass and array_length(c.conkey, 1) = 1
        order by 1`,
  );
}

/** A table's row count and a hash of its rows (in a stable order), optionally filtered. */
export async function digest(
  db: Executor,
  table: string,
  where: SQL = sql`true`,
  schema = "public",
): Promise<{ rows: number; hash: string }> {
  const [row = missingRow("row")] = await rows<{ rows: number; hash: string }>(
    db,
    sql`select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\n' order by t::text)), '') as hash
        from ${ident(schema)}.${ident(table)} t where ${where}`,
  );
  return row;
}

/** How many rows of a table match. */
export async function countWhere(db: Executor, table: string, where: SQL): Promise<number> {
  return (await digest(db, table, where)).rows;
}

export { ident };
