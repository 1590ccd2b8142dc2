/**
 * The credential expiry reminders (DECISIONS 'Credential expiry emails'): a mail to the PEVO and one
 * to each admin 30, 7 and 0 days before a current credential expires (state certifications,
 * insurance, the driver's licence; the escort vehicle has no expiry), at 09:00 in the company's
 * time zone. One durable job (lib/jobs.ts) per credential, expiry date and threshold, keyed
 * `credential-reminder:<kind>:<id>:<expiresOn>:<days>` and scheduled with `scheduleOnce`: a done one
 * is never re-armed, so a reminder goes once across restarts, re-runs and instances, and a renewal
 * (a new expiry date) gets reminders of its own. The job (reminder-job.ts) checks again when it
 * runs and sends nothing for a credential that is no longer current or whose expiry moved.
 *
 * Scheduling is one pass (`scheduleExpiryReminders`) over the credentials expiring within the next
 * 31 days: the daily digest's run (digest.ts) makes it every morning, start-up makes it for every
 * company (digest-schedule.ts), and a write of a certification or a policy makes it for that credential at once. Jobs
 * are therefore made a day ahead at least, so a server that is down on the day sends them when it
 * is back. A threshold whose day passed before any pass saw it (a credential recorded 20 days
 * before its expiry) is not sent late: the next one is.
 */
import type { Executor } from "@pevo/db";
import { CREDENTIAL_REMINDER_DAYS } from "@pevo/shared";
import { addDaysIso } from "../../lib/dates";
import { cancel, scheduleOnce } from "../../lib/jobs";
import type { CompanyId } from "../../lib/tenant";
import { zonedDate, zonedTimeToUtc } from "../../lib/zoned-time";
import { companyTimeZone } from "../company";
import { type CredentialExpiry, currentExpiries, type ExpiringKind } from "./expiring";

export const CREDENTIAL_REMINDER = "credential-reminder";
/** Local time of the reminder mails. */
const REMINDER_TIME = "09:00";
/** How far ahead a pass looks: the largest threshold and one day, so each job exists a day early. */
const LOOKAHEAD_DAYS = Math.max(...CREDENTIAL_REMINDER_DAYS) + 1;

type Days = (typeof CREDENTIAL_REMINDER_DAYS)[number];
export type Payload = { kind: ExpiringKind; id: string; pevoId: string; expiresOn: string; days: Days };
type Scope = { companyId: CompanyId };

/** The job's key: one per credential, expiry date and threshold. */
export const credentialReminderKey = (c: Pick<CredentialExpiry, "kind" | "id" | "expiresOn">, days: number) =>
  `${CREDENTIAL_REMINDER}:${c.kind}:${c.id}:${c.expiresOn}:${days}`;

/** When the reminder `days` before `expiresOn` is due. */
export const reminderInstant = (expiresOn: string, days: number, timeZone: string) =>
  zonedTimeToUtc(addDaysIso(expiresOn, -days), REMINDER_TIME, timeZone);

/**
 * Makes the reminder jobs of the company's credentials expiring within LOOKAHEAD_DAYS (or of the one
 * credential `only` names): each threshold from yesterday on (a pass that comes after 09:00, or a
 * licence recorded yesterday, still catches it; the job skips it when a later one is due). Safe to
 * run any number of times. Call in a transaction.
 */
export async function scheduleExpiryReminders(
  tx: Executor,
  scope: Scope,
  { now = new Date(), only }: { now?: Date; only?: { kind: ExpiringKind; id: string } } = {},
) {
  const timeZone = await companyTimeZone(tx, scope);
  const today = zonedDate(timeZone, now);
  const yesterday = addDaysIso(today, -1);
  const expiries = await currentExpiries(
    { db: tx, companyId: scope.companyId },
    { from: today, until: addDaysIso(today, LOOKAHEAD_DAYS), only },
  );
  for (const credential of expiries) {
    for (const days of CREDENTIAL_REMINDER_DAYS) {
      if (addDaysIso(credential.expiresOn, -days) < yesterday) continue;
      const payload: Payload = {
        kind: credential.kind,
        id: credential.id,
        pevoId: credential.pevoId,
        expiresOn: credential.expiresOn,
        days,
      };
      await scheduleOnce(tx, scope, {
        kind: CREDENTIAL_REMINDER,
        key: credentialReminderKey(credential, days),
        runAt: reminderInstant(credential.expiresOn, days, timeZone),
        payload,
      });
    }
  }
}

/** A deleted credential's pending reminders go (they would find nothing to send anyway). */
export const cancelCredentialReminders = (tx: Executor, scope: Scope, kind: ExpiringKind, id: string) =>
  cancel(tx, scope, { prefix: `${CREDENTIAL_REMINDER}:${kind}:${id}:` });
