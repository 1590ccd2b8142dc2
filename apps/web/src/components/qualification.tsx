import { TEXT_LIMITS, type TNotQualified, type TPevoQualification } from "@pevo/shared";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { useId, useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { allowLeaveAfterResend } from "@/components/unsaved-changes";
import { ApiError } from "@/lib/api";
import { call, client } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { cn } from "@/lib/utils";

/**
 * Whether a PEVO is qualified for a job (issue 12 §4), next to the PEVO picker: per route state a
 * certificate valid on the job's dates (✓ / missing / expired, with the reason), insurance, licence.
 * The job is a saved rate confirmation (a dispatch's; `from` widens it to the pickup date) or the
 * route and dates being edited on a rate confirmation form.
 */
export type QualificationJob = {
  rateConfirmationId?: string | null;
  routeStates?: readonly string[];
  from?: string | null;
  to?: string | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query for a job, or null when there is nothing to check yet (no job, no route, no dates). */
export function qualificationQuery(job: QualificationJob | null | undefined) {
  if (!job) return null;
  const from = job.from && DAY.test(job.from) ? job.from : undefined;
  const to = from && job.to && DAY.test(job.to) && job.to >= from ? job.to : undefined;
  if (job.rateConfirmationId) return { rateConfirmationId: job.rateConfirmationId, from, to };
  if (!from) return null;
  // Without a route, insurance and the licence are still checked.
  return job.routeStates?.length ? { routeStates: job.routeStates.join(","), from, to } : { from, to };
}
type JobQuery = NonNullable<ReturnType<typeof qualificationQuery>>;

/** The check of some PEVOs (at most a picker page) for a job. */
export function fetchQualifications(query: JobQuery, pevoIds: string[]) {
  const q = Object.fromEntries(Object.entries({ ...query, pevoIds: pevoIds.join(",") }).filter(([, v]) => v));
  return call(client.api.pevos.qualification.$get({ query: q as { pevoIds: string } }));
}

export const qualificationKey = (query: JobQuery | null) =>
  [...queryKeys.pevos, "qualification", query] as const;

/** One line for a picker option: "✓ Qualified" or "Missing NY · Expired UT · Insurance expired". */
export function qualificationSummary(q: TPevoQualification): string {
  if (q.qualified) return "✓ Qualified";
  const parts = q.states.filter((s) => s.status !== "valid").map((s) => `${label[s.status]} ${s.state}`);
  for (const i of q.insurance) if (i.status !== "valid") parts.push(`Insurance ${i.status}`);
  if (q.licence.status !== "valid") parts.push(`Licence ${q.licence.status}`);
  return `✗ ${parts.join(" · ")}`;
}

const label = { valid: "Valid", missing: "Missing", expired: "Expired" } as const;
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
  const query = qualificationQuery(job);
  const result = useQuery({
    queryKey: [...qualificationKey(query), pevoId],
    queryFn: () => fetchQualifications(query as JobQuery, [pevoId as string]),
    enabled: Boolean(query && pevoId),
  });
  if (!query || !pevoId) return null;
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
                {l.what}: {label[l.status]}
              </span>{" "}
              <span className="text-muted-foreground">— {l.reason}</span>
            </span>
          </li>
        ))}
      </ul>
      {free.length ? (
        <p className="text-muted-foreground">No certification required in {free.join(", ")}.</p>
      ) : null}
    </section>
  );
}

/** Who falls short in a 400 refused assignment, or null for any other error. */
function notQualifiedOf(error: unknown): TNotQualified[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const list = (error.body as { notQualified?: unknown } | undefined)?.notQualified;
  return Array.isArray(list) && list.length ? (list as TNotQualified[]) : null;
}

/**
 * A save refused because a PEVO is not qualified for the route: `ask(error, retry)` opens the
 * reasons and returns true when it handled the error; "Assign anyway" calls `retry(reason)` (which
 * resends with `qualificationOverride: { reason }`). Render `dialog` once in the page.
 */
export function useQualificationOverride(pending: boolean) {
  const [state, setState] = useState<{ who: TNotQualified[]; retry: (reason: string) => void } | null>(null);
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const id = useId();
  const ask = (error: unknown, retry: (reason: string) => void) => {
    const who = notQualifiedOf(error);
    if (!who) return false;
    setReason("");
    setTouched(false);
    setState({ who, retry });
    return true;
  };
  const close = () => setState(null);
  const missing = reason.trim() === "";
  const dialog = (
    <AlertDialog open={state !== null} onOpenChange={(open) => !open && !pending && close()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>PEVO not qualified for this route</AlertDialogTitle>
          <AlertDialogDescription>
            An admin may assign anyway with a reason; it is recorded in Recent Activity.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul aria-label="Why not qualified" className="grid max-h-[35svh] gap-2 overflow-y-auto text-sm">
          {state?.who.map((p) => (
            <li key={p.pevoId} className="rounded-md border p-3">
              <div className="font-medium break-words">{p.pevoName}</div>
              <ul className="list-disc pl-5 text-muted-foreground">
                {p.reasons.map((r) => (
                  <li key={r} className="break-words">
                    {r}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-reason`}>Reason for assigning anyway</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={TEXT_LIMITS.overrideReason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && missing ? true : undefined}
            aria-describedby={touched && missing ? `${id}-error` : undefined}
          />
          {touched && missing ? (
            <p id={`${id}-error`} className="text-sm text-destructive">
              Enter the reason for assigning anyway
            </p>
          ) : null}
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button
            disabled={pending}
            onClick={() => {
              if (missing) {
                setTouched(true);
                return;
              }
              const retry = state?.retry;
              close();
              allowLeaveAfterResend();
              retry?.(reason.trim());
            }}
          >
            {pending ? <Spinner /> : null}
            Assign anyway
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { ask, dialog };
}
