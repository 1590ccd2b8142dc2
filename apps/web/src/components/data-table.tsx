import type { SortDirection } from "@pevo/shared";
import {
  type ColumnDef,
  FlexRender,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ChevronsUpDown } from "lucide-react";
import { type ReactNode, useId, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { CardList } from "@/components/list-card";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useIsMobile } from "@/components/ui/use-mobile";
import { formatNumber } from "@/lib/format";
import type { PagedList } from "@/lib/paged-query";
import { cn } from "@/lib/utils";

const features = tableFeatures({ rowSortingFeature });

/** One column of a {@link DataTable}. */
export type DataColumn<T extends RowData> = {
  /** The API's sort name when the column sorts on the server (e.g. "pickupDate"). */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** Classes of the header and cells (width, alignment, nowrap). */
  className?: string;
  /** A hidden header (an actions column). */
  srOnlyHeader?: boolean;
  /** The full text, shown on hover, of a cell that may be cut short. */
  truncate?: (row: T) => string;
};

type Props<T extends RowData> = {
  label: string;
  columns: DataColumn<T>[];
  list: PagedList<T>;
  getRowId: (row: T) => string;
  /** Under 768 px each row is a card. */
  renderCard: (row: T) => ReactNode;
  sort: string;
  dir: SortDirection;
  onSortChange: (sort: string, dir: SortDirection) => void;
  onPageChange: (page: number) => void;
  /** What is counted: "dispatches" → "Showing 1–25 of 1,204 dispatches". */
  noun: string;
  /**
   * Optional: the whole row opens this address (click, or Enter when the row has focus); links and
   * buttons inside the row keep their own action. A row without an address is not clickable.
   */
  rowHref?: (row: T) => string | undefined;
  /** The row's accessible name when it is clickable, e.g. "Invoice INV-2025-0001". */
  rowLabel?: (row: T) => string;
};

/**
 * A server-paged, server-sorted list (TanStack Table, headless, with manual sorting): a table on a
 * desktop with sortable headers and page controls; cards with "Load more" on a phone. The rows of
 * the previous page stay on screen (dimmed) while the next one loads.
 */
export function DataTable<T extends RowData>(props: Props<T>) {
  const { columns, list, sort, dir, onSortChange, label, rowHref, rowLabel } = props;
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const sorting: SortingState = useMemo(() => [{ id: sort, desc: dir === "desc" }], [sort, dir]);
  // TanStack renders a cell function as a component: a new function on every render (callers build
  // their columns inline) would remount every cell, closing an open row menu whenever the list
  // refreshes live. The definitions change only with the columns' shape; cells read the latest ones.
  const latest = useRef(columns);
  latest.current = columns;
  const shape = columns.map((c) => `${c.id}:${c.header}:${c.sortable ? 1 : 0}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the shape changes; cells read `latest`
  const tableColumns = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      latest.current.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => row,
        cell: (info) => (latest.current.find((l) => l.id === c.id) ?? c).cell(info.row.original),
        enableSorting: Boolean(c.sortable),
      })),
    [shape],
  );
  const table = useTable({
    features,
    columns: tableColumns,
    data: list.items,
    getRowId: (row) => props.getRowId(row),
    manualSorting: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      // A third click would clear the sort: turn it around instead (a list always has an order).
      if (first) onSortChange(first.id, first.desc ? "desc" : "asc");
      else onSortChange(sort, dir === "asc" ? "desc" : "asc");
    },
  });
  const byId = new Map(columns.map((c) => [c.id, c]));

  if (isMobile) {
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <PhoneSort columns={columns} sort={sort} dir={dir} onSortChange={onSortChange} />
        <CardList label={label}>{list.items.map((row) => props.renderCard(row))}</CardList>
        <p className="text-center text-sm text-muted-foreground" aria-live="polite">
          Showing {formatNumber(list.items.length)} of {totalText(list)} {props.noun}
        </p>
        {list.totalCapped && !list.hasMore ? <CapNote cap={list.total} /> : null}
        {list.hasMore ? (
          <Button variant="outline" onClick={list.loadMore} disabled={list.isLoadingMore}>
            {list.isLoadingMore ? <Spinner /> : null}
            Load more
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div
        className={cn("rounded-lg border bg-card transition-opacity", list.isFetching && "opacity-60")}
        aria-busy={list.isFetching}
      >
        <Table aria-label={label}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  const sorted = header.column.getIsSorted();
                  return (
                    <TableHead
                      key={header.id}
                      className={column?.className}
                      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {column?.srOnlyHeader ? (
                        <span className="sr-only">{column.header}</span>
                      ) : header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <FlexRender header={header} />
                          {sorted === "asc" ? (
                            <ArrowUp className="size-3.5" aria-hidden />
                          ) : sorted === "desc" ? (
                            <ArrowDown className="size-3.5" aria-hidden />
                          ) : (
                            <ChevronsUpDown className="size-3.5 opacity-50" aria-hidden />
                          )}
                        </button>
                      ) : (
                        <FlexRender header={header} />
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows.map((row) => {
              const href = rowHref?.(row.original);
              return (
                <TableRow
                  key={row.id}
                  {...(href
                    ? {
                        tabIndex: 0,
                        "aria-label": rowLabel?.(row.original),
                        className:
                          "cursor-pointer focus-visible:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring",
                        onClick: (event) => {
                          if ((event.target as HTMLElement).closest("a, button")) return;
                          navigate(href);
                        },
                        onKeyDown: (event) => {
                          if (event.key === "Enter" && event.target === event.currentTarget) {
                            navigate(href);
                          }
                        },
                      }
                    : {})}
                >
                  {row.getAllCells().map((cell) => {
                    const column = byId.get(cell.column.id);
                    return (
                      <TableCell
                        key={cell.id}
                        className={column?.className}
                        truncate={column?.truncate?.(row.original)}
                      >
                        <FlexRender cell={cell} />
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <Pager list={list} noun={props.noun} onPageChange={props.onPageChange} />
    </div>
  );
}

/** Phones have no column headers to click: the same sort as a select and a direction button. */
function PhoneSort<T extends RowData>({
  columns,
  sort,
  dir,
  onSortChange,
}: Pick<Props<T>, "columns" | "sort" | "dir" | "onSortChange">) {
  const id = useId();
  const sortable = columns.filter((c) => c.sortable);
  if (sortable.length === 0) return null;
  const ascending = dir === "asc";
  return (
    <div className="flex items-center justify-end gap-2 text-sm">
      <label htmlFor={id} className="text-muted-foreground">
        Sort by
      </label>
      <Select value={sort} onValueChange={(value) => onSortChange(value, dir)}>
        <SelectTrigger id={id} className="h-8 w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {sortable.map((c) => (
            <SelectItem key={c.id} value={c.id}>
              {c.header}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        onClick={() => onSortChange(sort, ascending ? "desc" : "asc")}
        aria-label={ascending ? "Ascending: sort descending" : "Descending: sort ascending"}
        title={ascending ? "Ascending" : "Descending"}
      >
        {ascending ? <ArrowUp /> : <ArrowDown />}
      </Button>
    </div>
  );
}

/** "1,204", or "10,000+" when more rows match than the API counts. */
const totalText = (list: Pick<PagedList<unknown>, "total" | "totalCapped">) =>
  `${formatNumber(list.total)}${list.totalCapped ? "+" : ""}`;

/** Under the last reachable page of a capped list (the cap is its total): how to reach the rest. */
function CapNote({ cap }: { cap: number }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      Only the first {formatNumber(cap)} are listed: narrow the filters or reverse the sort to see the rest.
    </p>
  );
}

/** "Showing 26–50 of 1,204 dispatches", and Previous / Next. */
export function Pager({
  list,
  noun,
  onPageChange,
}: {
  list: Pick<PagedList<unknown>, "page" | "pageSize" | "total" | "totalCapped" | "isFetching">;
  noun: string;
  onPageChange: (page: number) => void;
}) {
  const { page, pageSize, total } = list;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {first > total ? (
          <>Page {formatNumber(page)} is past the end</>
        ) : (
          <>
            Showing {formatNumber(first)}–{formatNumber(last)} of {totalText(list)} {noun}
          </>
        )}
        {list.isFetching ? <Spinner className="ml-2 inline size-3.5" /> : null}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground">
          Page {formatNumber(page)} of {formatNumber(pages)}
          {list.totalCapped ? "+" : ""}
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <ChevronLeft />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pages}
          aria-label="Next page"
        >
          Next
          <ChevronRight />
        </Button>
      </div>
      {list.totalCapped && page >= pages ? (
        <div className="basis-full">
          <CapNote cap={total} />
        </div>
      ) : null}
    </nav>
  );
}
