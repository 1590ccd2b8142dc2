/**
 * Pickup reminders (DECISIONS 'Company time zone'): an email to the dispatch's PEVO the evening before the pickup
 * (18:00) and 2 hours before it, in the company's time zone. They are durable jobs (lib/jobs.ts)
 * keyed `pickup-reminder:<dispatchId>:evening` and `...:two-hours`.
 *
 * The dispatch service calls `syncPickupReminders` in the transaction of every write (create,
 * update, delete): the jobs then follow the dispatch as saved (moved, or dropped when it is
 * canceled, completed, deleted or has no PEVO). When the company's time zone changes, each job
 * finds out when it runs: a later instant reschedules it, an earlier one sends it at once.
 * Instants already past are not scheduled. The handler checks everything again when it runs (the
 * dispatch, its PEVO, the instant, and the PEVO's Email Notifications and Pickup Reminders
 * settings), so a PEVO who turns reminders off gets none, and one who turns them back on before
 * the pickup still gets the ones to come.
 */
import { dispatches, type Executor, rateConfirmations } from "@pevo/db";
import { positionLabel } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { companyTimeZone } from "../../domain/company";
import type { Deps } from "../../http/context";
import { addDaysIso } from "../../lib/dates";
import { cancel, type JobHandlers, schedule } from "../../lib/jobs";
import { type CompanyId, scoped } from "../../lib/tenant";
import { zoneAbbreviation, zonedTimeToUtc } from "../../lib/zoned-time";
import { pickupReminderMail } from "../../mail/templates";
import { pevoMailRecipient } from "../pevos";

const PICKUP_REMINDER = "pickup-reminder";
const REMINDERS = ["evening", "two-hours"] as const;
export type Reminder = (typeof REMINDERS)[number];
type Payload = { dispatchId: string; which: Reminder };

const reminderKey = (dispatchId: string, which: Reminder) => `${PICKUP_REMINDER}:${dispatchId}:${which}`;
const dispatchPrefix = (dispatchId: string) => `${PICKUP_REMINDER}:${dispatchId}:`;

/** Statuses whose pickup is still ahead of the PEVO. */
const REMINDED = ["pending", "dispatched"] as const;

/** When a reminder is due: 18:00 local the day before, or 2 hours before the local pickup time. */
export function reminderInstant(
  which: Reminder,
  pickup: { pickupDate: string; pickupTime: string },
  timeZone: string,
): Date {
  if (which === "evening") return zonedTimeToUtc(addDaysIso(pickup.pickupDate, -1), "18:00", timeZone);
  const at = zonedTimeToUtc(pickup.pickupDate, pickup.pickupTime, timeZone);
  return new Date(at.getTime() - 2 * 3600_000);
}

type Scope = { companyId: CompanyId };

/**
 * Brings the dispatch's reminder jobs in line with the dispatch as saved; call it in the write's
 * transaction (after the write). A deleted dispatch drops them.
 */
export async function syncPickupReminders(tx: Executor, scope: Scope, dispatchId: string, now = new Date()) {
  const [d] = await tx
    .select({
      pevoId: dispatches.pevoId,
      status: dispatches.status,
      pickupDate: dispatches.pickupDate,
      pickupTime: dispatches.pickupTime,
    })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.id, dispatchId)));
  if (!d?.pevoId || !(REMINDED as readonly string[]).includes(d.status)) {
    await cancel(tx, scope, { prefix: dispatchPrefix(dispatchId) });
    return;
  }
  const timeZone = await companyTimeZone(tx, scope);
  for (const which of REMINDERS) {
    const runAt = reminderInstant(which, d, timeZone);
    const key = reminderKey(dispatchId, which);
    if (runAt.getTime() <= now.getTime()) await cancel(tx, scope, key);
    else await schedule(tx, scope, { kind: PICKUP_REMINDER, key, runAt, payload: { dispatchId, which } });
  }
}

/** The job handler: mails the reminder if it still holds when it runs. */
export function pickupReminderHandlers(deps: Pick<Deps, "mailer" | "config">): JobHandlers {
  return {
    [PICKUP_REMINDER]: async ({ tx, companyId, payload, job, now }) => {
      const { dispatchId, which } = payload as Payload;
      const scope = { companyId };
      const [d] = await tx
        .select({
          pevoId: dispatches.pevoId,
          status: dispatches.status,
          pickupDate: dispatches.pickupDate,
          pickupTime: dispatches.pickupTime,
          driverName: dispatches.driverName,
          driverPhone: dispatches.driverPhone,
          positionType: dispatches.positionType,
          positionName: dispatches.positionName,
          jobNumber: rateConfirmations.jobNumber,
          origin: rateConfirmations.originAddress,
          destination: rateConfirmations.destinationAddress,
        })
        .from(dispatches)
        .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
        .where(scoped(dispatches, scope, eq(dispatches.id, dispatchId)));
      if (!d?.pevoId || !(REMINDED as readonly string[]).includes(d.status)) return;
      const timeZone = await companyTimeZone(tx, scope);
      // The company's time zone changed since it was scheduled: a later instant waits for it, an
      // earlier one is sent now (late) while the pickup is still ahead.
      const due = reminderInstant(which, d, timeZone);
      if (due.getTime() > job.runAt.getTime()) return { runAgainAt: due };
      const pickupAt = zonedTimeToUtc(d.pickupDate, d.pickupTime, timeZone);
      if (pickupAt.getTime() <= now.getTime()) return;
      const to = await pevoMailRecipient(tx, scope, d.pevoId, "pickupReminders");
      if (!to) return;
      await deps.mailer.send(
        pickupReminderMail(
          {
            which,
            ...to,
            jobNumber: d.jobNumber,
            pickupDate: d.pickupDate,
            pickupTime: d.pickupTime,
            zone: zoneAbbreviation(timeZone, pickupAt),
            origin: d.origin,
            destination: d.destination,
            driverName: d.driverName,
            driverPhone: d.driverPhone,
            position: positionLabel(d),
          },
          `${deps.config.appUrl}/pevo/dispatches`,
        ),
        { tx, messageId: `<job-${job.id}@${new URL(deps.config.appUrl).hostname}>` },
      );
    },
  };
}
