import type { TDispatchListItem } from "@pevo/shared";
import { Link } from "react-router";
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
      <ul aria-label="Dispatches" className="grid gap-3">
        {dispatches.map((d) => (
          <li key={d.id} className="rounded-lg border bg-card p-4 text-sm shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link to={detailsHref(d)} className="font-medium break-words hover:underline">
                  {d.driverName}
                </Link>
                {d.jobNumber ? <p className="text-muted-foreground">{d.jobNumber}</p> : null}
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <DispatchStatusBadge status={d.status} />
                <DispatchRowMenu dispatch={d} onDelete={onDelete} />
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">PEVO</dt>
              <dd className="min-w-0 break-words">
                <PevoName dispatch={d} />
              </dd>
              <dt className="text-muted-foreground">Pickup</dt>
              <dd>
                {formatDate(d.pickupDate)} at {d.pickupTime}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
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
              <TableCell className="font-medium">
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
