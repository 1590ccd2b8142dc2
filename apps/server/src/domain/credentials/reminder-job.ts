/**
 * The `credential-reminder` job (reminders.ts schedules it). When it runs it checks again: the
 * company's setting (Settings → Notifications), that the credential is still current with the same
 * expiry (a renewal, a rejection, a deletion or an inactive PEVO: nothing is sent), that it is due
 * in the company's time zone, and that no later threshold is due already (a server back after
 * days away sends the latest reminder only). Then it queues, through the outbox (mail/mail-jobs.ts),
 * the PEVO's mail (if their mail settings allow it: domain/pevos' `pevoMailRecipient`) and one mail
 * to each admin of the company, and records it in the activity log in the same transaction (the
 * office sees when a reminder went, DECISIONS 'Credential expiry emails').
 */
import { type Executor, user } from "@pevo/db";
import { CREDENTIAL_REMINDER_DAYS } from "@pevo/shared";
import { eq, ne } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { daysBetween } from "../../lib/dates";
import type { JobHandlers } from "../../lib/jobs";
import { type CompanyId, scoped } from "../../lib/tenant";
import { zonedDate } from "../../lib/zoned-time";
import { enqueueMail } from "../../mail/mail-jobs";
import { recordActivity } from "../activity";
import { companyTimeZone, credentialExpiryEmailsOn } from "../company";
import { pevoMailRecipient } from "../pevos";
import { currentExpiries } from "./expiring";
import { expiryReminderActivity, officeExpiryMail, pevoExpiryMail } from "./expiry-mails";
import { CREDENTIAL_REMINDER, credentialReminderKey, type Payload, reminderInstant } from "./reminders";

type Scope = { companyId: CompanyId };

/** The company's admins with an address: the office. */
const admins = (tx: Executor, scope: Scope) =>
  tx
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(scoped(user, scope, eq(user.role, "admin"), ne(user.email, "")));

export function credentialReminderHandlers(deps: Pick<Deps, "mailer" | "config">): JobHandlers {
  return {
    [CREDENTIAL_REMINDER]: async ({ tx, companyId, payload, job, now }) => {
      const scope = { companyId };
      // A job of the earlier PEVO-only reminders (keyed without the expiry date) has been
      // superseded by this scheme: the start-up pass scheduled its successor.
      if (!(payload as Partial<Payload>).expiresOn) return;
      const { kind, id, pevoId, expiresOn, days } = payload as Payload;
      if (!(await credentialExpiryEmailsOn(tx, scope))) return;
      const [credential] = await currentExpiries(
        { db: tx, companyId },
        { from: expiresOn, until: expiresOn, only: { kind, id } },
      );
      if (!credential) return;
      const timeZone = await companyTimeZone(tx, scope);
      // The zone moved since it was scheduled: a later instant waits for it.
      const due = reminderInstant(expiresOn, days, timeZone);
      if (due.getTime() > job.runAt.getTime() && due.getTime() > now.getTime()) return { runAgainAt: due };
      const daysLeft = daysBetween(zonedDate(timeZone, now), expiresOn);
      if (daysLeft < 0) return;
      if (CREDENTIAL_REMINDER_DAYS.some((later) => later < days && daysLeft <= later)) return;
      const facts = { ...credential, daysLeft };
      const key = credentialReminderKey(credential, days);
      const pevo = await pevoMailRecipient(tx, scope, pevoId, null);
      if (pevo) await enqueueMail(tx, scope, `${key}:pevo`, pevoExpiryMail(pevo, facts, deps.config.appUrl));
      const office = await admins(tx, scope);
      for (const admin of office) {
        await enqueueMail(
          tx,
          scope,
          `${key}:admin:${admin.id}`,
          officeExpiryMail(admin, facts, deps.config.appUrl),
        );
      }
      if (pevo || office.length > 0) {
        await recordActivity(tx, scope, {
          actorId: null,
          type: "credential_expiry_reminded",
          status: daysLeft === 0 ? "error" : "pending",
          message: expiryReminderActivity(facts, { pevo: pevo !== null, admins: office.length }),
          pevo: credential.pevoName,
          pevoId,
        });
      }
    },
  };
}
