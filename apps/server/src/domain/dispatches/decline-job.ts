import { dispatches } from "@pevo/db";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { ConflictError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { deliverAllNow } from "../../mail/mail-jobs";
import { queueDeclineNotices } from "./decline-notice";
import { type Actor, act, addEvent, canDeclineAt, JOB_COMPLETED } from "./lifecycle";
import { endAssignment } from "./office-assignment";
import { syncPickupReminders } from "./pickup-reminders";

const JOB_UNDER_WAY = "This job is under way and can no longer be declined. Call the office.";

/**
 * The assigned PEVO declines (in the portal or through the emailed link), with a reason: they are
 * taken off the job, it is pending again, its links stop working and every admin is mailed.
 */
export async function decline(
  deps: Pick<Deps, "db" | "mailer" | "config">,
  actor: Actor,
  id: string,
  reason: string,
) {
  let mailJobs: string[] = [];
  await act(
    deps.db,
    actor,
    id,
    async (tx, d, stage) => {
      if (d.status === "completed" || stage === "completed") throw new ConflictError(JOB_COMPLETED);
      if (!canDeclineAt(stage)) throw new ConflictError(JOB_UNDER_WAY);
      await addEvent(tx, actor, id, { kind: "declined", note: reason });
      await tx
        .update(dispatches)
        .set({ pevoId: null, status: "pending", updatedAt: new Date() })
        .where(scoped(dispatches, actor, eq(dispatches.id, id)));
      await endAssignment(tx, actor, id);
      // No PEVO: nobody to remind.
      await syncPickupReminders(tx, actor, id);
      return { kind: "declined", detail: reason };
    },
    async (tx, { d, name }) => {
      mailJobs = await queueDeclineNotices(tx, actor, deps.config.appUrl, { d, pevoName: name, reason });
    },
  );
  await deliverAllNow(deps, mailJobs);
}

/** Declines: 204 for the portal (the job is no longer theirs to read). */
export async function declineJob(
  scope: Scope,
  {
    deps,
    pevoId,
    id,
    reason,
  }: { deps: Pick<Deps, "mailer" | "config">; pevoId: string; id: string; reason: string },
) {
  await decline(
    { ...deps, db: scope.db },
    { companyId: scope.companyId, userId: scope.userId, pevoId },
    id,
    reason,
  );
}
