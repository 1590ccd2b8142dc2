/**
 * How every list of the API pages, sorts and filters (ARCHITECTURE, "list paging"). The server
 * parses a list's query with these schemas; the web app writes the same names into its URL.
 *
 *  - Offset lists (people jump to a page): `?page=2&pageSize=25&sort=pickupDate&dir=desc` →
 *    `{ items, total, page, pageSize }`.
 *  - Keyset lists (read front to back: activity, the portal's history): `?cursor=…&limit=25` →
 *    `{ items, nextCursor }`; pass `nextCursor` back as `cursor` for the next page, null at the end.
 *  - Filters with several values are comma-separated: `?status=pending,dispatched`.
 *  - Search is `q`; date ranges are `<field>From` / `<field>To` (YYYY-MM-DD, both inclusive).
 */
import { z } from "zod";
import { formatNumber } from "../format-number";
import { isoDate } from "../schemas/fields";

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
/** The deepest page number a query may name (the row cap below is what bounds a page's depth). */
export const PAGE_MAX = 10_000;
/**
 * An offset list counts at most this many matching rows and serves pages within them (like GitHub's
 * and Elasticsearch's 10,000-result window): a first page and a last page then cost the same for a
 * company with 1,000 rows or 1,000,000. Past the cap the total reads "10,000+"; older rows are a
 * reversed sort, a date range or a search away.
 */
export const COUNT_CAP = 10_000;
/**
 * A text search (`q`) counts at most this many matches: every match is read to check it (a trigram
 * index only narrows the candidates), so counting a common name's thousands of matches over years of
 * jobs would cost what the page never does (docs/performance.md). Past it the total reads "1,000+".
 */
export const SEARCH_COUNT_CAP = 1_000;
/** The count cap of a list read: lower while a text search is on. */
export const countCapOf = (params: { q?: string }) => (params.q ? SEARCH_COUNT_CAP : COUNT_CAP);
export const pageBeyondCap = (pageSize: number, cap = COUNT_CAP) =>
  `page is beyond the first ${formatNumber(cap, 3)} rows: the last page is ${Math.ceil(cap / pageSize)}; narrow the filters or reverse the sort`;
export const SEARCH_MAX = 100;
export const CURSOR_MAX = 500;

/** A whole number query parameter from `min` to `max` ("pageSize must be a whole number from 1 to 100"). */
export const intParam = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, { message })
    .transform(Number)
    .pipe(z.number().int().min(min, { message }).max(max, { message }));
};

/** `page` and `pageSize` of an offset list. */
export const ZPageParams = z.object({
  page: intParam("page", 1, PAGE_MAX).optional().default(1).describe("The page, from 1"),
  pageSize: intParam("pageSize", 1, PAGE_SIZE_MAX)
    .optional()
    .default(PAGE_SIZE_DEFAULT)
    .describe(`Rows per page (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX})`),
});

/** `cursor` and `limit` of a keyset list. */
export const ZCursorParams = z.object({
  cursor: z
    .string()
    .max(CURSOR_MAX, { message: "cursor is not valid: start again from the first page" })
    .optional()
    .describe("The nextCursor of the previous page; none for the first page"),
  limit: intParam("limit", 1, PAGE_SIZE_MAX)
    .optional()
    .default(PAGE_SIZE_DEFAULT)
    .describe(`Rows per page (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX})`),
});

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * `sort` (one of the list's sortable columns) and `dir`; e.g.
 * `sortParams(["pickupDate", "driverName"], "pickupDate", "desc")`.
 */
export function sortParams<const S extends readonly [string, ...string[]]>(
  columns: S,
  defaultSort: S[number],
  defaultDir: SortDirection,
) {
  return z.object({
    sort: z
      .enum(columns, { message: `sort must be one of: ${columns.join(", ")}` })
      .optional()
      .default(defaultSort)
      .describe(`The column to sort by (default ${defaultSort})`),
    dir: z
      .enum(SORT_DIRECTIONS, { message: "dir must be asc or desc" })
      .optional()
      .default(defaultDir)
      .describe(`Ascending or descending (default ${defaultDir})`),
  });
}

/** A comma-separated multi-value filter, e.g. `status=pending,dispatched` → ["pending", "dispatched"]. */
export function listParam<const V extends readonly [string, ...string[]]>(name: string, values: V) {
  const message = `${name} must be one or more of: ${values.join(", ")} (comma-separated)`;
  return z
    .string()
    .max(500, { message })
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(z.array(z.enum(values, { message })))
    .optional()
    .describe(`One or more of ${values.join(", ")}, comma-separated`);
}

/**
 * The search box: `q`, one line (a newline or tab reads as a space, so a term never spans two of
 * the fields a list's kept search text joins by newlines), trimmed; empty means no search.
 */
export const searchParam = (what: string) =>
  z
    .string()
    .max(SEARCH_MAX, { message: `q must be at most ${SEARCH_MAX} characters` })
    .transform((v) => v.replace(/\p{Cc}/gu, " ").trim() || undefined)
    .optional()
    .describe(`Search ${what} (case-insensitive, any part)`);

/** A date-range bound: `name` is e.g. "pickupFrom" (YYYY-MM-DD, inclusive). */
export const dayParam = (name: string) =>
  isoDate(`${name} must be a date (YYYY-MM-DD)`).optional().describe("YYYY-MM-DD, inclusive");

/** An id filter (a client, a PEVO); one of another company matches nothing. */
export const idFilterParam = (name: string) =>
  z
    .string()
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, {
      message: `${name} must be an id`,
    })
    .optional();

/** `true` / `false` in a query. */
export const boolParam = (name: string) =>
  z
    .enum(["true", "false"], { message: `${name} must be true or false` })
    .transform((v) => v === "true")
    .optional();

/** An offset page of a list. */
export const offsetPage = <S extends z.ZodType>(item: S) =>
  z.object({
    items: z.array(item),
    total: z
      .number()
      .int()
      .describe(
        `Rows matching the filters, on every page; at most ${COUNT_CAP}, or ${SEARCH_COUNT_CAP} with a search (see totalCapped)`,
      ),
    totalCapped: z
      .boolean()
      .describe(
        `True when more rows match than are counted: total is then the cap (${COUNT_CAP}, or ${SEARCH_COUNT_CAP} with a search: "${SEARCH_COUNT_CAP}+")`,
      ),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** A keyset page of a list. */
export const cursorPage = <S extends z.ZodType>(item: S) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last page"),
  });

export type OffsetPage<T> = {
  items: T[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
};
export type CursorPage<T> = { items: T[]; nextCursor: string | null };
export type PageParams = z.output<typeof ZPageParams>;
export type CursorParams = z.output<typeof ZCursorParams>;
