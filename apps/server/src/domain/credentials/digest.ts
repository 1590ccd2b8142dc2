/**
 * The admins' daily digest of expiring credentials: one durable job per company (lib/jobs.ts),
 * key `credentials-digest`, run at DIGEST_TIME in the company's time zone. Each run mails every
 * admin of the company the credentials expired or expiring within 30 days (nothing when there are
 * none) and answers `runAgainAt` the next day's DIGEST_TIME: the job reschedules itself, and its
 * mail and its new run time commit together (exactly once per day, across restarts and instances).
 *
 * The same daily run mails each PEVO whose driver's licence (pevos.certification_expiry, edited in
 * the PEVO form and My Profile, not here) expires in exactly 30 or 7 days: the licence has no job of
 * its own, and the daily run is once per day. Certifications and insurance have their own reminder
 * jobs (reminders.ts).
 *
 * The job is made at signup, when a company records a credential, and at start-up for every
 * company without one (digest-schedule.ts), so a company that only records licence
 * expiries gets its daily run too.
 */
import { type Executor, user } from "@pevo/db";
import { CREDENTIAL_REMINDER_DAYS, type TExpiringCredential } from "@pevo/shared";
import { eq, ne } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { formatDay } from "../../lib/dates";
import type { JobHandlers } from "../../lib/jobs";
import { type CompanyId, scoped } from "../../lib/tenant";
import { zonedDate } from "../../lib/zoned-time";
import { escapeHtml, layout } from "../../mail/templates";
import { companyTimeZone } from "../company";
import { pevoMailRecipient } from "../pevos";
import { CREDENTIALS_DIGEST, nextDigestInstant } from "./digest-schedule";
import { listExpiringCredentials } from "./expiring";
import { credentialReminderMail } from "./reminders";

type Scope = { companyId: CompanyId };

/** The PEVO's own reminder 30 and 7 days before their driver's licence expires. */
async function remindLicences(
  tx: Executor,
  scope: Scope,
  deps: Pick<Deps, "mailer" | "config">,
  items: TExpiringCredential[],
  jobId: string,
  today: string,
) {
  const due = items.filter(
    (i) => i.kind === "licence" && (CREDENTIAL_REMINDER_DAYS as readonly number[]).includes(i.daysLeft),
  );
  for (const item of due) {
    const to = await pevoMailRecipient(tx, scope, item.pevoId, null);
    if (!to) continue;
    await deps.mailer.send(
      credentialReminderMail(to, "driver's licence", item.expiresOn, item.daysLeft, deps.config.appUrl),
      { tx, messageId: `<job-${jobId}-${today}-${item.pevoId}@${new URL(deps.config.appUrl).hostname}>` },
    );
  }
}

export function credentialDigestHandlers(deps: Pick<Deps, "mailer" | "config">): JobHandlers {
  return {
    [CREDENTIALS_DIGEST]: async ({ tx, companyId, job, now }) => {
      const scope = { companyId };
      const timeZone = await companyTimeZone(tx, scope);
      // The zone changed since it was scheduled: a later instant waits for it.
      const due = nextDigestInstant(timeZone, new Date(job.runAt.getTime() - 1));
      if (due.getTime() > job.runAt.getTime() && due.getTime() > now.getTime()) return { runAgainAt: due };
      const today = zonedDate(timeZone, now);
      const items = await listExpiringCredentials({ db: tx, companyId }, today);
      const runAgainAt = nextDigestInstant(timeZone, now);
      await remindLicences(tx, scope, deps, items, job.id, today);
      if (items.length === 0) return { runAgainAt };
      const admins = await tx
        .select({ email: user.email, name: user.name })
        .from(user)
        .where(scoped(user, scope, eq(user.role, "admin"), ne(user.email, "")));
      const expired = items.filter((i) => i.daysLeft < 0).length;
      const lines = items.map(
        (i) =>
          `${i.pevoName}: ${i.label} ${i.daysLeft < 0 ? "expired" : "expires"} ${formatDay(i.expiresOn)}`,
      );
      const url = `${deps.config.appUrl}/dashboard`;
      const subject = `Credentials expiring: ${items.length}${expired ? ` (${expired} expired)` : ""}`;
      for (const admin of admins) {
        await deps.mailer.send(
          {
            to: admin.email,
            subject,
            text: `Hello ${admin.name},\n\nCredentials of your PEVOs expired or expiring within 30 days (${formatDay(today)}):\n\n${lines.map((l) => `- ${l}`).join("\n")}\n\nOpen the dashboard:\n${url}\n`,
            html: layout(
              "Credentials expiring",
              `Hello ${escapeHtml(admin.name)}, credentials of your PEVOs expired or expiring within 30 days:<br>${lines.map(escapeHtml).join("<br>")}`,
              url,
              "Open the dashboard",
            ),
          },
          // One Message-ID per day and admin: the same job id runs every day.
          {
            tx,
            messageId: `<job-${job.id}-${today}-${admin.email}@${new URL(deps.config.appUrl).hostname}>`,
          },
        );
      }
      return { runAgainAt };
    },
  };
}
