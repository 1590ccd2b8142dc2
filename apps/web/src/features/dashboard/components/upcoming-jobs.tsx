import type { ReactNode } from "react";
import { Link } from "react-router";
import { DispatchStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useTableFits } from "@/components/ui/use-table-fits";
import { dash, formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { TUpcomingJob } from "../api";
import { ArrowRight } from "./arrow-right-icon";

/** Origin, then an arrow and the destination (wraps onto a second line when narrow). */
function Route({ job }: { job: TUpcomingJob }) {
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-1.5 [overflow-wrap:anywhere]">
      <span className="min-w-0">{dash(job.origin)}</span>
      <span className="inline-flex min-w-0 items-center gap-1.5">
        <ArrowRight role="img" aria-label="to" className="size-3.5 shrink-0 text-muted-foreground" />
        <span className="min-w-0">{dash(job.destination)}</span>
      </span>
    </span>
  );
}

function Pevo({ job }: { job: TUpcomingJob }) {
  return job.pevo ? <span>{job.pevo}</span> : <span className="text-muted-foreground">Not assigned</span>;
}

function ViewButton({ job }: { job: TUpcomingJob }) {
  return (
    <Button variant="outline" size="sm" asChild>
      <Link to={`/dispatching/${job.id}`}>View</Link>
    </Button>
  );
}

/** Compact cells, flush with the card's edges, so the table fits beside the activity list. */
const cell = "px-2 first:pl-5 last:pr-5";

function JobsTable({ jobs }: { jobs: TUpcomingJob[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className={cell}>Job ID</TableHead>
          <TableHead className={cell}>Client</TableHead>
          <TableHead className={cell}>Date</TableHead>
          <TableHead className={cell}>Status</TableHead>
          <TableHead className={cell}>PEVO</TableHead>
          <TableHead className={cell}>Route</TableHead>
          <TableHead className={cn(cell, "text-right")}>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {jobs.map((job) => (
          <TableRow key={job.id}>
            <TableCell className={cn(cell, "font-medium whitespace-nowrap")}>{dash(job.jobNumber)}</TableCell>
            <TableCell className={cell}>{dash(job.client)}</TableCell>
            <TableCell className={cn(cell, "whitespace-nowrap")}>{formatDate(job.date)}</TableCell>
            <TableCell className={cell}>
              <DispatchStatusBadge status={job.status} />
            </TableCell>
            <TableCell className={cell}>
              <Pevo job={job} />
            </TableCell>
            <TableCell className={cell}>
              <Route job={job} />
            </TableCell>
            <TableCell className={cn(cell, "text-right")}>
              <ViewButton job={job} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function JobCards({ jobs }: { jobs: TUpcomingJob[] }) {
  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 @lg:grid-cols-2">
      {jobs.map((job) => (
        <li key={job.id} className="min-w-0 rounded-lg border p-3 text-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium [overflow-wrap:anywhere]">{dash(job.jobNumber)}</p>
              <p className="text-muted-foreground [overflow-wrap:anywhere]">{dash(job.client)}</p>
            </div>
            <DispatchStatusBadge status={job.status} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
            <dt className="text-muted-foreground">Date</dt>
            <dd>{formatDate(job.date)}</dd>
            <dt className="text-muted-foreground">PEVO</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              <Pevo job={job} />
            </dd>
            <dt className="text-muted-foreground">Route</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              <Route job={job} />
            </dd>
          </dl>
          <div className="mt-3 flex justify-end">
            <ViewButton job={job} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The next 7 days' dispatches: a table, or stacked cards under 768 px or where the table would not fit. */
export function UpcomingJobs({ jobs, loading }: { jobs?: TUpcomingJob[]; loading?: boolean }) {
  const table = useTableFits(jobs);
  let body: ReactNode;
  let flush = false;
  if (loading || !jobs) {
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading upcoming jobs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  } else if (jobs.length === 0) {
    body = (
      <p className="py-8 text-center text-sm text-muted-foreground">No upcoming jobs in the next 7 days</p>
    );
  } else {
    flush = table.showTable;
    body = flush ? <JobsTable jobs={jobs} /> : <JobCards jobs={jobs} />;
  }
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Upcoming Jobs</CardTitle>
        <CardDescription>Dispatches with a pickup in the next 7 days</CardDescription>
      </CardHeader>
      <CardContent ref={table.ref} className={cn("@container", flush && "px-0")}>
        {body}
      </CardContent>
    </Card>
  );
}
