/**
 * The tests' reads of a list they expect to hold something: with `noUncheckedIndexedAccess` a
 * `rows[0]` may be undefined, and a test would rather stop at the read with what was missing than
 * fail later on "cannot read properties of undefined".
 */

/** The first element of `rows`; throws when there is none. */
export function first<T>(rows: readonly T[], what = "row"): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`Expected a ${what}, found none`);
  return row;
}

/** The element at `index` (negative: from the end, as `Array.at`); throws when there is none. */
export function nth<T>(rows: readonly T[], index: number, what = "row"): T {
  const row = rows.at(index);
  if (row === undefined) throw new Error(`Expected a ${what} at ${index}, found ${rows.length} in all`);
  return row;
}

/** The value under `key`; throws when there is none. */
export function entry<T>(record: Readonly<Record<string, T>>, key: string): T {
  const value = record[key];
  if (value === undefined) throw new Error(`Expected an entry "${key}", found none`);
  return value;
}
