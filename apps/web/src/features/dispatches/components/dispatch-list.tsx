import { coverageText, positionLabel, type TDispatchListItem } from "@pevo/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CoverageText } from "@/components/coverage-text";
import { type DataColumn, DataTable } from "@/components/data-table";
import { ListCard } from "@/components/list-card";
import { DispatchStatusBadge } from "@/components/status-badge";
import { formatDate, formatShortDate, isoDay } from "@/lib/format";
import type { ListParams } from "@/lib/list-params";
import type { PagedList } from "@/lib/paged-query";
import { cn } from "@/lib/utils";
import { DispatchRowMenu } from "./dispatch-row-menu";

type Props = {
  list: ListParams;
  rows: PagedList<TDispatchListItem>;
  onDelete: (dispatch: TDispatchListItem) => void;
};

const detailsHref = (d: TDispatchListItem) => `/dispatching/${encodeURIComponent(d.id)}`;

function PevoName({ dispatch }: { dispatch: TDispatchListItem }) {
  return dispatch.pevoName ? (
    <span>{dispatch.pevoName}</span>
  ) : (
    <span className="text-muted-foreground">Unassigned</span>
  );
}

/** A cell's text cut to one line with an ellipsis (the whole text on hover), narrower than the table default. */
function Clip({ text, className, children }: { text: string; className: string; children?: ReactNode }) {
  return (
    <div className={cn("truncate", className)} title={text}>
      {children ?? text}
    </div>
  );
}

/** The position this dispatch fills ('Lead Car'); a dash for one that names none. */
function Position({ dispatch }: { dispatch: TDispatchListItem }) {
  const position = positionLabel(dispatch);
  return position ? <span>{position}</span> : <span className="text-muted-foreground">-</span>;
}

/**
 * This dispatch's job coverage ('2 of 3 positions dispatched'). `compact` (the table's narrow
 * column): '2 of 3', the rest for screen readers and on hover.
 */
function Coverage({ dispatch: d, compact = false }: { dispatch: TDispatchListItem; compact?: boolean }) {
  if (!d.coverage) return <span className="text-muted-foreground">-</span>;
  if (compact) {
    const complete = d.coverage.covered >= d.coverage.total;
    return (
      <span
        title={coverageText(d.coverage)}
        className={complete ? "text-muted-foreground" : "font-medium text-amber-700 dark:text-amber-400"}
      >
        {d.coverage.covered} of {d.coverage.total}
        <span className="sr-only"> positions dispatched</span>
      </span>
    );
  }
  return <CoverageText coverage={d.coverage} />;
}

function columns(onDelete: Props["onDelete"]): DataColumn<TDispatchListItem>[] {
  return [
    {
      id: "jobNumber",
      header: "Job #",
      sortable: true,
      cell: (d) =>
        d.jobNumber ? (
          <Clip text={d.jobNumber} className="max-w-36" />
        ) : (
          <span className="text-muted-foreground">None</span>
        ),
    },
    {
      id: "driverName",
      header: "Driver",
      sortable: true,
      className: "font-medium",
      cell: (d) => (
        <Clip text={d.driverName} className="max-w-40 2xl:max-w-64">
          <Link to={detailsHref(d)} className="hover:underline">
            {d.driverName}
          </Link>
        </Clip>
      ),
    },
    {
      id: "pevoName",
      header: "PEVO",
      sortable: true,
      cell: (d) => (
        <Clip text={d.pevoName ?? "Unassigned"} className="max-w-32 2xl:max-w-56">
          <PevoName dispatch={d} />
        </Clip>
      ),
    },
    {
      // The position of the job this dispatch fills (DECISIONS 'One dispatch per position').
      id: "position",
      header: "Position",
      cell: (d) => (
        <Clip text={positionLabel(d) ?? ""} className="max-w-32 2xl:max-w-48">
          <Position dispatch={d} />
        </Clip>
      ),
    },
    {
      id: "pickupDate",
      header: "Pickup Date",
      sortable: true,
      className: "whitespace-nowrap",
      cell: (d) => formatDate(d.pickupDate),
    },
    { id: "pickupTime", header: "Pickup Time", className: "whitespace-nowrap", cell: (d) => d.pickupTime },
    {
      id: "status",
      header: "Status",
      sortable: true,
      cell: (d) => <DispatchStatusBadge status={d.status} />,
    },
    {
      // The job's positions with a dispatch (DECISIONS 'One dispatch per position'); only for a job with positions; after
      // Status so the columns before keep their places.
      id: "coverage",
      header: "Positions",
      className: "whitespace-nowrap",
      cell: (d) => <Coverage dispatch={d} compact />,
    },
    {
      id: "createdAt",
      header: "Created",
      sortable: true,
      className: "hidden whitespace-nowrap 2xl:table-cell",
      cell: (d) => formatShortDate(isoDay(new Date(d.createdAt))),
    },
    {
      id: "actions",
      header: "Actions",
      srOnlyHeader: true,
      className: "w-12 text-right",
      cell: (d) => <DispatchRowMenu dispatch={d} onDelete={onDelete} />,
    },
  ];
}

/**
 * The dispatches table (SPEC §2): one server page, sortable headers, the pager; under 768 px the
 * same rows as stacked cards with "Load more".
 */
export function DispatchList({ list, rows, onDelete }: Props) {
  return (
    <DataTable
      label="Dispatches"
      noun="dispatches"
      columns={columns(onDelete)}
      list={rows}
      getRowId={(d) => d.id}
      sort={list.sort}
      dir={list.dir}
      onSortChange={list.setSort}
      onPageChange={list.setPage}
      renderCard={(d) => (
        <ListCard
          key={d.id}
          title={d.driverName}
          titleHref={detailsHref(d)}
          subtitle={d.jobNumber}
          aside={
            <div className="flex shrink-0 items-center gap-1">
              <DispatchStatusBadge status={d.status} />
              <DispatchRowMenu dispatch={d} onDelete={onDelete} />
            </div>
          }
          facts={[
            { label: "PEVO", value: <PevoName dispatch={d} /> },
            ...(positionLabel(d) ? [{ label: "Position", value: <Position dispatch={d} /> }] : []),
            { label: "Pickup", value: `${formatDate(d.pickupDate)} at ${d.pickupTime}` },
            ...(d.coverage ? [{ label: "Positions", value: <Coverage dispatch={d} /> }] : []),
          ]}
        />
      )}
    />
  );
}
