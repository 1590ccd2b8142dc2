import { NUMBER_LIMITS } from "@pevo/shared";
import { type SQL, sql } from "drizzle-orm";
import { check, type PgColumn } from "drizzle-orm/pg-core";

/** CHECK (char_length(col) <= limit), named <table>_<column>_length: the last line of defence behind zod. */
export function maxLength(table: string, column: PgColumn, limit: number) {
  return check(`${table}_${column.name}_length`, sql`char_length(${column}) <= ${sql.raw(String(limit))}`);
}

/** CHECK (col between 0 and max), named <table>_<column>_range. */
export function range(table: string, column: PgColumn, max: number | string = NUMBER_LIMITS.maxMoney) {
  return check(
    `${table}_${column.name}_range`,
    sql`${column} between 0 and ${sql.raw(String(Number(max)))}` as SQL,
  );
}

/** CHECK (col >= 0), for sums (an invoice total may add up many single amounts). */
export function nonNegative(table: string, column: PgColumn) {
  return check(`${table}_${column.name}_range`, sql`${column} >= 0`);
}

/**
 * ON DELETE SET NULL (column) (PostgreSQL 15+): a composite (company_id, x_id) reference must null
 * x_id only, never company_id. Drizzle's type knows only the plain actions; drizzle-kit writes the
 * text as given.
 */
export const setNull = (column: string) => `set null (${column})` as "set null";
