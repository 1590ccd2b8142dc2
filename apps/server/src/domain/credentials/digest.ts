/**
 * The admins' daily digest of expiring credentials: one durable job per company (lib/jobs.ts),
 * key `credentials-digest`, run at DIGEST_TIME in the company's time zone. Each run mails every
 * admin of the company the credentials expired or expiring within 30 days (nothing when there are
 * none) and answers `runAgainAt` the next day's DIGEST_TIME: the job reschedules itself, and its
 * mail and its new run time commit together (exactly once per day, across restarts and instances).
 *
 * The same daily run makes the day's pass of the expiry reminders (reminders.ts: the jobs of the
 * credentials expiring within the next 31 days, the driver's licence included), whether or not the
 * digest itself goes. The company's "Credential expiry emails" setting (Settings → Notifications)
 * stops the digest's mail as it stops the reminders'.
 *
 * The job is made at signup, when a company records a credential, and at start-up for every
 * company without one (digest-schedule.ts), so a company that only records licence
 * expiries gets its daily run too.
 */
import { user } from "@pevo/db";
import { eq, ne } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { formatDay } from "../../lib/dates";
import type { JobHandlers } from "../../lib/jobs";
import { scoped } from "../../lib/tenant";
import { zonedDate } from "../../lib/zoned-time";
import { escapeHtml, layout } from "../../mail/templates";
import { companyTimeZone, credentialExpiryEmailsOn } from "../company";
import { CREDENTIALS_DIGEST, nextDigestInstant } from "./digest-schedule";
import { listExpiringCredentials } from "./expiring";
import { scheduleExpiryReminders } from "./reminders";

export function credentialDigestHandlers(deps: Pick<Deps, "mailer" | "config">): JobHandlers {
  return {
    [CREDENTIALS_DIGEST]: async ({ tx, companyId, job, now }) => {
      const scope = { companyId };
      const timeZone = await companyTimeZone(tx, scope);
      // The zone changed since it was scheduled: a later instant waits for it.
      const due = nextDigestInstant(timeZone, new Date(job.runAt.getTime() - 1));
      if (due.getTime() > job.runAt.getTime() && due.getTime() > now.getTime()) return { runAgainAt: due };
      const today = zonedDate(timeZone, now);
      const runAgainAt = nextDigestInstant(timeZone, now);
      await scheduleExpiryReminders(tx, scope, { now });
      if (!(await credentialExpiryEmailsOn(tx, scope))) return { runAgainAt };
      const items = await listExpiringCredentials({ db: tx, companyId }, today);
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
