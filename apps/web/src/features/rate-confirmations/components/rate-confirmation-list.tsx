import type { TRateConfirmationListItem } from "@pevo/shared";
import { Eye, Truck } from "lucide-react";
import { Link } from "react-router";
import { CardList, ListCard } from "@/components/list-card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useIsMobile } from "@/components/ui/use-mobile";
import { formatDate } from "@/lib/format";

const detailsHref = (id: string) => `/rate-confirmations/${id}`;
const dispatchHref = (id: string) => `/dispatching/new?rcId=${encodeURIComponent(id)}`;

function Actions({ rc }: { rc: TRateConfirmationListItem }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to={detailsHref(rc.id)} aria-label={`View ${rc.jobNumber}`}>
          <Eye />
          View
        </Link>
      </Button>
      {rc.canceledAt ? null : (
        <Button asChild variant="outline" size="sm">
          <Link to={dispatchHref(rc.id)} aria-label={`Dispatch ${rc.jobNumber}`}>
            <Truck />
            Dispatch
          </Link>
        </Button>
      )}
    </div>
  );
}

/** Kept for history: no new dispatches, left out of the counts. */
function CanceledBadge() {
  return (
    <Badge variant="red" className="ml-2 align-middle">
      Canceled
    </Badge>
  );
}

/** The rate confirmations table; under 768 px the same rows as stacked cards. */
export function RateConfirmationList({ items }: { items: TRateConfirmationListItem[] }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <CardList label="Rate confirmations">
        {items.map((rc) => (
          <ListCard
            key={rc.id}
            title={rc.jobNumber}
            titleHref={detailsHref(rc.id)}
            subtitle={
              rc.canceledAt ? (
                <>
                  {rc.clientName}
                  <CanceledBadge />
                </>
              ) : (
                rc.clientName
              )
            }
            aside={<span className="shrink-0 text-muted-foreground">{formatDate(rc.startDate)}</span>}
            facts={[
              { label: "Origin", value: rc.originAddress },
              { label: "Destination", value: rc.destinationAddress },
              { label: "Positions", value: rc.positionsCount },
            ]}
            actions={<Actions rc={rc} />}
          />
        ))}
      </CardList>
    );
  }
  return (
    <div className="rounded-lg border bg-card">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Job Number</TableHead>
            <TableHead>Origin</TableHead>
            <TableHead>Destination</TableHead>
            <TableHead>Start Date</TableHead>
            <TableHead className="text-right">Positions</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((rc) => (
            <TableRow key={rc.id}>
              <TableCell className="font-medium" truncate={rc.jobNumber}>
                <Link to={detailsHref(rc.id)} className="hover:underline">
                  {rc.jobNumber}
                </Link>
                {rc.canceledAt ? <CanceledBadge /> : null}
                <div className="text-xs font-normal text-muted-foreground">{rc.clientName}</div>
              </TableCell>
              <TableCell className="max-w-64">
                <span className="line-clamp-2" title={rc.originAddress}>
                  {rc.originAddress}
                </span>
              </TableCell>
              <TableCell className="max-w-64">
                <span className="line-clamp-2" title={rc.destinationAddress}>
                  {rc.destinationAddress}
                </span>
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(rc.startDate)}</TableCell>
              <TableCell className="text-right tabular-nums">{rc.positionsCount}</TableCell>
              <TableCell>
                <Actions rc={rc} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
