import type { TBookingConflict, TNotQualified, TPevoQualification } from "@pevo/shared";
import { useQuery } from "@tanstack/react-query";
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
  const parts = q.states
    .filter((s) => s.status !== "valid")
    .map((s) => `${qualificationLabel[s.status]} ${s.state}`);
  for (const i of q.insurance) if (i.status !== "valid") parts.push(`Insurance ${i.status}`);
  if (q.licence.status !== "valid") parts.push(`Licence ${q.licence.status}`);
  return `✗ ${parts.join(" · ")}`;
}

export const qualificationLabel = { valid: "Valid", missing: "Missing", expired: "Expired" } as const;

/** The chosen PEVO's check for the job (off when there is no job to check or no PEVO). */
export function useQualification(
  job: QualificationJob | null | undefined,
  pevoId: string | null | undefined,
) {
  const query = qualificationQuery(job);
  return useQuery({
    queryKey: [...qualificationKey(query), pevoId],
    queryFn: () => fetchQualifications(query as JobQuery, [pevoId as string]),
    enabled: Boolean(query && pevoId),
  });
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
