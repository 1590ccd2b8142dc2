/**
 * The qualification check when a PEVO is assigned (DECISIONS 'Every assignment is checked'): the pure check of
 * packages/shared/src/compliance over the PEVO's credentials (credentials-for-check.ts) and the job's
 * route states and dates. Shared by dispatches (single and batch), rate confirmation positions and
 * the picker's marks (GET /api/pevos/qualification).
 *
 * Every assignment is checked: certificates only where the route has states that require them,
 * insurance and the driver's licence on every job.
 */
import { type Executor, pevos, rateConfirmations } from "@pevo/db";
import { checkQualification, type QualificationResult } from "@pevo/shared";
import { eq, inArray } from "drizzle-orm";
import { InvalidInputError } from "../../lib/domain-errors";
import { type CompanyId, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { loadCredentialsForCheck } from "./credentials-for-check";

type TenantScope = { companyId: CompanyId };

/** The job a PEVO is checked against: the route's states and its first and last day. */
export type QualificationJob = { routeStates: readonly string[]; from: string; to: string };

/** A rate confirmation's route and dates (last day: its end date, or its start date); null if not the company's. */
export async function jobOfRateConfirmation(db: Executor, scope: TenantScope, rateConfirmationId: string) {
  const [rc] = await db
    .select({
      jobNumber: rateConfirmations.jobNumber,
      routeStates: rateConfirmations.routeStates,
      start: rateConfirmations.startDate,
      end: rateConfirmations.endDate,
    })
    .from(rateConfirmations)
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, rateConfirmationId)));
  if (!rc) return null;
  return {
    jobNumber: rc.jobNumber,
    routeStates: rc.routeStates as string[],
    from: rc.start,
    to: rc.end && rc.end > rc.start ? rc.end : rc.start,
  };
}

export type PevoQualification = { pevoId: string; pevoName: string; result: QualificationResult };

/** The check for each of the company's PEVOs among `pevoIds` (another company's id is left out). */
export async function qualificationsOf(
  db: Executor,
  scope: TenantScope,
  pevoIds: readonly string[],
  job: QualificationJob,
): Promise<PevoQualification[]> {
  const ids = [...new Set(pevoIds)];
  if (ids.length === 0) return [];
  const names = await db
    .select({ id: pevos.id, first: pevos.firstName, last: pevos.lastName })
    .from(pevos)
    .where(scoped(pevos, scope, inArray(pevos.id, ids)));
  const out: PevoQualification[] = [];
  for (const p of names) {
    const credentials = await loadCredentialsForCheck(db, scope, p.id);
    if (!credentials) continue;
    const result = checkQualification({
      routeStates: job.routeStates,
      jobStart: job.from,
      jobEnd: job.to,
      credentials,
    });
    out.push({ pevoId: p.id, pevoName: `${p.first} ${p.last}`, result });
  }
  return ids.flatMap((id) => out.filter((q) => q.pevoId === id));
}

/** Every reason the PEVO falls short, in route order, then insurance and licence. */
function shortfalls(result: QualificationResult): string[] {
  return [
    ...result.states.filter((s) => s.status !== "valid").map((s) => s.reason),
    ...result.insurance.filter((i) => i.status !== "valid").map((i) => i.reason),
    ...(result.licence.status === "valid" ? [] : [result.licence.reason]),
  ];
}

/** "No certificate…" reads "no certificate…" after a colon; "NY certificate…" stays. */
const midSentence = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

/** "Casey Whitfield is not qualified for this route: no certificate accepted in NY: …". */
const notQualifiedMessage = (q: PevoQualification) =>
  `${q.pevoName} is not qualified for this route: ${shortfalls(q.result).map(midSentence).join("; ")}`;

export type Assignee = { pevoId: string; field: string };

/**
 * Refuses the assignment with a 400 and a field error per unqualified PEVO (on the field that chose
 * them), unless an admin sent an override with a reason; returns the PEVOs assigned under the
 * override, for `recordOverrides` in the save's transaction.
 */
export async function assertQualified(
  db: Executor,
  scope: TenantScope,
  assignees: readonly Assignee[],
  job: QualificationJob,
  override: { reason: string } | null,
): Promise<PevoQualification[]> {
  if (assignees.length === 0) return [];
  const checked = await qualificationsOf(
    db,
    scope,
    assignees.map((a) => a.pevoId),
    job,
  );
  const unqualified = checked.filter((q) => !q.result.qualified);
  const [first] = unqualified;
  if (!first || override) return unqualified;
  const fields: Record<string, string> = {};
  for (const a of assignees) {
    const q = unqualified.find((u) => u.pevoId === a.pevoId);
    if (q) fields[a.field] = notQualifiedMessage(q);
  }
  throw new InvalidInputError(notQualifiedMessage(first), fields, {
    notQualified: unqualified.map((q) => ({
      pevoId: q.pevoId,
      pevoName: q.pevoName,
      reasons: shortfalls(q.result),
    })),
  });
}

/** The override in Recent Activity: who (actor), when (the event's time), whom, the job and the reason. */
export async function recordOverrides(
  tx: Executor,
  scope: TenantScope & { userId: string },
  overridden: readonly PevoQualification[],
  reason: string | undefined,
  jobNumber: string | null,
) {
  for (const q of overridden) {
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "qualification_override",
      pevo: q.pevoName,
      pevoId: q.pevoId,
      job: jobNumber,
      // The reason first: a long list of shortfalls is what the activity bound cuts.
      message: `${q.pevoName} assigned${jobNumber ? ` to ${jobNumber}` : ""} without qualification. Reason: ${reason ?? ""}. Not qualified: ${shortfalls(q.result).join("; ")}`,
    });
  }
}
