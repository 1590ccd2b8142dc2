/**
 * The durable jobs of a signature request (lib/jobs.ts: exactly once, in the job's transaction),
 * scheduled when it is sent and canceled when it closes (signature-requests.ts). Each handler
 * re-reads the request under a lock and does nothing unless it is still open.
 */
import { companies, signatureRequests } from "@pevo/db";
import { SIGNATURE_LINK_DAYS } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { formatDay } from "../../lib/dates";
import type { JobContext, JobHandlers } from "../../lib/jobs";
import { publishEvent, rateConfirmationEvent } from "../../lib/live-events";
import { ownCompany, scoped } from "../../lib/tenant";
import { signatureReminderMail } from "../../mail/templates";
import { recordActivity } from "../activity";
import { companyLogoUrl } from "../company";
import { createPublicLink } from "../public-links";
import { documentFrom, isOpen, SIGNATURE_EXPIRY, SIGNATURE_REMINDER, signUrl } from "./signature-requests";

/** The job's request, locked; undefined when it is gone or no longer open. */
async function openRequestOf({ tx, companyId, payload }: JobContext) {
  const { requestId } = payload as { requestId: string };
  const [r] = await tx
    .select()
    .from(signatureRequests)
    .where(scoped(signatureRequests, { companyId }, eq(signatureRequests.id, requestId)))
    .for("update");
  return r && isOpen(r.status) ? r : undefined;
}

export function signatureJobHandlers(deps: Pick<Deps, "mailer" | "config">): JobHandlers {
  return {
    /**
     * The one reminder, SIGNATURE_REMINDER_DAYS after sending: only while the request is open,
     * unexpired and not reminded. The first link's token is not stored, so the reminder carries a
     * second link to the same request, expiring with it; both work until the request closes.
     */
    [SIGNATURE_REMINDER]: async (ctx) => {
      const { tx, companyId, job, now } = ctx;
      const scope = { companyId };
      const r = await openRequestOf(ctx);
      if (!r || r.remindedAt || r.expiresAt <= now) return;
      const link = await createPublicLink(tx, scope, {
        purpose: "rc_signature",
        subjectId: r.id,
        expiresAt: r.expiresAt,
      });
      await tx
        .update(signatureRequests)
        .set({ remindedAt: now })
        .where(scoped(signatureRequests, scope, eq(signatureRequests.id, r.id)));
      const document = documentFrom(r);
      await recordActivity(tx, scope, {
        actorId: null,
        type: "signature_reminded",
        status: "pending",
        message: `Reminder sent to ${r.signerName} for rate confirmation ${document.jobNumber}`,
        client: document.clientName,
        job: document.jobNumber,
      });
      const [company] = await tx.select({ name: companies.name }).from(companies).where(ownCompany(scope));
      await deps.mailer.send(
        signatureReminderMail(
          {
            to: r.signerEmail,
            signerName: r.signerName,
            companyName: company?.name ?? "",
            jobNumber: document.jobNumber,
            logoUrl: await companyLogoUrl(tx, scope, deps.config.appUrl),
          },
          signUrl(deps, link.token),
          formatDay(r.expiresAt.toISOString().slice(0, 10)),
        ),
        { tx, messageId: `<job-${job.id}@${new URL(deps.config.appUrl).hostname}>` },
      );
    },

    /**
     * At the link's expiry, a request still open (nobody signed or declined, nothing closed it)
     * gets its `signature_expired` activity event. The state itself stays computed (`expired`).
     */
    [SIGNATURE_EXPIRY]: async (ctx) => {
      const { tx, companyId, now } = ctx;
      const r = await openRequestOf(ctx);
      if (!r || r.expiresAt > now) return;
      const document = documentFrom(r);
      await recordActivity(
        tx,
        { companyId },
        {
          actorId: null,
          type: "signature_expired",
          status: "error",
          message: `Signature request for ${document.jobNumber} expired: ${r.signerName} did not sign within ${SIGNATURE_LINK_DAYS} days`,
          client: document.clientName,
          job: document.jobNumber,
        },
      );
      // In the job's transaction: the NOTIFY is delivered when it commits, like a service's after-commit publish.
      await publishEvent(tx, {
        companyId,
        ...rateConfirmationEvent(
          "signature request expired",
          [],
        )({
          id: r.rateConfirmationId,
          jobNumber: document.jobNumber,
        }),
      });
    },
  };
}
