/**
 * Rate confirmation e-signature (DECISIONS "Rate confirmations → Signature").
 *
 * A request is one version of the document (its canonical JSON and SHA-256, stored) sent to one
 * signer through one public link (domain/public-links, 30 days). The rate confirmation's
 * `signature_status` mirrors its latest request: awaiting_signature → viewed → signed | declined;
 * an edit that changes the document, a cancel, a new request or canceling the rate confirmation
 * closes the open request (voided / canceled) and revokes its link. Expired is computed (the
 * expiry job of signature-jobs.ts only records the activity event).
 * Every change is one transaction with its activity event; emails go after the commit.
 */
import {
  clients,
  type Database,
  type Executor,
  missingRow,
  rateConfirmations,
  signatureRequests,
} from "@pevo/db";
import {
  SIGNATURE_LINK_DAYS,
  SIGNATURE_REMINDER_DAYS,
  type SignatureState,
  type TDeclineRateConfirmation,
  type TRateConfirmation,
  type TRateConfirmationDocument,
  type TRateConfirmationSignature,
  type TSendForSignature,
  type TSignatureRequest,
  type TSigningPage,
  type TSignRateConfirmation,
  ZRateConfirmationDocument,
} from "@pevo/shared";
import { desc, eq, inArray, sql } from "drizzle-orm";
import {
  createPublicLink,
  daysFrom,
  openPublicLink,
  PublicLinkError,
  revokePublicLinks,
} from "../../domain/public-links";
import type { Deps } from "../../http/context";
import { type NewActivity, recordActivity } from "../../lib/activity";
import { companyIdOfScopedRow } from "../../lib/company-id";
import { formatDay } from "../../lib/dates";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { cancel, schedule } from "../../lib/jobs";
import { publishEvent, rateConfirmationEvent } from "../../lib/live-events";
import { log } from "../../lib/log";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";
import { companyTimeZone } from "../../lib/zoned-time";
import { signatureRequestMail, signedCopyMail } from "../../mail/templates";
import { renderRateConfirmationPdf, type SignatureCertificate } from "./pdf";
import { documentOf, serialize, sha256 } from "./signed-content";

const RC_NOT_FOUND = "Rate confirmation not found";
const NOT_SIGNED = "This rate confirmation has not been signed";
export const NO_OPEN_REQUEST = "There is no signature request to cancel";
const RC_CANCELED_NO_SIGNATURE = "A canceled rate confirmation cannot be sent for signature";

/** What the public page says for a link it cannot open (never which company or document it was). */
export const LINK_MESSAGES = {
  unknown: "This signing link is not valid. Check that you copied the whole link from the email.",
  expired: "This signing link has expired. Ask the sender for a new one.",
  revoked:
    "This signing link is no longer valid: the rate confirmation was changed or the request was withdrawn. Ask the sender for a new link.",
} as const;
export const ALREADY_CLOSED = "This rate confirmation was already signed or declined";

const OPEN = ["awaiting_signature", "viewed"] as const;

/** The state the screens show: stored status, or "expired" for an open request past its link's expiry. */
export const signatureStateSql = sql<SignatureState>`(case when ${rateConfirmations.signatureStatus} in ('awaiting_signature', 'viewed') and ${rateConfirmations.signatureExpiresAt} <= now() then 'expired' else ${rateConfirmations.signatureStatus}::text end)`;

type Meta = { ip: string | null; userAgent: string | null; now?: Date };
type RequestRow = typeof signatureRequests.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;
export const isOpen = (status: RequestRow["status"]) => (OPEN as readonly string[]).includes(status);

// ---------------------------------------------------------------- the request's durable jobs

/** The one reminder (SIGNATURE_REMINDER_DAYS after sending) and the expiry event (at the link's expiry). */
export const SIGNATURE_REMINDER = "signature-reminder";
export const SIGNATURE_EXPIRY = "signature-expiry";
/** Keyed by the request: closing it (send again, cancel, an edit, sign, decline) cancels both. */
const jobKeys = (requestId: string) => [
  `${SIGNATURE_REMINDER}:${requestId}`,
  `${SIGNATURE_EXPIRY}:${requestId}`,
];

async function scheduleRequestJobs(
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
async function cancelRequestJobs(tx: Executor, scope: { companyId: CompanyId }, requestId: string) {
  for (const key of jobKeys(requestId)) await cancel(tx, scope, key);
}

function toRequest(r: RequestRow, now = new Date()): TSignatureRequest {
  return {
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

async function rcHeader(db: Executor, scope: { companyId: CompanyId }, id: string) {
  const [row] = await db
    .select({
      id: rateConfirmations.id,
      jobNumber: rateConfirmations.jobNumber,
      canceledAt: rateConfirmations.canceledAt,
      clientName: clients.name,
      state: signatureStateSql,
    })
    .from(rateConfirmations)
    .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!row) throw new NotFoundError(RC_NOT_FOUND);
  return row;
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
  return { state: rc.state, requests: rows.map((r) => toRequest(r)) };
}

/** Closes the open (or, for an edit, also the signed) requests of a rate confirmation and revokes their links. */
async function closeRequests(
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

/** The document's hash as the rate confirmation reads now (to compare before and after an edit). */
export async function currentDocumentHash(
  tx: Executor,
  scope: { companyId: CompanyId },
  read: () => Promise<TRateConfirmation>,
) {
  return serialize(await documentOf(tx, scope, await read())).contentHash;
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

/**
 * Sends one version of the rate confirmation to a signer: a new request and link (any open request
 * is canceled and its link revoked), then the email after the commit. A failed email keeps the
 * request (the answer says so; sending again makes a fresh link).
 */
export async function sendForSignature(
  scope: Scope,
  deps: Pick<Deps, "mailer" | "config">,
  id: string,
  input: TSendForSignature,
  /** getRateConfirmation of service.ts, in the transaction (passed in: service.ts imports this file). */
  read: (db: Executor) => Promise<TRateConfirmation>,
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
    const document = await documentOf(tx, scope, await read(tx));
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
    return {
      token: link.token,
      expiresAt: link.expiresAt,
      jobNumber: rc.jobNumber,
      companyName: document.company.name,
    };
  });

  let mailSent = true;
  try {
    await deps.mailer.send(
      signatureRequestMail(
        {
          to: input.signerEmail,
          signerName: input.signerName,
          companyName: sent.companyName,
          jobNumber: sent.jobNumber,
        },
        signUrl(deps, sent.token),
        formatDay(sent.expiresAt.toISOString().slice(0, 10)),
      ),
    );
  } catch (error) {
    mailSent = false;
    log().error({ err: error }, "Could not send the signature request");
  }
  await publishEvent(scope.db, {
    companyId: scope.companyId,
    kind: "rate_confirmation.changed",
    ids: { rateConfirmationId: id },
    text: "Rate confirmation sent for signature",
  });
  return { signature: await getSignature(scope, id), mailSent };
}

/** Withdraws the open request: its link stops working. */
export async function cancelSignatureRequest(scope: Scope, id: string) {
  await scope.db.transaction(async (tx) => {
    const rc = await rcHeader(tx, scope, id);
    const canceled = await closeRequests(tx, scope, id, "canceled", [...OPEN]);
    if (canceled === 0) throw new ConflictError(NO_OPEN_REQUEST);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "signature_canceled",
      status: "error",
      message: `Signature request for ${rc.jobNumber} canceled`,
      client: rc.clientName,
      job: rc.jobNumber,
    });
  });
  await publishEvent(scope.db, {
    companyId: scope.companyId,
    kind: "rate_confirmation.changed",
    ids: { rateConfirmationId: id },
    text: "Signature request canceled",
  });
  return getSignature(scope, id);
}

/** The certificate of a signed request: the record and its event history. */
function certificateOf(r: RequestRow, timeZone?: string): SignatureCertificate {
  const events: { at: Date; text: string }[] = [
    { at: r.sentAt, text: `Sent to ${r.signerName} <${r.signerEmail}> for signature` },
  ];
  if (r.remindedAt) events.push({ at: r.remindedAt, text: "Reminder sent" });
  if (r.viewedAt) events.push({ at: r.viewedAt, text: "Opened by the signer" });
  if (r.consentAt) events.push({ at: r.consentAt, text: "Agreed to do business electronically" });
  if (r.signedAt) events.push({ at: r.signedAt, text: `Signed as "${r.signedName}"` });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    requestId: r.id,
    signerName: r.signerName,
    signerEmail: r.signerEmail,
    signedName: r.signedName ?? "",
    signedAt: r.signedAt ?? new Date(0),
    ip: r.ip,
    userAgent: r.userAgent,
    contentHash: r.contentHash,
    drawnSignature: r.drawnSignature,
    timeZone,
    events,
  };
}

export const documentFrom = (r: RequestRow): TRateConfirmationDocument =>
  ZRateConfirmationDocument.parse(JSON.parse(r.content));

const signedFileName = (jobNumber: string) => `rate-confirmation-${jobNumber}-signed.pdf`;

/** The signed copy: the document as signed, and its signature certificate page (times in UTC and the company's zone). */
async function signedPdfOf(db: Executor, r: RequestRow) {
  const document = documentFrom(r);
  const timeZone = await companyTimeZone(db, { companyId: companyIdOfScopedRow(r) });
  return {
    pdf: await renderRateConfirmationPdf(document, certificateOf(r, timeZone)),
    fileName: signedFileName(document.jobNumber),
  };
}

/** The latest signed request of a rate confirmation, as a PDF (404 when none). */
export async function signedPdf(scope: { db: Executor; companyId: CompanyId }, id: string) {
  await rcHeader(scope.db, scope, id);
  const [signed] = await scope.db
    .select()
    .from(signatureRequests)
    .where(
      scoped(
        signatureRequests,
        scope,
        eq(signatureRequests.rateConfirmationId, id),
        eq(signatureRequests.status, "signed"),
      ),
    )
    .orderBy(desc(signatureRequests.signedAt))
    .limit(1);
  if (!signed) throw new NotFoundError(NOT_SIGNED);
  return signedPdfOf(scope.db, signed);
}

// ---------------------------------------------------------------- the public signing page

/** The request a token opens (the newest one of its link); a PublicLinkError when it cannot be opened. */
async function openRequest(db: Executor, token: string, now?: Date) {
  const { scope, subjectId } = await openPublicLink(db, "rc_signature", token, LINK_MESSAGES, now);
  const [request] = await db
    .select()
    .from(signatureRequests)
    .where(scoped(signatureRequests, scope, eq(signatureRequests.id, subjectId)));
  if (!request) throw new PublicLinkError(LINK_MESSAGES.unknown);
  return { request, scope };
}

function pageOf(r: RequestRow): TSigningPage {
  return {
    state: r.status === "signed" ? "signed" : r.status === "declined" ? "declined" : "open",
    document: documentFrom(r),
    signerName: r.signerName,
    signerEmail: r.signerEmail,
    expiresAt: r.expiresAt.toISOString(),
    signedAt: iso(r.signedAt),
    signedName: r.signedName,
    declinedAt: iso(r.declinedAt),
    contentHash: r.contentHash,
  };
}

/**
 * The page of a token: the first opening marks the request viewed (activity event), and the office's
 * screens hear of it live.
 */
export async function openSigningPage(db: Database, token: string): Promise<TSigningPage> {
  const opened = await db.transaction(async (tx) => {
    const { request, scope } = await openRequest(tx, token);
    if (request.status === "awaiting_signature") {
      const [viewed] = await tx
        .update(signatureRequests)
        .set({ status: "viewed", viewedAt: new Date() })
        .where(
          scoped(
            signatureRequests,
            scope,
            eq(signatureRequests.id, request.id),
            eq(signatureRequests.status, "awaiting_signature"),
          ),
        )
        .returning();
      if (viewed) {
        await tx
          .update(rateConfirmations)
          .set({ signatureStatus: "viewed" })
          .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, request.rateConfirmationId)));
        const document = documentFrom(request);
        await recordActivity(tx, scope, {
          actorId: null,
          type: "signature_viewed",
          status: "pending",
          message: `${request.signerName} opened rate confirmation ${document.jobNumber}`,
          client: document.clientName,
          job: document.jobNumber,
        });
        return { row: viewed, firstView: true };
      }
    }
    return { row: request, firstView: false };
  });
  if (opened.firstView) {
    const { row } = opened;
    await publishEvent(db, {
      companyId: row.companyId,
      ...rateConfirmationEvent(
        `opened by ${row.signerName}`,
        [],
      )({
        id: row.rateConfirmationId,
        jobNumber: documentFrom(row).jobNumber,
      }),
    });
  }
  return pageOf(opened.row);
}

/**
 * Records the signer's decision on the open request of a token, in one transaction: the request,
 * the rate confirmation's state, and the activity event (the office sees who did what).
 */
async function recordDecision(
  tx: Executor,
  token: string,
  meta: Meta,
  status: "signed" | "declined",
  fields: Partial<typeof signatureRequests.$inferInsert>,
  event: (
    request: RequestRow,
    document: TRateConfirmationDocument,
  ) => Pick<NewActivity, "type" | "status" | "message">,
) {
  const { request: open, scope } = await openRequest(tx, token);
  const [request] = await tx
    .select()
    .from(signatureRequests)
    .where(scoped(signatureRequests, scope, eq(signatureRequests.id, open.id)))
    .for("update");
  if (!request || !isOpen(request.status)) throw new ConflictError(ALREADY_CLOSED);
  // The stored content must still be what its hash says (it is what the client was shown).
  if (sha256(request.content) !== request.contentHash) throw new ConflictError(LINK_MESSAGES.revoked);
  await cancelRequestJobs(tx, scope, request.id);
  const [row = missingRow("signatureRequests")] = await tx
    .update(signatureRequests)
    .set({ ...fields, status, ip: meta.ip, userAgent: meta.userAgent })
    .where(scoped(signatureRequests, scope, eq(signatureRequests.id, request.id)))
    .returning();
  await tx
    .update(rateConfirmations)
    .set({ signatureStatus: status, signatureExpiresAt: null })
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, request.rateConfirmationId)));
  const document = documentFrom(request);
  await recordActivity(tx, scope, {
    actorId: null,
    client: document.clientName,
    job: document.jobNumber,
    ...event(request, document),
  });
  return { row, document };
}

/**
 * Signs: records consent, the typed name (and drawing), time, IP and user agent, in one
 * transaction; then emails the signer the signed PDF. `mailSent` false: the copy could not be
 * emailed (the signature stands; the page offers the download instead).
 */
export async function signByToken(
  db: Database,
  deps: Pick<Deps, "mailer" | "config">,
  token: string,
  input: TSignRateConfirmation,
  meta: Meta,
) {
  const now = meta.now ?? new Date();
  const signed = await db.transaction((tx) =>
    recordDecision(
      tx,
      token,
      meta,
      "signed",
      { consentAt: now, signedAt: now, signedName: input.signedName, drawnSignature: input.drawnSignature },
      (_, document) => ({
        type: "rate_signed",
        status: "success",
        message: `${input.signedName} signed rate confirmation ${document.jobNumber}`,
      }),
    ),
  );

  let mailSent = true;
  try {
    const { pdf, fileName } = await signedPdfOf(db, signed.row);
    await deps.mailer.send(
      signedCopyMail(
        {
          to: signed.row.signerEmail,
          signerName: signed.row.signedName ?? signed.row.signerName,
          companyName: signed.document.company.name,
          jobNumber: signed.document.jobNumber,
        },
        signUrl(deps, token),
        pdf,
        fileName,
      ),
    );
  } catch (error) {
    // Signed and saved; the copy stays downloadable from the link.
    mailSent = false;
    log().error({ err: error }, "Could not send the signed copy");
  }
  await publishEvent(db, {
    companyId: signed.row.companyId,
    kind: "rate_confirmation.changed",
    ids: { rateConfirmationId: signed.row.rateConfirmationId },
    text: `Rate confirmation ${signed.document.jobNumber} signed by ${signed.row.signedName}`,
  });
  return { ...pageOf(signed.row), mailSent };
}

/** Declines, with the signer's reason (activity event for the office). */
export async function declineByToken(
  db: Database,
  token: string,
  input: TDeclineRateConfirmation,
  meta: Meta,
) {
  const { row } = await db.transaction((tx) =>
    recordDecision(
      tx,
      token,
      meta,
      "declined",
      { declinedAt: meta.now ?? new Date(), declineReason: input.reason },
      (request, document) => ({
        type: "signature_declined",
        status: "error",
        message: `${request.signerName} declined rate confirmation ${document.jobNumber}: ${input.reason}`,
      }),
    ),
  );
  await publishEvent(db, {
    companyId: row.companyId,
    kind: "rate_confirmation.changed",
    ids: { rateConfirmationId: row.rateConfirmationId },
    text: `Rate confirmation ${documentFrom(row).jobNumber} declined by ${row.signerName}`,
  });
  return pageOf(row);
}

/** The signed copy, from the signer's link. */
export async function signedPdfByToken(db: Database, token: string) {
  const { request } = await openRequest(db, token);
  if (request.status !== "signed") throw new NotFoundError(NOT_SIGNED);
  return signedPdfOf(db, request);
}
