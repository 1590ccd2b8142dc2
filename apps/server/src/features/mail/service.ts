import { jobs } from "@pevo/db";
import type { TMailState } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { deliverNow, MAIL_JOB, mailStateById } from "../../mail/mail-jobs";

export const MAIL_NOT_FOUND = "Mail not found";
export const MAIL_ALREADY_SENT = "This email was already sent";

/**
 * Retry: the mail job is queued again from its first attempt and delivered at once, as when it
 * was first queued (mail/mail-jobs.ts); a mail already sent is not sent twice (409).
 */
export async function retryMail(
  scope: Scope,
  deps: Pick<Deps, "mailer" | "config">,
  jobId: string,
): Promise<TMailState> {
  const requeued = await scope.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ status: jobs.status })
      .from(jobs)
      .where(scoped(jobs, scope, eq(jobs.kind, MAIL_JOB), eq(jobs.id, jobId)))
      .for("update");
    if (!job) throw new NotFoundError(MAIL_NOT_FOUND);
    if (job.status === "done") throw new ConflictError(MAIL_ALREADY_SENT);
    await tx
      .update(jobs)
      .set({
        status: "pending",
        attempts: 0,
        lastError: null,
        runAt: new Date(),
        finishedAt: null,
        updatedAt: new Date(),
      })
      .where(scoped(jobs, scope, eq(jobs.id, jobId)));
    return true;
  });
  if (requeued) await deliverNow({ db: scope.db, ...deps }, jobId);
  const state = await mailStateById(scope.db, scope, jobId);
  if (!state) throw new NotFoundError(MAIL_NOT_FOUND);
  return state;
}
