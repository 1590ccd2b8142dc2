/**
 * The dispatch alert (DECISIONS 'Dispatches'): the mail that tells a PEVO they were assigned, with
 * the Accept / Decline link, queued in the assigning save's transaction (ADR 0012) and tried at once
 * after the commit.
 */
import { clients, type Executor, pevos, rateConfirmations } from "@pevo/db";
import { cityStateOf, positionLabel, type TDispatchData } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { formatDay } from "../../lib/dates";
import { type Scope, scoped } from "../../lib/tenant";
import { zonedTimeLabel } from "../../lib/zoned-time";
import { deliverNow, enqueueMail } from "../../mail/mail-jobs";
import { dispatchAssignedMail } from "../../mail/templates";
import { recordActivity } from "../activity";
import { companyTimeZone } from "../company";
import { pevoMailRecipient } from "../pevos";
import { startAssignment } from "./office-assignment";

/** The key of a dispatch's alert mail (mail/mail-jobs.ts): the dispatch shows where its latest one stands. */
export const dispatchAlertKey = (dispatchId: string) => `dispatch-alert:${dispatchId}`;

/**
 * Records the assignment and queues the PEVO's dispatch alert in the same transaction (their Email
 * Notifications and Dispatch Alerts settings decide whether there is one); answers the mail job's
 * id, or null when nobody is told.
 */
export async function recordAssignment(
  tx: Executor,
  scope: Scope,
  deps: Pick<Deps, "config">,
  dispatch: TDispatchData,
  dispatchId: string,
): Promise<string | null> {
  if (!dispatch.pevoId) return null;
  const [pevo] = await tx
    .select({ firstName: pevos.firstName, lastName: pevos.lastName })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, dispatch.pevoId)));
  if (!pevo) return null;
  const rc = dispatch.rateConfirmationId
    ? (
        await tx
          .select({
            jobNumber: rateConfirmations.jobNumber,
            client: clients.name,
            origin: rateConfirmations.originAddress,
          })
          .from(rateConfirmations)
          .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
          .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, dispatch.rateConfirmationId)))
      )[0]
    : undefined;
  const name = `${pevo.firstName} ${pevo.lastName}`;
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: "pevo_dispatched",
    pevo: name,
    pevoId: dispatch.pevoId,
    job: rc?.jobNumber ?? null,
    client: rc?.client ?? null,
    message: `${name} dispatched${rc ? ` on ${rc.jobNumber}` : ""} for ${formatDay(dispatch.pickupDate)}`,
  });
  const to = await pevoMailRecipient(tx, scope, dispatch.pevoId, "dispatchAlerts");
  const respondToken = await startAssignment(tx, scope, {
    dispatchId,
    pevoId: dispatch.pevoId,
    withLink: Boolean(to),
  });
  if (!to) return null;
  const { appUrl } = deps.config;
  return enqueueMail(
    tx,
    scope,
    dispatchAlertKey(dispatchId),
    dispatchAssignedMail(
      {
        ...to,
        jobNumber: rc?.jobNumber ?? null,
        pickupDate: dispatch.pickupDate,
        // The time with its zone ("05:30 CST"): the PEVO may be elsewhere when they read it.
        pickupTime: zonedTimeLabel(
          dispatch.pickupDate,
          dispatch.pickupTime,
          await companyTimeZone(tx, scope),
        ),
        position: positionLabel(dispatch),
        origin: rc?.origin ? cityStateOf(rc.origin) : null,
      },
      `${appUrl}/pevo/dispatches`,
      respondToken ? `${appUrl}/respond/${respondToken}` : undefined,
    ),
  );
}

/** Delivers a dispatch alert right after its change committed (a failure is retried by the runner). */
export async function notify(deps: Pick<Deps, "db" | "mailer" | "config">, alertJob: string | null) {
  if (alertJob) await deliverNow(deps, alertJob);
}
