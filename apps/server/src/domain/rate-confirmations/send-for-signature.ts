/**
 * The office's signature commands: send a version of the rate confirmation to a signer, and
 * withdraw the open request (signature-requests.ts has the record and its rules).
 */
import { missingRow, rateConfirmations, signatureRequests } from "@pevo/db";
import { SIGNATURE_LINK_DAYS, type TSendForSignature } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { formatDay } from "../../lib/dates";
import { ConflictError } from "../../lib/domain-errors";
import { publishEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { deliverNow, enqueueMail } from "../../mail/mail-jobs";
import { signatureRequestMail } from "../../mail/templates";
import { recordActivity } from "../activity";
import { companyLogoUrl } from "../company";
import { createPublicLink, daysFrom } from "../public-links";
import { getRateConfirmation, rcHeader } from "./get-rate-confirmation";
import { recordOfficeChange } from "./office-change";
import {
  closeRequests,
  getSignature,
  OPEN,
  scheduleRequestJobs,
  signatureMailKeys,
  signUrl,
} from "./signature-requests";
import { documentOf, serialize } from "./signed-content";

export const NO_OPEN_REQUEST = "There is no signature request to cancel";
const RC_CANCELED_NO_SIGNATURE = "A canceled rate confirmation cannot be sent for signature";

/**
 * Sends one version of the rate confirmation to a signer: a new request and link (any open request
 * is canceled and its link revoked) and its email job, in one transaction; the email is delivered
 * right after the commit. A failed email keeps the request (the answer says so; the runner retries
 * it, Retry queues it again, and sending again makes a fresh link).
 */
export async function sendForSignature(
  scope: Scope,
  {
    id,
    signer: input,
    deps,
  }: { id: string; signer: TSendForSignature; deps: Pick<Deps, "mailer" | "config"> },
) {
  const { db } = scope;
  const sent = await db.transaction(async (tx) => {
    const rc = await rcHeader(tx, scope, id);
    if (rc.canceledAt) throw new ConflictError(RC_CANCELED_NO_SIGNATURE);
    // One open request at a time (also serializes two concurrent sends of the same rate confirmation).
    await tx
      .select({ id: rateConfirmations.id })
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)))
      .for("update");
    await closeRequests(tx, scope, id, "canceled", [...OPEN]);
    const document = await documentOf(tx, scope, await getRateConfirmation(scope, id, tx));
    const { content, contentHash } = serialize(document);
    const expiresAt = daysFrom(new Date(), SIGNATURE_LINK_DAYS);
    const [request = missingRow("signatureRequests")] = await tx
      .insert(signatureRequests)
      .values({
        companyId: scope.companyId,
        rateConfirmationId: id,
        signerName: input.signerName,
        signerEmail: input.signerEmail,
        content,
        contentHash,
        sentBy: scope.userId,
        expiresAt,
      })
      .returning({ id: signatureRequests.id, sentAt: signatureRequests.sentAt });
    const link = await createPublicLink(tx, scope, {
      purpose: "rc_signature",
      subjectId: request.id,
      expiresAt,
    });
    await scheduleRequestJobs(tx, scope, { ...request, expiresAt });
    await tx
      .update(rateConfirmations)
      .set({ signatureStatus: "awaiting_signature", signatureExpiresAt: link.expiresAt })
      .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "signature_requested",
      status: "pending",
      message: `Rate confirmation ${rc.jobNumber} sent to ${input.signerName} for signature`,
      client: rc.clientName,
      job: rc.jobNumber,
    });
    const mailJob = await enqueueMail(
      tx,
      scope,
      signatureMailKeys.request(request.id),
      signatureRequestMail(
        {
          to: input.signerEmail,
          signerName: input.signerName,
          companyName: document.company.name,
          jobNumber: rc.jobNumber,
          logoUrl: await companyLogoUrl(tx, scope, deps.config.appUrl),
        },
        signUrl(deps, link.token),
        formatDay(link.expiresAt.toISOString().slice(0, 10)),
      ),
    );
    // NOTIFY is transactional: the office's screens hear of it when this commits.
    await publishEvent(tx, {
      companyId: scope.companyId,
      kind: "rate_confirmation.changed",
      ids: { rateConfirmationId: id },
      text: "Rate confirmation sent for signature",
    });
    return mailJob;
  });
  const mailSent = await deliverNow({ db, ...deps }, sent);
  return { signature: await getSignature(scope, id), mailSent };
}

/** Withdraws the open request: its link stops working. */
export async function cancelSignatureRequest(scope: Scope, { id }: { id: string }) {
  await scope.db.transaction(async (tx) => {
    const rc = await rcHeader(tx, scope, id);
    const canceled = await closeRequests(tx, scope, id, "canceled", [...OPEN]);
    if (canceled === 0) throw new ConflictError(NO_OPEN_REQUEST);
    await recordOfficeChange(tx, scope, rc, {
      type: "signature_canceled",
      status: "error",
      message: `Signature request for ${rc.jobNumber} canceled`,
      event: "Signature request canceled",
    });
  });
  return getSignature(scope, id);
}
