/**
 * A rate confirmation's signature requests (DECISIONS "Rate confirmations → Signature"): the record
 * and the rules every use case shares.
 *
 * A request is one version of the document (its canonical JSON and SHA-256, stored) sent to one
 * signer through one public link (domain/public-links, 30 days). The rate confirmation's
 * `signature_status` mirrors its latest request: awaiting_signature → viewed → signed | declined;
 * an edit that changes the document, a cancel, a new request or canceling the rate confirmation
 * closes the open request (voided / canceled) and revokes its link. Expired is computed (the
 * expiry job of signature-jobs.ts only records the activity event).
 *
 * The use cases, one per file by caller: the office sends and withdraws (send-for-signature.ts),
 * the signer opens, signs and declines with the link's token (sign-with-token.ts), and both
 * download the signed copy (signature-certificate.ts). Every change is one transaction with its
 * activity event, its live event and its mail job (mail/mail-jobs.ts).
 */
import { type Executor, rateConfirmations, signatureRequests } from "@pevo/db";
import {
  SIGNATURE_REMINDER_DAYS,
  type TRateConfirmationDocument,
  type TRateConfirmationSignature,
  type TSignatureRequest,
  ZRateConfirmationDocument,
} from "@pevo/shared";
import { desc, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { cancel, schedule } from "../../lib/jobs";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";
import { mailState } from "../../mail/mail-jobs";
import { recordActivity } from "../activity";
import { daysFrom, revokePublicLinks } from "../public-links";
import { getRateConfirmation, rcHeader } from "./get-rate-confirmation";
import { documentOf, serialize } from "./signed-content";

/** The keys of a request's mails (mail/mail-jobs.ts): the signature card shows where each stands. */
export const signatureMailKeys = {
  request: (requestId: string) => `signature-request:${requestId}`,
  signedCopy: (requestId: string) => `signed-copy:${requestId}`,
};

export const OPEN = ["awaiting_signature", "viewed"] as const;

export type RequestRow = typeof signatureRequests.$inferSelect;

export const iso = (d: Date | null) => d?.toISOString() ?? null;
export const isOpen = (status: RequestRow["status"]) => (OPEN as readonly string[]).includes(status);

// ---------------------------------------------------------------- the request's durable jobs

/** The one reminder (SIGNATURE_REMINDER_DAYS after sending) and the expiry event (at the link's expiry). */
export const SIGNATURE_REMINDER = "signature-reminder";
export const SIGNATURE_EXPIRY = "signature-expiry";
/** Keyed by the request: closing it (send again, cancel, an edit, sign, decline) cancels both. */
const jobKeys = (requestId: string): [string, string] => [
  `${SIGNATURE_REMINDER}:${requestId}`,
  `${SIGNATURE_EXPIRY}:${requestId}`,
];

export async function scheduleRequestJobs(
  tx: Executor,
  scope: { companyId: CompanyId },
  request: { id: string; sentAt: Date; expiresAt: Date },
) {
  const [reminder, expiry] = jobKeys(request.id);
  const payload = { requestId: request.id };
  await schedule(tx, scope, {
    kind: SIGNATURE_REMINDER,
    key: reminder,
    runAt: daysFrom(request.sentAt, SIGNATURE_REMINDER_DAYS),
    payload,
  });
  await schedule(tx, scope, { kind: SIGNATURE_EXPIRY, key: expiry, runAt: request.expiresAt, payload });
}

/** The handlers re-check the request's state as well: a job that slipped through does nothing. */
export async function cancelRequestJobs(tx: Executor, scope: { companyId: CompanyId }, requestId: string) {
  for (const key of jobKeys(requestId)) await cancel(tx, scope, key);
}

function toRequest(
  r: RequestRow,
  mail: Pick<TSignatureRequest, "mail" | "signedCopyMail">,
  now = new Date(),
): TSignatureRequest {
  return {
    ...mail,
    id: r.id,
    status: r.status,
    signerName: r.signerName,
    signerEmail: r.signerEmail,
    sentAt: r.sentAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    expired: isOpen(r.status) && r.expiresAt <= now,
    viewedAt: iso(r.viewedAt),
    remindedAt: iso(r.remindedAt),
    signedAt: iso(r.signedAt),
    signedName: r.signedName,
    declinedAt: iso(r.declinedAt),
    declineReason: r.declineReason,
    closedAt: iso(r.closedAt),
    ip: r.ip,
    userAgent: r.userAgent,
    contentHash: r.contentHash,
  };
}

/** A rate confirmation's signature state and every request, newest first. */
export async function getSignature(
  scope: { db: Executor; companyId: CompanyId },
  id: string,
): Promise<TRateConfirmationSignature> {
  const rc = await rcHeader(scope.db, scope, id);
  const rows = await scope.db
    .select()
    .from(signatureRequests)
    .where(scoped(signatureRequests, scope, eq(signatureRequests.rateConfirmationId, id)))
    .orderBy(desc(signatureRequests.sentAt), desc(signatureRequests.id));
  const requests = [];
  for (const r of rows) {
    requests.push(
      toRequest(r, {
        mail: await mailState(scope.db, scope, signatureMailKeys.request(r.id)),
        signedCopyMail: await mailState(scope.db, scope, signatureMailKeys.signedCopy(r.id)),
      }),
    );
  }
  return { state: rc.state, requests };
}

/** Closes the open (or, for an edit, also the signed) requests of a rate confirmation and revokes their links. */
export async function closeRequests(
  tx: Executor,
  scope: { companyId: CompanyId },
  id: string,
  as: "voided" | "canceled",
  statuses: RequestRow["status"][],
) {
  const closed = await tx
    .update(signatureRequests)
    .set({ status: as, closedAt: new Date() })
    .where(
      scoped(
        signatureRequests,
        scope,
        eq(signatureRequests.rateConfirmationId, id),
        inArray(signatureRequests.status, statuses),
      ),
    )
    .returning({ id: signatureRequests.id });
  const ids = closed.map((r) => r.id);
  await revokePublicLinks(tx, scope, "rc_signature", ids);
  for (const requestId of ids) await cancelRequestJobs(tx, scope, requestId);
  await tx
    .update(rateConfirmations)
    .set({ signatureStatus: "not_sent", signatureExpiresAt: null })
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  return closed.length;
}

/** The document's hash as the rate confirmation reads now in `tx` (to compare before and after an edit). */
export async function currentDocumentHash(tx: Executor, scope: Scope, id: string) {
  return serialize(await documentOf(tx, scope, await getRateConfirmation(scope, id, tx))).contentHash;
}

/**
 * After an edit (same transaction): when the document changed, the open or signed request is void,
 * its link revoked, and the rate confirmation needs a new signature. A save that changes nothing
 * keeps the signature.
 */
export async function voidSignatureOnChange(
  tx: Executor,
  scope: Scope,
  id: string,
  before: string,
  after: string,
) {
  if (before === after) return;
  const voided = await closeRequests(tx, scope, id, "voided", [...OPEN, "signed"]);
  if (voided === 0) return;
  const rc = await rcHeader(tx, scope, id);
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: "signature_voided",
    status: "error",
    message: `Signature of ${rc.jobNumber} voided: the rate confirmation was changed`,
    client: rc.clientName,
    job: rc.jobNumber,
  });
}

/** Canceling a rate confirmation withdraws its open request (same transaction). */
export async function withdrawSignatureOnCancel(tx: Executor, scope: Scope, id: string) {
  await closeRequests(tx, scope, id, "canceled", [...OPEN]);
}

export const signUrl = (deps: Pick<Deps, "config">, token: string) => `${deps.config.appUrl}/sign/${token}`;

export const documentFrom = (r: RequestRow): TRateConfirmationDocument =>
  ZRateConfirmationDocument.parse(JSON.parse(r.content));
