/**
 * The PEVO's own expiry reminders: a mail 30 and 7 days before a certification or an insurance
 * policy expires, at 09:00 in the company's time zone. Durable jobs (lib/jobs.ts) keyed
 * `credential-reminder:<kind>:<id>:<days>`, kept in line by every write of the credential (in its
 * transaction); a deleted credential drops them. The handler checks again when it runs (the row,
 * its expiry, the PEVO's Email Notifications through domain/pevos/pevo-mail.ts) and sends nothing for a
 * credential that is no longer current (rejected, or replaced by a renewal: expiring.ts).
 */
import { type Executor, pevoCertifications, pevoInsurance } from "@pevo/db";
import { CREDENTIAL_REMINDER_DAYS, INSURANCE_TYPE_LABELS } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { pevoMailRecipient } from "../../domain/pevos";
import type { Deps } from "../../http/context";
import { addDaysIso, formatDay } from "../../lib/dates";
import { cancel, type JobHandlers, schedule } from "../../lib/jobs";
import { type CompanyId, scoped } from "../../lib/tenant";
import { companyTimeZone, zonedTimeToUtc } from "../../lib/zoned-time";
import { escapeHtml, layout } from "../../mail/templates";
import { isCurrentCredential } from "./expiring";

export const CREDENTIAL_REMINDER = "credential-reminder";
/** Local time of the reminder mails. */
const REMINDER_TIME = "09:00";

type Kind = "certifications" | "insurance";
type Days = (typeof CREDENTIAL_REMINDER_DAYS)[number];
type Payload = { kind: Kind; id: string; pevoId: string; days: Days };
type Scope = { companyId: CompanyId };

const credentialReminderKey = (kind: Kind, id: string, days: number) =>
  `${CREDENTIAL_REMINDER}:${kind}:${id}:${days}`;
const prefix = (kind: Kind, id: string) => `${CREDENTIAL_REMINDER}:${kind}:${id}:`;

/** When the reminder `days` before `expiresOn` is due. */
const reminderInstant = (expiresOn: string, days: number, timeZone: string) =>
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

/** What a reminder names: the credential as it is when the mail goes; null when it is not current. */
async function currentCredential(tx: Executor, scope: Scope, kind: Kind, id: string) {
  if (kind === "certifications") {
    const [row] = await tx
      .select({
        expiresOn: pevoCertifications.expiresOn,
        state: pevoCertifications.state,
        number: pevoCertifications.certificateNumber,
      })
      .from(pevoCertifications)
      .where(
        scoped(
          pevoCertifications,
          scope,
          eq(pevoCertifications.id, id),
          isCurrentCredential(tx, pevoCertifications),
        ),
      );
    return row ? { expiresOn: row.expiresOn, label: `${row.state} certification ${row.number}` } : null;
  }
  const [row] = await tx
    .select({
      expiresOn: pevoInsurance.expiresOn,
      type: pevoInsurance.type,
      number: pevoInsurance.policyNumber,
    })
    .from(pevoInsurance)
    .where(scoped(pevoInsurance, scope, eq(pevoInsurance.id, id), isCurrentCredential(tx, pevoInsurance)));
  return row
    ? { expiresOn: row.expiresOn, label: `${INSURANCE_TYPE_LABELS[row.type]} insurance ${row.number}` }
    : null;
}

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

export function credentialReminderHandlers(deps: Pick<Deps, "mailer" | "config">): JobHandlers {
  return {
    [CREDENTIAL_REMINDER]: async ({ tx, companyId, payload, job }) => {
      const { kind, id, pevoId, days } = payload as Payload;
      const scope = { companyId };
      const credential = await currentCredential(tx, scope, kind, id);
      if (!credential) return;
      const timeZone = await companyTimeZone(tx, scope);
      // The expiry or the zone moved since it was scheduled: a later instant waits for it.
      const due = reminderInstant(credential.expiresOn, days, timeZone);
      if (due.getTime() > job.runAt.getTime()) return { runAgainAt: due };
      const to = await pevoMailRecipient(tx, scope, pevoId, null);
      if (!to) return;
      await deps.mailer.send(
        credentialReminderMail(to, credential.label, credential.expiresOn, days, deps.config.appUrl),
        { tx, messageId: `<job-${job.id}@${new URL(deps.config.appUrl).hostname}>` },
      );
    },
  };
}
