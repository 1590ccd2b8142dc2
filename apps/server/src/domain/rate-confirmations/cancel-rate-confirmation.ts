import { rateConfirmations } from "@pevo/db";
import { eq } from "drizzle-orm";
import { publishEvent, rateConfirmationEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { getRateConfirmation, rcHeader } from "./get-rate-confirmation";
import { pevosOfJob } from "./job-pevos";
import { withdrawSignatureOnCancel } from "./signature-requests";

/**
 * Cancel (`canceled: true`) or restore it. A canceled one is kept for history (list, its page,
 * its dispatches) but is read-only and left out of the dispatch picker and the dashboard counts.
 * One transaction with its activity event and its live event (ADR 0012: NOTIFY is delivered on
 * commit).
 */
export async function setRateConfirmationCanceled(
  scope: Scope,
  { id, canceled }: { id: string; canceled: boolean },
) {
  return scope.db.transaction(async (tx) => {
    const header = await rcHeader(tx, scope, id);
    if (Boolean(header.canceledAt) !== canceled) {
      await tx
        .update(rateConfirmations)
        .set({ canceledAt: canceled ? new Date() : null, updatedAt: new Date() })
        .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
      if (canceled) await withdrawSignatureOnCancel(tx, scope, id);
      await recordActivity(tx, scope, {
        actorId: scope.userId,
        type: canceled ? "rate_canceled" : "rate_restored",
        status: canceled ? "error" : "success",
        message: canceled
          ? `Rate confirmation ${header.jobNumber} canceled`
          : `Rate confirmation ${header.jobNumber} restored`,
        client: header.clientName,
        job: header.jobNumber,
      });
    }
    const rc = await getRateConfirmation(scope, id, tx);
    const pevoIds = await pevosOfJob(tx, scope, id);
    await publishEvent(tx, {
      companyId: scope.companyId,
      by: scope.userId,
      ...rateConfirmationEvent(rc.canceledAt ? "canceled" : "restored", pevoIds)(rc),
    });
    return rc;
  });
}
