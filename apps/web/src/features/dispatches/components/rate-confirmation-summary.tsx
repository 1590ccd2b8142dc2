import { POSITION_TYPES, type PositionType, type TLoadDetails } from "@pevo/shared";
import { ArrowRight, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { LoadDetailsList } from "@/components/load-details-list";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { formatDate } from "@/lib/format";
import { inlineLinkClass } from "@/lib/utils";
import { useRateConfirmationRecord } from "../api";

/** What the summary shows; both a rate confirmation and a dispatch's rate confirmation part fit it. */
export type RateConfirmationSummaryData = {
  id: string;
  jobNumber: string;
  clientName: string;
  originAddress: string;
  destinationAddress: string;
  startDate: string;
  positions: { positionType: PositionType; customName: string | null }[];
  loadDetails: TLoadDetails;
};

const positionLabel = (p: RateConfirmationSummaryData["positions"][number]) =>
  p.positionType === "custom" && p.customName ? p.customName : POSITION_TYPES[p.positionType];

/**
 * A small read-only card about the linked rate confirmation. `known` is the summary the dispatch
 * came with; another choice is loaded from the server.
 */
export function RateConfirmationSummary({
  id,
  known,
}: {
  id: string;
  known?: RateConfirmationSummaryData | null;
}) {
  const useKnown = known?.id === id;
  const record = useRateConfirmationRecord(useKnown ? null : id);
  const rc: RateConfirmationSummaryData | undefined = useKnown ? (known ?? undefined) : record.data;

  return (
    <section
      aria-label="Linked rate confirmation"
      className="rounded-lg border bg-muted/40 p-4 text-sm dark:bg-muted/20"
    >
      {rc ? (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              {/* The card's heading, so its 'Load details' h3 follows an h2 (heading order). */}
              <h2 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                Rate confirmation
              </h2>
              <p className="font-semibold [overflow-wrap:anywhere]">{rc.jobNumber}</p>
            </div>
            <Link
              to={`/rate-confirmations/${encodeURIComponent(rc.id)}`}
              className="inline-flex items-center gap-1 text-xs font-medium underline-offset-4 hover:underline"
            >
              Open
              <ExternalLink className="size-3.5" aria-hidden />
            </Link>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
            <dt className="text-muted-foreground">Client</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{rc.clientName}</dd>
            <dt className="text-muted-foreground">Route</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {rc.originAddress}
              <ArrowRight
                className="mx-1 inline size-3.5 align-[-2px] text-muted-foreground"
                aria-label="to"
              />
              {rc.destinationAddress}
            </dd>
            <dt className="text-muted-foreground">Start date</dt>
            <dd>{formatDate(rc.startDate)}</dd>
            <dt className="text-muted-foreground">Positions</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {rc.positions.length ? rc.positions.map(positionLabel).join(", ") : "-"}
            </dd>
          </dl>
          <section aria-labelledby="rc-summary-load" className="grid gap-2 border-t pt-3">
            <h3
              id="rc-summary-load"
              className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
            >
              Load details
            </h3>
            <LoadDetailsList details={rc.loadDetails} positions={rc.positions} />
          </section>
        </div>
      ) : record.isError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-destructive">
          {record.error instanceof ApiError && record.error.status === 404
            ? "Rate confirmation not found"
            : "Could not load the rate confirmation."}
          <button type="button" className={inlineLinkClass} onClick={() => void record.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Spinner />
          Loading rate confirmation...
        </p>
      )}
    </section>
  );
}
