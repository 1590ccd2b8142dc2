import { type Executor, user } from "@pevo/db";
import { eq } from "drizzle-orm";
import { publishEvent } from "../../lib/live-events";
import { type CompanyId, scoped } from "../../lib/tenant";
import { enqueueMail } from "../../mail/mail-jobs";
import { credentialSubmittedMail } from "../../mail/templates";

/**
 * The office learns of a PEVO's submission (DECISIONS 'Credential versions'): one mail to each
 * admin, queued in the submission's transaction (key `credential-submitted:<credentialId>:<adminId>`:
 * a resubmission before it went replaces it, ADR 0012). Answers the mail jobs' ids.
 */
export async function queueSubmissionNotices(
  tx: Executor,
  scope: { companyId: CompanyId },
  appUrl: string,
  s: { pevo: { id: string; name: string }; credentialId: string; what: string; change: "new" | "update" },
) {
  const admins = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(scoped(user, scope, eq(user.role, "admin")));
  const url = `${appUrl}/pevos/edit/${s.pevo.id}`;
  const jobIds: string[] = [];
  for (const admin of admins)
    jobIds.push(
      await enqueueMail(
        tx,
        scope,
        `credential-submitted:${s.credentialId}:${admin.id}`,
        credentialSubmittedMail(admin.email, { pevoName: s.pevo.name, what: s.what, change: s.change }, url),
      ),
    );
  return jobIds;
}

/**
 * The live event of any change to a PEVO's credentials, in its transaction: the office's dashboard,
 * PEVO list and PEVO page, and the PEVO's own portal page refetch them.
 */
export const publishCredentialChange = (
  tx: Executor,
  scope: { companyId: CompanyId; userId: string },
  pevoId: string,
  text: string,
) =>
  publishEvent(tx, {
    companyId: scope.companyId,
    kind: "credential.changed",
    ids: { pevoId },
    pevoIds: [pevoId],
    text,
    by: scope.userId,
  });
