import {
  DISPATCH_STATUS_LABELS,
  type TBookingConflict,
  type TNotQualified,
  type TPevoMarks,
  type TQualificationResponse,
} from "@pevo/shared";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { ApiError } from "./api";
import { call, client } from "./api-client";
import { queryKeys } from "./query-keys";

/**
 * Whether a PEVO is qualified for a job, next to the PEVO picker: per route state a
 * certificate valid on the job's dates (✓ / missing / expired, with the reason), insurance, licence.
 * The job is a saved rate confirmation (a dispatch's; `from` widens it to the pickup date) or the
 * route and dates being edited on a rate confirmation form.
 */
export type QualificationJob = {
  rateConfirmationId?: string | null;
  routeStates?: readonly string[];
  from?: string | null;
  to?: string | null;
  /** A dispatch's pickup date: another dispatch that day makes a PEVO busy, even on the same job. */
  pickupDate?: string | null;
  /** The dispatch being edited: its own booking does not make its PEVO busy. */
  dispatchId?: string | null;
  /** A rate confirmation form's own record (when editing): its positions do not make a PEVO busy. */
  editedRateConfirmationId?: string | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query for a job, or null when there is nothing to check yet (no job, no route, no dates). */
export function qualificationQuery(job: QualificationJob | null | undefined) {
  if (!job) return null;
  const from = job.from && DAY.test(job.from) ? job.from : undefined;
  const to = from && job.to && DAY.test(job.to) && job.to >= from ? job.to : undefined;
  if (job.rateConfirmationId) {
    const pickupDate = job.pickupDate && DAY.test(job.pickupDate) ? job.pickupDate : undefined;
    return {
      rateConfirmationId: job.rateConfirmationId,
      from,
      to,
      pickupDate,
      dispatchId: job.dispatchId ?? undefined,
    };
  }
  if (!from) return null;
  // Without a route, insurance and the licence are still checked; the dates mark who is busy.
  const edited = job.editedRateConfirmationId
    ? { editedRateConfirmationId: job.editedRateConfirmationId }
    : {};
  return job.routeStates?.length
    ? { routeStates: job.routeStates.join(","), from, to, ...edited }
    : { from, to, ...edited };
}
type JobQuery = NonNullable<ReturnType<typeof qualificationQuery>>;

/** The check of some PEVOs (at most a picker page) for a job. */
function fetchQualifications(query: JobQuery, pevoIds: string[]) {
  const q = Object.fromEntries(Object.entries({ ...query, pevoIds: pevoIds.join(",") }).filter(([, v]) => v));
  return call(client.api.pevos.qualification.$get({ query: q as { pevoIds: string } }));
}

/** Every PEVO check: credentials changing make them all stale. */
export const qualificationsKey = [...queryKeys.pevos, "qualification"] as const;

export const qualificationKey = (query: JobQuery | null) => [...qualificationsKey, query] as const;

/** One PEVO's check for a job: the panel under the picker reads it, the picker's search writes it. */
const pevoQualificationKey = (query: JobQuery | null, pevoId: string | null | undefined) =>
  [...qualificationKey(query), "pevo", pevoId] as const;

/**
 * The check of some PEVOs for a job (DECISIONS 'Every assignment is checked'): one computation for
 * the picker's options and the panel under it. Each PEVO's result is kept as that PEVO's check, so
 * the panel shows what the picker just showed (never an older answer).
 */
export async function checkPevos(queryClient: QueryClient, query: JobQuery, pevoIds: string[]) {
  const checked = await fetchQualifications(query, pevoIds);
  for (const result of checked.results) {
    queryClient.setQueryData<TQualificationResponse>(pevoQualificationKey(query, result.pevoId), {
      ...checked,
      results: [result],
    });
  }
  return checked;
}

/** "Busy: RC-2026-0042 (Completed)": the jobs the PEVO is already booked on at the job's time. */
export function busySummary(busy: readonly TBookingConflict[]): string | null {
  if (busy.length === 0) return null;
  const jobs = busy.map((b) => `${b.jobNumber ?? "a dispatch"} (${conflictStatus(b)})`);
  return `Busy: ${jobs.slice(0, 2).join(", ")}${jobs.length > 2 ? ` +${jobs.length - 2} more` : ""}`;
}

/** Where the other booking stands: the dispatch's real status, or a position on the job. */
export const conflictStatus = (c: Pick<TBookingConflict, "kind" | "status">) =>
  c.kind === "position" || !c.status ? "Assigned to a position" : DISPATCH_STATUS_LABELS[c.status];

/**
 * One line for a picker option: "✓ Qualified" or "Missing NY · Expired UT · Insurance expired",
 * then "Busy: …" when the PEVO is already booked at the job's time.
 */
export function qualificationSummary(q: TPevoMarks): string {
  const busy = busySummary(q.busy ?? []);
  const marks = qualificationMarks(q);
  return busy ? `${marks} · ${busy}` : marks;
}

function qualificationMarks(q: TPevoMarks): string {
  if (q.qualified) return "✓ Qualified";
  const parts = q.states
    .filter((s) => s.status !== "valid")
    .map((s) => `${qualificationLabel[s.status]} ${s.state}`);
  for (const i of q.insurance) if (i.status !== "valid") parts.push(`Insurance ${i.status}`);
  if (q.licence.status !== "valid") parts.push(`Licence ${q.licence.status}`);
  return `✗ ${parts.join(" · ")}`;
}

export const qualificationLabel = { valid: "Valid", missing: "Missing", expired: "Expired" } as const;

/**
 * The chosen PEVO's check for the job (off when there is no job to check or no PEVO): the same
 * entry the picker's search fills, asked again whenever the PEVO, the job's dates or (through
 * `qualificationsKey`) their credentials change.
 */
export function useQualification(
  job: QualificationJob | null | undefined,
  pevoId: string | null | undefined,
) {
  return useQuery(qualificationOptions(job, pevoId));
}

/** The query of one PEVO's check for a job (the panel's; `useQualification`). */
export function qualificationOptions(
  job: QualificationJob | null | undefined,
  pevoId: string | null | undefined,
) {
  const query = qualificationQuery(job);
  return {
    queryKey: pevoQualificationKey(query, pevoId),
    queryFn: () => fetchQualifications(query as JobQuery, [pevoId as string]),
    enabled: Boolean(query && pevoId),
  };
}

/** Who falls short in a 400 refused assignment, or null for any other error. */
export function notQualifiedOf(error: unknown): TNotQualified[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const list = (error.body as { notQualified?: unknown } | undefined)?.notQualified;
  return Array.isArray(list) && list.length ? (list as TNotQualified[]) : null;
}

/** The conflicts of a 409 double booking answer, or null for any other error. */
export function bookingConflictsOf(error: unknown): TBookingConflict[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflicts = (error.body as { conflicts?: unknown } | undefined)?.conflicts;
  return Array.isArray(conflicts) && conflicts.length ? (conflicts as TBookingConflict[]) : null;
}
