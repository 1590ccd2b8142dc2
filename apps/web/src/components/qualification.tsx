import { CalendarClock, CircleAlert, CircleCheck, Clock, ExternalLink } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import {
  conflictStatus,
  type QualificationJob,
  qualificationLabel,
  qualificationQuery,
  useQualification,
} from "@/lib/assignment";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";

const icon = {
  valid: <CircleCheck aria-hidden className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />,
  missing: <CircleAlert aria-hidden className="size-4 shrink-0 text-destructive" />,
  expired: <Clock aria-hidden className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />,
};

/** The chosen PEVO's check for the job, under the picker. Nothing when no PEVO or no job. */
export function QualificationMarks({
  job,
  pevoId,
  className,
}: {
  job: QualificationJob | null | undefined;
  pevoId: string | null | undefined;
  className?: string;
}) {
  const result = useQualification(job, pevoId);
  if (!qualificationQuery(job) || !pevoId) return null;
  if (result.isPending) return <Skeleton className={cn("h-12 w-full", className)} />;
  if (result.isError) {
    return (
      <p role="alert" className={cn("text-sm text-destructive", className)}>
        Could not check this PEVO's certificates.{" "}
        <button type="button" className="underline" onClick={() => result.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const q = result.data.results[0];
  if (!q) return null;
  const lines = [
    ...q.states
      .filter((s) => s.requiresCertification)
      .map((s) => ({ key: s.state, status: s.status, what: s.state, reason: s.reason })),
    ...q.insurance.map((i) => ({ key: i.type, status: i.status, what: "Insurance", reason: i.reason })),
    { key: "licence", status: q.licence.status, what: "Licence", reason: q.licence.reason },
  ];
  const free = q.states.filter((s) => !s.requiresCertification).map((s) => s.state);
  return (
    <section
      aria-label={`Qualification of ${q.pevoName}`}
      className={cn("grid gap-1.5 rounded-md border p-3 text-sm", className)}
    >
      <p className="font-medium">
        {q.qualified ? "✓ Qualified for this route" : "Not qualified for this route"}
      </p>
      <ul className="grid gap-1">
        {lines.map((l) => (
          <li key={l.key} className="flex min-w-0 items-start gap-2">
            {icon[l.status]}
            <span className="min-w-0 break-words">
              <span className="font-medium">
                {l.what}: {qualificationLabel[l.status]}
              </span>{" "}
              <span className="text-muted-foreground">— {l.reason}</span>
            </span>
          </li>
        ))}
      </ul>
      {free.length ? (
        <p className="text-muted-foreground">No certification required in {free.join(", ")}.</p>
      ) : null}
      {/* A new tab: the form being filled stays as it is. */}
      <a
        href="/pevos/reciprocity"
        target="_blank"
        rel="noreferrer"
        className="inline-flex w-fit items-center gap-1 text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        Which cards each state accepts
        <ExternalLink aria-hidden className="size-3" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      {q.busy.length ? (
        <ul aria-label="Already booked" className="grid gap-1 border-t pt-2">
          {q.busy.map((b) => (
            <li key={`${b.kind}:${b.id}`} className="flex min-w-0 items-start gap-2">
              <CalendarClock aria-hidden className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
              <span className="min-w-0 break-words">
                <span className="font-medium">Busy: {b.jobNumber ?? "a dispatch without a job"}</span>{" "}
                <span className="text-muted-foreground">
                  — {formatDate(b.date)}
                  {b.endDate && b.endDate !== b.date ? ` to ${formatDate(b.endDate)}` : ""}
                  {b.client ? ` · ${b.client}` : ""} · {conflictStatus(b)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
