import { type Executor, user } from "@pevo/db";
import { eq } from "drizzle-orm";
import { type CompanyId, scoped } from "../../lib/tenant";
import { enqueueMail } from "../../mail/mail-jobs";
import type { Mail } from "../../mail/mailer";
import { dispatchDeclinedMail } from "../../mail/templates";
import { type DispatchRow, jobLabel } from "./lifecycle";

/** Queues a mail to each of the company's admins in the change's transaction (mail/mail-jobs.ts). */
async function queueAdminMails(
  tx: Executor,
  scope: { companyId: CompanyId },
  key: string,
  mail: (to: string) => Mail,
) {
  const admins = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(scoped(user, scope, eq(user.role, "admin")));
  const jobIds: string[] = [];
  for (const admin of admins)
    jobIds.push(await enqueueMail(tx, scope, `${key}:${admin.id}`, mail(admin.email)));
  return jobIds;
}

/**
 * The office's notice of a declined job: one mail to each admin, queued in the decline's transaction
 * (key `dispatch-declined:<dispatchId>:<adminId>`, ADR 0012); answers the mail jobs' ids.
 */
export const queueDeclineNotices = (
  tx: Executor,
  scope: { companyId: CompanyId },
  appUrl: string,
  declined: { d: DispatchRow; pevoName: string; reason: string },
) =>
  queueAdminMails(tx, scope, `dispatch-declined:${declined.d.id}`, (to) =>
    dispatchDeclinedMail(
      to,
      {
        pevoName: declined.pevoName,
        job: jobLabel(declined.d),
        pickupDate: declined.d.pickupDate,
        reason: declined.reason,
      },
      `${appUrl}/dispatching/${declined.d.id}`,
    ),
  );
