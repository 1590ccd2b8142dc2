import type { TDispatchListItem } from "@pevo/shared";
import { Link } from "react-router";
import { CardList, ListCard } from "@/components/list-card";
import { DispatchStatusBadge } from "@/components/status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useIsMobile } from "@/components/ui/use-mobile";
import { formatDate } from "@/lib/format";
import { DispatchRowMenu } from "./dispatch-row-menu";

type Props = { dispatches: TDispatchListItem[]; onDelete: (dispatch: TDispatchListItem) => void };

const detailsHref = (d: TDispatchListItem) => `/dispatching/${encodeURIComponent(d.id)}`;

function PevoName({ dispatch }: { dispatch: TDispatchListItem }) {
  return dispatch.pevoName ? (
    <span>{dispatch.pevoName}</span>
  ) : (
    <span className="text-muted-foreground">Unassigned</span>
  );
}

/** The dispatches table (SPEC §2); under 768 px the same rows as stacked cards. */
export function DispatchList({ dispatches, onDelete }: Props) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <CardList label="Dispatches">
        {dispatches.map((d) => (
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
              { label: "Pickup", value: `${formatDate(d.pickupDate)} at ${d.pickupTime}` },
            ]}
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
            <TableHead>Driver</TableHead>
            <TableHead>PEVO</TableHead>
            <TableHead>Pickup Date</TableHead>
            <TableHead>Pickup Time</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="w-12">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {dispatches.map((d) => (
            <TableRow key={d.id}>
              <TableCell className="font-medium" truncate={d.driverName}>
                <Link to={detailsHref(d)} className="hover:underline">
                  {d.driverName}
                </Link>
                {d.jobNumber ? (
                  <span className="block text-xs font-normal text-muted-foreground">{d.jobNumber}</span>
                ) : null}
              </TableCell>
              <TableCell>
                <PevoName dispatch={d} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(d.pickupDate)}</TableCell>
              <TableCell className="whitespace-nowrap">{d.pickupTime}</TableCell>
              <TableCell>
                <DispatchStatusBadge status={d.status} />
              </TableCell>
              <TableCell className="text-right">
                <DispatchRowMenu dispatch={d} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
