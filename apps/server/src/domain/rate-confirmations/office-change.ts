import type { Executor } from "@pevo/db";
import type { ActivityStatus, ActivityType } from "@pevo/shared";
import { publishEvent } from "../../lib/live-events";
import type { Scope } from "../../lib/tenant";
import { recordActivity } from "../activity";

/**
 * What an office change to a rate confirmation writes inside its transaction: the activity entry
 * (by the signed-in user, with the job and the client) and the live event the office's screens
 * refresh on, delivered on commit (ADR 0012).
 */
export async function recordOfficeChange(
  tx: Executor,
  scope: Scope,
  rc: { id: string; jobNumber: string; clientName: string },
  change: { type: ActivityType; status: ActivityStatus; message: string; event: string },
) {
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: change.type,
    status: change.status,
    message: change.message,
    client: rc.clientName,
    job: rc.jobNumber,
  });
  await publishEvent(tx, {
    companyId: scope.companyId,
    kind: "rate_confirmation.changed",
    ids: { rateConfirmationId: rc.id },
    text: change.event,
  });
}
