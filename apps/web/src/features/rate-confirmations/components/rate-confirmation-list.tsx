import type { SortDirection, TRateConfirmationListItem } from "@pevo/shared";
import { Eye, Truck } from "lucide-react";
import { Link } from "react-router";
import { CoverageText } from "@/components/coverage-text";
import { type DataColumn, DataTable } from "@/components/data-table";
import { ListCard } from "@/components/list-card";
import { SignatureStatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import type { PagedList } from "@/lib/paged-query";

const detailsHref = (id: string) => `/rate-confirmations/${id}`;
const dispatchHref = (id: string) => `/dispatching/new?rcId=${encodeURIComponent(id)}`;

/** View and Dispatch: labelled buttons on a card, icon buttons (named, with a tooltip) in the table. */
function Actions({ rc, compact = false }: { rc: TRateConfirmationListItem; compact?: boolean }) {
  const size = compact ? "icon" : "sm";
  return (
    <div className="flex flex-nowrap justify-end gap-2">
      <Button asChild variant="outline" size={size}>
        <Link
          to={detailsHref(rc.id)}
          aria-label={`View ${rc.jobNumber}`}
          title={compact ? "View" : undefined}
        >
          <Eye />
          {compact ? null : "View"}
        </Link>
      </Button>
      {rc.canceledAt ? null : (
        <Button asChild variant="outline" size={size}>
          <Link
            to={dispatchHref(rc.id)}
            aria-label={`Dispatch ${rc.jobNumber}`}
            title={compact ? "Create a dispatch" : undefined}
          >
            <Truck />
            {compact ? null : "Dispatch"}
          </Link>
        </Button>
      )}
    </div>
  );
}

/** Kept for history: no new dispatches, left out of the counts. */
function CanceledBadge({ className }: { className: string }) {
  return (
    <Badge variant="red" className={className}>
      Canceled
    </Badge>
  );
}

const columns: DataColumn<TRateConfirmationListItem>[] = [
  {
    id: "jobNumber",
    header: "Job Number",
    sortable: true,
    className: "font-medium",
    truncate: (rc) => rc.jobNumber,
    cell: (rc) => (
      <>
        <Link to={detailsHref(rc.id)} className="hover:underline">
          {rc.jobNumber}
        </Link>
        {/* On its own line: beside a long job number it would widen the table past a 1280 px screen. */}
        {rc.canceledAt ? <CanceledBadge className="mt-1 flex" /> : null}
      </>
    ),
  },
  {
    id: "clientName",
    header: "Client",
    sortable: true,
    className: "max-w-48",
    cell: (rc) => (
      <span className="line-clamp-2" title={rc.clientName}>
        {rc.clientName}
      </span>
    ),
  },
  {
    id: "origin",
    header: "Origin",
    className: "max-w-56",
    cell: (rc) => (
      <span className="line-clamp-2" title={rc.originAddress}>
        {rc.originAddress}
      </span>
    ),
  },
  {
    id: "destination",
    header: "Destination",
    className: "max-w-56",
    cell: (rc) => (
      <span className="line-clamp-2" title={rc.destinationAddress}>
        {rc.destinationAddress}
      </span>
    ),
  },
  {
    id: "startDate",
    header: "Start Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (rc) => formatDate(rc.startDate),
  },
  {
    id: "endDate",
    header: "End Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (rc) => (rc.endDate ? formatDate(rc.endDate) : <span className="text-muted-foreground">-</span>),
  },
  {
    id: "positions",
    header: "Positions",
    className: "text-right tabular-nums",
    // The count, and how many have a dispatch (DECISIONS 'One dispatch per position'), e.g. '2 of 3 positions dispatched'; that
    // line wraps, so the table keeps to the width of a 1280 px screen.
    cell: (rc) => (
      <span className="grid justify-items-end">
        <span>{rc.positionsCount}</span>
        {rc.coverage.total > 0 ? (
          <CoverageText coverage={rc.coverage} className="text-xs whitespace-normal" />
        ) : null}
      </span>
    ),
  },
  {
    id: "signature",
    header: "Signature",
    // 'Awaiting signature' takes two lines rather than widen the table; the short states keep to one.
    cell: (rc) => (
      <SignatureStatusBadge
        status={rc.signatureStatus}
        className="min-w-[4.5rem] whitespace-normal text-center [overflow-wrap:normal]"
      />
    ),
  },
  {
    id: "actions",
    header: "Actions",
    srOnlyHeader: true,
    className: "w-24 text-right",
    cell: (rc) => <Actions rc={rc} compact />,
  },
];

function RateConfirmationCard({ rc }: { rc: TRateConfirmationListItem }) {
  return (
    <ListCard
      key={rc.id}
      title={rc.jobNumber}
      titleHref={detailsHref(rc.id)}
      subtitle={
        rc.canceledAt ? (
          <>
            {rc.clientName}
            <CanceledBadge className="ml-2 align-middle" />
          </>
        ) : (
          rc.clientName
        )
      }
      aside={<span className="shrink-0 text-muted-foreground">{formatDate(rc.startDate)}</span>}
      facts={[
        { label: "Origin", value: rc.originAddress },
        { label: "Destination", value: rc.destinationAddress },
        {
          label: "Positions",
          value:
            rc.coverage.total > 0 ? (
              <span>
                {rc.positionsCount} · <CoverageText coverage={rc.coverage} />
              </span>
            ) : (
              rc.positionsCount
            ),
        },
        { label: "Signature", value: <SignatureStatusBadge status={rc.signatureStatus} /> },
      ]}
      actions={<Actions rc={rc} />}
    />
  );
}

/** The rate confirmations table (sorted and paged on the server); under 768 px stacked cards. */
export function RateConfirmationList({
  list,
  sort,
  dir,
  onSortChange,
  onPageChange,
}: {
  list: PagedList<TRateConfirmationListItem>;
  sort: string;
  dir: SortDirection;
  onSortChange: (sort: string, dir: SortDirection) => void;
  onPageChange: (page: number) => void;
}) {
  return (
    <DataTable
      label="Rate confirmations"
      noun="rate confirmations"
      columns={columns}
      list={list}
      getRowId={(rc) => rc.id}
      renderCard={(rc) => <RateConfirmationCard key={rc.id} rc={rc} />}
      sort={sort}
      dir={dir}
      onSortChange={onSortChange}
      onPageChange={onPageChange}
    />
  );
}
