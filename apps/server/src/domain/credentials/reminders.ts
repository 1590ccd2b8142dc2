/**
 * The PEVO's own expiry reminders: a mail 30 and 7 days before a certification or an insurance
 * policy expires, at 09:00 in the company's time zone. Durable jobs (lib/jobs.ts) keyed
 * `credential-reminder:<kind>:<id>:<days>`, kept in line by every write of the credential (in its
 * transaction); a deleted credential drops them. The job (reminder-job.ts) checks again when it runs
 * and sends nothing for a credential that is no longer current.
 */
import type { Executor } from "@pevo/db";
import { CREDENTIAL_REMINDER_DAYS } from "@pevo/shared";
import { addDaysIso, formatDay } from "../../lib/dates";
import { cancel, schedule } from "../../lib/jobs";
import type { CompanyId } from "../../lib/tenant";
import { zonedTimeToUtc } from "../../lib/zoned-time";
import { escapeHtml, layout } from "../../mail/templates";
import { companyTimeZone } from "../company";

export const CREDENTIAL_REMINDER = "credential-reminder";
/** Local time of the reminder mails. */
const REMINDER_TIME = "09:00";

type Kind = "certifications" | "insurance";
type Days = (typeof CREDENTIAL_REMINDER_DAYS)[number];
export type Payload = { kind: Kind; id: string; pevoId: string; days: Days };
type Scope = { companyId: CompanyId };

const credentialReminderKey = (kind: Kind, id: string, days: number) =>
  `${CREDENTIAL_REMINDER}:${kind}:${id}:${days}`;
const prefix = (kind: Kind, id: string) => `${CREDENTIAL_REMINDER}:${kind}:${id}:`;

/** When the reminder `days` before `expiresOn` is due. */
export const reminderInstant = (expiresOn: string, days: number, timeZone: string) =>
  zonedTimeToUtc(addDaysIso(expiresOn, -days), REMINDER_TIME, timeZone);

/** Schedules (or moves) the credential's reminders; instants already past are dropped. */
export async function syncCredentialReminders(
  tx: Executor,
  scope: Scope,
  credential: { kind: Kind; id: string; pevoId: string; expiresOn: string },
  now = new Date(),
) {
  const timeZone = await companyTimeZone(tx, scope);
  for (const days of CREDENTIAL_REMINDER_DAYS) {
    const key = credentialReminderKey(credential.kind, credential.id, days);
    const runAt = reminderInstant(credential.expiresOn, days, timeZone);
    if (runAt.getTime() <= now.getTime()) await cancel(tx, scope, key);
    else {
      const payload: Payload = { kind: credential.kind, id: credential.id, pevoId: credential.pevoId, days };
      await schedule(tx, scope, { kind: CREDENTIAL_REMINDER, key, runAt, payload });
    }
  }
}

export const cancelCredentialReminders = (tx: Executor, scope: Scope, kind: Kind, id: string) =>
  cancel(tx, scope, { prefix: prefix(kind, id) });

/** The PEVO's reminder: what expires, when, and where to upload the renewed one. */
export function credentialReminderMail(
  to: { email: string; name: string },
  label: string,
  expiresOn: string,
  days: number,
  appUrl: string,
) {
  const url = `${appUrl}/pevo/profile`;
  const when = formatDay(expiresOn);
  return {
    to: to.email,
    subject: `Your ${label} expires on ${when}`,
    text: `Hello ${to.name},\n\nYour ${label} expires on ${when} (in ${days} days). Upload the renewed one in your portal:\n${url}\n`,
    html: layout(
      "A credential expires soon",
      `Hello ${escapeHtml(to.name)}, your ${escapeHtml(label)} expires on ${escapeHtml(when)} (in ${days} days). Upload the renewed one in your portal.`,
      url,
      "Open my profile",
    ),
  };
}
