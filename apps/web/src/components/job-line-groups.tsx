import { groupLinesByJob, type TInvoiceJob } from "@pevo/shared";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";

type Line = { date: string; location: string; mileage: string; charge: string; dispatchId: string | null };

/** A job's heading: job number and pickup date, its route, then position and PEVO. */
function JobHeading({ job }: { job: TInvoiceJob }) {
  const route = [job.originAddress, job.destinationAddress].filter(Boolean).join(" → ");
  const crew = [job.position, job.pevoName ? `PEVO: ${job.pevoName}` : null].filter(Boolean).join(" · ");
  return (
    <div className="rounded-md bg-muted px-3 py-2">
      <h3 className="font-semibold">
        {job.jobNumber ? `Job # ${job.jobNumber}` : "Job"} · {formatDate(job.pickupDate)}
      </h3>
      {route ? <p className="text-muted-foreground [overflow-wrap:anywhere]">{route}</p> : null}
      {crew ? <p className="text-muted-foreground">{crew}</p> : null}
    </div>
  );
}

/**
 * A consolidated invoice's lines grouped by job (DECISIONS 'Consolidated invoices'): each group
 * headed by its job, with the job's subtotal; lines of no job last, as "Other charges".
 */
export function JobLineGroups({ jobs, lines }: { jobs: TInvoiceJob[]; lines: Line[] }) {
  const groups = groupLinesByJob(jobs, lines);
  return (
    <div className="grid gap-4 text-sm">
      {groups.map((group) => (
        <section
          key={group.job?.dispatchId ?? "other"}
          aria-label={
            group.job ? `Job ${group.job.jobNumber ?? formatDate(group.job.pickupDate)}` : "Other charges"
          }
          className="grid gap-1 rounded-lg border p-2"
        >
          {group.job ? (
            <JobHeading job={group.job} />
          ) : (
            <h3 className="rounded-md bg-muted px-3 py-2 font-semibold">Other charges</h3>
          )}
          <ul className="divide-y">
            {group.lines.map((line, i) => (
              <li key={i} className="flex items-start justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="[overflow-wrap:anywhere]">{line.location}</p>
                  <p className="text-muted-foreground">
                    {formatDate(line.date)}
                    {Number(line.mileage) > 0 ? ` · ${formatNumber(Number(line.mileage), 3)} mi` : ""}
                  </p>
                </div>
                <p className="shrink-0 tabular-nums">{formatMoney(line.charge)}</p>
              </li>
            ))}
          </ul>
          <p className="flex justify-between border-t px-3 pt-2 font-medium">
            <span>{group.job ? "Job subtotal" : "Other charges subtotal"}</span>
            <span className="tabular-nums">{formatMoney(group.subtotal)}</span>
          </p>
        </section>
      ))}
    </div>
  );
}
