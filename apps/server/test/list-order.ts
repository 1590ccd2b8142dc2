/**
 * Helpers of the list tests: the order a sorted list must have, computed in JavaScript the way
 * PostgreSQL sorts (NULL after every value ascending, first descending; the id breaks ties, in the
 * same direction), and every page of an offset list read one after another.
 *
 * Text keys are compared by code point: seed values whose order is the same in every collation
 * (lowercase keys, the same shape: letters, digits and spaces at the same places).
 */
import { expect } from "vitest";

export type SortKey = string | number | null;

function compareKeys(a: SortKey[], b: SortKey[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** The rows in the order `ORDER BY key... dir, id dir` gives. */
export function expectedOrder<T extends { id: string }>(
  rows: T[],
  key: (row: T) => SortKey[],
  dir: "asc" | "desc",
): T[] {
  const sorted = [...rows].sort((a, b) => compareKeys([...key(a), a.id], [...key(b), b.id]));
  return dir === "asc" ? sorted : sorted.reverse();
}

// biome-ignore lint/suspicious/noExplicitAny: a response's JSON, read by the test
export type Get = (path: string) => Promise<{ status: number; body: any }>;

/** Every row of an offset list, page by page (`path` has a query string already); checks each page's shape. */
export async function readAllPages<T>(get: Get, path: string, pageSize: number): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${path}&page=${page}&pageSize=${pageSize}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.page).toBe(page);
    expect(res.body.pageSize).toBe(pageSize);
    expect(res.body.items.length).toBeLessThanOrEqual(pageSize);
    rows.push(...res.body.items);
    if (page * pageSize >= res.body.total) {
      expect(rows).toHaveLength(res.body.total);
      return rows;
    }
    expect(res.body.items).toHaveLength(pageSize);
  }
}

/** `lower(value)` as a sort key (null stays null). */
export const lower = (value: string | null) => (value === null ? null : value.toLowerCase());
