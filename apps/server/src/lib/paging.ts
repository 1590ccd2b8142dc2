/**
 * The one paging helper of every list service (shapes and query names in @pevo/shared api/paging).
 *
 * Offset list (people jump to a page):
 *
 *   const where = scoped(dispatches, scope, ...filters);
 *   return offsetPageOf(params, {
 *     rows: (limit, offset) => db.select(...).from(dispatches).where(where)
 *       .orderBy(...sortBy(SORTS[params.sort], params.dir, dispatches.id)).limit(limit).offset(offset),
 *     count: (cap) => countRows(db, dispatches, where, cap),
 *   });
 *
 * Keyset list (read front to back; a row added between two reads is neither skipped nor repeated):
 *
 *   const key = keyset([activityLog.createdAt, activityLog.id], "desc");
 *   const rows = await db.select({ ...cols, cursor: key.cursor }).from(activityLog)
 *     .where(scoped(activityLog, scope, key.after(params.cursor)))
 *     .orderBy(...key.orderBy).limit(params.limit + 1);
 *   return cursorPageOf(rows, params.limit);
 */
import type { Executor } from "@pevo/db";
import {
  COUNT_CAP,
  type CursorPage,
  countCapOf,
  type OffsetPage,
  type PageParams,
  pageBeyondCap,
  type SortDirection,
} from "@pevo/shared";
import { asc, count, desc, SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import { InvalidInputError } from "./domain-errors";

/** `ORDER BY <column> <dir>, <id> <dir>`: the id tie-breaker makes the order total (stable pages). */
export function sortBy(column: SQLWrapper | SQLWrapper[], dir: SortDirection, tieBreaker: PgColumn) {
  const by = dir === "asc" ? asc : desc;
  const columns = Array.isArray(column) ? column : [column];
  return [...columns.map((c) => by(c as SQL)), by(tieBreaker)];
}

/**
 * Rows of one offset page and the total, read at once. `count` counts at most `cap` + 1 rows
 * (countRows / countUpTo), and a page must lie within the first `cap` rows: what a page costs then
 * stays the same however many rows a company has (docs/performance.md). The cap is
 * COUNT_CAP, or SEARCH_COUNT_CAP while a text search `q` is on (countCapOf).
 */
export async function offsetPageOf<T>(
  params: PageParams & { q?: string },
  read: { rows: (limit: number, offset: number) => Promise<T[]>; count: (cap: number) => Promise<number> },
): Promise<OffsetPage<T>> {
  const cap = countCapOf(params);
  const offset = offsetOf(params, cap);
  const [items, counted] = await Promise.all([read.rows(params.pageSize, offset), read.count(cap)]);
  return pageOf(params, items, counted, cap);
}

/** The total of every row a query matches, as a column of each of its rows (before LIMIT). */
export const totalColumn = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * offsetPageOf in one statement, for a search over a company's few hundred PEVOs: the rows select
 * `total: totalColumn()`, so the matches are read once for the page and the total instead of twice.
 * Not for a bigger table: the window reads every match, past COUNT_CAP, where a count could use an
 * index and the page stop after its rows (the client search measured 3.7x slower with it: npm run
 * bench, 2026-11-26). A page past the last has no row to carry the total: `count` gives it then.
 */
export async function offsetPageWithTotal<T>(
  params: PageParams & { q?: string },
  read: {
    rows: (limit: number, offset: number) => Promise<(T & { total: number })[]>;
    count: (cap: number) => Promise<number>;
  },
): Promise<OffsetPage<T>> {
  const cap = countCapOf(params);
  const rows = await read.rows(params.pageSize, offsetOf(params, cap));
  const counted = rows[0]?.total ?? (params.page > 1 ? await read.count(cap) : 0);
  return pageOf(
    params,
    rows.map(({ total: _, ...item }) => item as T),
    counted,
    cap,
  );
}

/** The offset of a page, which must lie within the first `cap` rows (else a 400). */
function offsetOf({ page, pageSize }: PageParams, cap: number): number {
  const offset = (page - 1) * pageSize;
  if (offset >= cap) {
    const message = pageBeyondCap(pageSize, cap);
    throw new InvalidInputError(message, { page: message });
  }
  return offset;
}

const pageOf = <T>(
  { page, pageSize }: PageParams,
  items: T[],
  counted: number,
  cap: number,
): OffsetPage<T> => ({
  items,
  total: Math.min(counted, cap),
  totalCapped: counted > cap,
  page,
  pageSize,
});

/** The rows of `table` matching `where`, counted up to `cap` + 1 (countUpTo). */
export const countRows = (db: Executor, table: PgTable, where: SQL, cap = COUNT_CAP) =>
  countUpTo(db, db.select({ one: sql`1` }).from(table).where(where).$dynamic(), cap);

/**
 * `SELECT count(*) FROM (<rows> LIMIT cap + 1)`: stops reading at the cap, so a company with a
 * million matching rows costs what one with ten thousand does. Pass a query when a filter needs a
 * join.
 */
export async function countUpTo(db: Executor, rows: PgSelect, cap = COUNT_CAP): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rows.limit(cap + 1).as("counted"));
  return row?.n ?? 0;
}

export const INVALID_CURSOR = "cursor is not valid: start again from the first page";

const encode = (values: string[]) => Buffer.from(JSON.stringify(values)).toString("base64url");

function decode(cursor: string, size: number): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(values) && values.length === size && values.every((v) => typeof v === "string")) {
      return values;
    }
  } catch {
    // falls through to the 400 below
  }
  throw new InvalidInputError(INVALID_CURSOR, { cursor: INVALID_CURSOR });
}

/**
 * A keyset column: a table's column, or a non-null expression with its SQL type, e.g.
 * { expr: coalesce(name, ''), type: "text" } to read a nullable column in keyset order.
 */
/** A key: a column, a non-null text expression, or an expression with its SQL type. */
export type KeyColumn = PgColumn | SQL | { expr: SQL; type: string };

const keyExpr = (c: KeyColumn) => (c instanceof SQL ? c : "expr" in c ? c.expr : c);
const keyType = (c: KeyColumn | undefined) =>
  !c || c instanceof SQL ? "text" : "expr" in c ? c.type : c.getSQLType();

/**
 * A keyset order over non-null columns, the last one unique (the id). The cursor carries each
 * column as PostgreSQL's own text (a timestamp keeps its microseconds, which a JS Date would lose).
 * A column may also be a non-null text expression (e.g. `coalesce(a.name, '')` over a left join).
 */
export function keyset(keyColumns: [KeyColumn, ...KeyColumn[]], dir: SortDirection) {
  const columns = keyColumns.map(keyExpr);
  const list = sql.join(columns, sql`, `);
  return {
    /** Select it as `cursor` with the rows. */
    cursor: sql<string>`json_build_array(${sql.join(
      columns.map((c) => sql`${c}::text`),
      sql`, `,
    )})::text`,
    orderBy: columns.map((c) => (dir === "asc" ? asc(c) : desc(c))),
    /** The condition for the rows after `cursor` (undefined on the first page). */
    after(cursor: string | undefined): SQL | undefined {
      if (!cursor) return undefined;
      const values = decode(cursor, columns.length).map(
        (v, i) => sql`cast(${v} as ${sql.raw(keyType(keyColumns[i]))})`,
      );
      return dir === "asc"
        ? sql`(${list}) > (${sql.join(values, sql`, `)})`
        : sql`(${list}) < (${sql.join(values, sql`, `)})`;
    },
  };
}

/** The page of a keyset query that read `limit + 1` rows (selected with `cursor: key.cursor`). */
export function cursorPageOf<T extends { cursor: string }>(
  rows: T[],
  limit: number,
): CursorPage<Omit<T, "cursor">> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items = page.map(({ cursor: _cursor, ...item }) => item);
  return {
    items,
    nextCursor: rows.length > limit && last ? encode(JSON.parse(last.cursor) as string[]) : null,
  };
}

/** Escapes LIKE's wildcards in a user's search, for `ILIKE '%' || term || '%'`. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list's search box: the table's kept, lowered `search_text` (packages/db schema, searchText)
 * contains the term. PostgreSQL lowers the term as it lowered the column, so this matches what an
 * ILIKE on each field would, in one test per row that the trigram index serves.
 */
export const searchMatches = (searchText: PgColumn, term: string) =>
  sql`${searchText} like lower(${likePattern(term)})`;

const BATCH = 1000;

/**
 * Every row of a keyset query, a batch at a time, for exports of a whole filtered set (memory stays
 * at one batch however many rows match). `read(cursor, limit)` reads like a keyset page above.
 */
export async function* allRows<T extends { cursor: string }>(
  read: (cursor: string | undefined, limit: number) => Promise<T[]>,
): AsyncGenerator<Omit<T, "cursor">> {
  let cursor: string | undefined;
  do {
    const page = cursorPageOf(await read(cursor, BATCH + 1), BATCH);
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
