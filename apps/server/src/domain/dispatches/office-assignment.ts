/**
 * What the office's save of a dispatch does to the job's life (lifecycle.ts): a new PEVO answers
 * anew with a fresh Accept / Decline link, taking the PEVO off voids the link, and setting a closed
 * job back reopens it for the same PEVO.
 */
import { dispatchEvents, type Executor } from "@pevo/db";
import { DISPATCH_STATUS_LABELS, type DispatchStatus } from "@pevo/shared";
import type { CompanyId, Scope } from "../../lib/tenant";
import { createPublicLink, daysFrom, revokePublicLinks } from "../public-links";

/** A response link works this many days (a job is usually answered the same day). */
const RESPONSE_LINK_DAYS = 14;

/**
 * The office assigned a PEVO (create, or a change of PEVO): a new `assigned` row starts their
 * answer over, the links sent for an earlier assignment stop working, and, when the assignment mail
 * goes out, a fresh Accept / Decline link is made for it (its token, for the mail).
 */
export async function startAssignment(
  tx: Executor,
  scope: Scope,
  assignment: { dispatchId: string; pevoId: string; withLink: boolean },
): Promise<string | null> {
  await revokePublicLinks(tx, scope, "dispatch_response", [assignment.dispatchId]);
  await tx.insert(dispatchEvents).values({
    companyId: scope.companyId,
    dispatchId: assignment.dispatchId,
    kind: "assigned",
    pevoId: assignment.pevoId,
    byUserId: scope.userId,
  });
  if (!assignment.withLink) return null;
  const link = await createPublicLink(tx, scope, {
    purpose: "dispatch_response",
    subjectId: assignment.dispatchId,
    expiresAt: daysFrom(new Date(), RESPONSE_LINK_DAYS),
  });
  return link.token;
}

/** The office took the PEVO off a dispatch: the emailed links stop working. */
export const endAssignment = (tx: Executor, scope: { companyId: CompanyId }, dispatchId: string) =>
  revokePublicLinks(tx, scope, "dispatch_response", [dispatchId]);

/** Statuses of a closed job, and those the office reopens it to. */
const CLOSED: DispatchStatus[] = ["completed", "canceled"];
const OPEN: DispatchStatus[] = ["pending", "dispatched"];

/**
 * The office's save of a dispatch that keeps its PEVO: setting a completed or canceled job back to
 * pending or dispatched records a `reopened` row (in the PEVO's run, so their screen follows: a
 * completion is taken back, see stageOf), with the status it was set back to as its note.
 */
export async function reopenJob(
  tx: Executor,
  scope: Scope,
  change: { dispatchId: string; pevoId: string | null; from: DispatchStatus; to: DispatchStatus },
) {
  if (!change.pevoId || !CLOSED.includes(change.from) || !OPEN.includes(change.to)) return;
  await tx.insert(dispatchEvents).values({
    companyId: scope.companyId,
    dispatchId: change.dispatchId,
    kind: "reopened",
    pevoId: change.pevoId,
    byUserId: scope.userId,
    note: `Set back to ${DISPATCH_STATUS_LABELS[change.to]}`,
  });
}
