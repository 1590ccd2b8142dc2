import type { SortDirection } from "@pevo/shared";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * A list screen's state in the address (shareable, and Back returns to the previous view): the
 * page, the sort and every filter are URL search params with the API's own names (@pevo/shared
 * api/paging), so `query` goes to the API as it is.
 *
 *   const list = useListParams({ sort: "pickupDate", dir: "desc" });
 *   list.query            // { page: "2", sort: "driverName", dir: "asc", status: "pending,dispatched" }
 *   list.get("status")    // "pending,dispatched"
 *   list.set({ status: "pending" })             // a new history entry, back to page 1
 *   list.set({ q: "smith" }, { replace: true }) // typing: no history entry per key
 */
export function useListParams(defaults: { sort: string; dir: SortDirection }) {
  const [params, setParams] = useSearchParams();
  // The params of a set() not rendered yet: react-router hands an updater the last render's params,
  // so two changes before a render (a date range's two fields filled at once) lost the first one.
  const pending = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a render with new params ends the pending set()
  useEffect(() => {
    pending.current = null;
  }, [params]);

  const query = useMemo(() => Object.fromEntries([...params].filter(([, v]) => v !== "")), [params]);
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const sort = params.get("sort") ?? defaults.sort;
  const dir: SortDirection =
    params.get("dir") === "asc" || params.get("dir") === "desc"
      ? (params.get("dir") as SortDirection)
      : defaults.dir;

  /** Changes some params (undefined or "" removes one); any change but the page's goes back to page 1. */
  const set = useCallback(
    (patch: Record<string, string | number | undefined>, options: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(pending.current ?? prev);
          for (const [name, value] of Object.entries(patch)) {
            if (value === undefined || value === "") next.delete(name);
            else next.set(name, String(value));
          }
          if (!("page" in patch)) next.delete("page");
          if (next.get("page") === "1") next.delete("page");
          pending.current = next;
          return next;
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return {
    /** Every param of the address, for the API call (and the query key). */
    query,
    page,
    sort,
    dir,
    get: (name: string) => params.get(name) ?? undefined,
    /** A comma-separated multi-value param as a list. */
    getList: (name: string) => (params.get(name) ?? "").split(",").filter(Boolean),
    set,
    setPage: (next: number) => set({ page: next }),
    setSort: (column: string, direction: SortDirection) => set({ sort: column, dir: direction }),
    /** Whether any filter or search is set (the empty state then offers to clear them). */
    filtered: [...params.keys()].some((k) => !["page", "pageSize", "sort", "dir", "tab"].includes(k)),
    clear: () => setParams(new URLSearchParams(), { preventScrollReset: true }),
  };
}

export type ListParams = ReturnType<typeof useListParams>;
