/**
 * The signer's side, with the public link's token (no session): open the page, sign, decline, and
 * download the signed copy.
 */
import { type Database, type Executor, missingRow, rateConfirmations, signatureRequests } from "@pevo/db";
import type {
  TDeclineRateConfirmation,
  TRateConfirmationDocument,
  TSigningPage,
  TSignRateConfirmation,
} from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { publishEvent, rateConfirmationEvent } from "../../lib/live-events";
import { scoped } from "../../lib/tenant";
import { deliverNow, enqueueMail } from "../../mail/mail-jobs";
import { signedCopyMail } from "../../mail/templates";
import { type NewActivity, recordActivity } from "../activity";
import { companyLogoUrl } from "../company";
import { openPublicLink, PublicLinkError } from "../public-links";
import { NOT_SIGNED, signedPdfOf } from "./signature-certificate";
import {
  cancelRequestJobs,
  documentFrom,
  isOpen,
  iso,
  type RequestRow,
  signatureMailKeys,
  signUrl,
} from "./signature-requests";
import { sha256 } from "./signed-content";

type Meta = { ip: string | null; userAgent: string | null; now?: Date };

/** What the public page says for a link it cannot open (never which company or document it was). */
export const LINK_MESSAGES = {
  unknown: "This signing link is not valid. Check that you copied the whole link from the email.",
  expired: "This signing link has expired. Ask the sender for a new one.",
  revoked:
    "This signing link is no longer valid: the rate confirmation was changed or the request was withdrawn. Ask the sender for a new link.",
} as const;
export const ALREADY_CLOSED = "This rate confirmation was already signed or declined";

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
        await publishEvent(tx, {
          companyId: viewed.companyId,
          ...rateConfirmationEvent(
            `opened by ${viewed.signerName}`,
            [],
          )({ id: viewed.rateConfirmationId, jobNumber: document.jobNumber }),
        });
        return { row: viewed };
      }
    }
    return { row: request };
  });
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
  return { row, document, scope };
}

/**
 * Signs: records consent, the typed name (and drawing), time, IP and user agent, and queues the
 * signed PDF to the signer, in one transaction; the mail is delivered right after the commit.
 * `mailSent` false: the copy could not be emailed yet (the signature stands; the runner retries, and
 * the page offers the download instead).
 */
export async function signByToken(
  db: Database,
  deps: Pick<Deps, "mailer" | "config">,
  token: string,
  input: TSignRateConfirmation,
  meta: Meta,
) {
  const now = meta.now ?? new Date();
  const signed = await db.transaction(async (tx) => {
    const { row, document, scope } = await recordDecision(
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
    );
    const { pdf, fileName } = await signedPdfOf(tx, row);
    const mailJob = await enqueueMail(
      tx,
      scope,
      signatureMailKeys.signedCopy(row.id),
      signedCopyMail(
        {
          to: row.signerEmail,
          signerName: row.signedName ?? row.signerName,
          companyName: document.company.name,
          jobNumber: document.jobNumber,
          logoUrl: await companyLogoUrl(tx, scope, deps.config.appUrl),
        },
        signUrl(deps, token),
        pdf,
        fileName,
      ),
    );
    await publishEvent(tx, {
      companyId: row.companyId,
      kind: "rate_confirmation.changed",
      ids: { rateConfirmationId: row.rateConfirmationId },
      text: `Rate confirmation ${document.jobNumber} signed by ${row.signedName}`,
    });
    return { row, mailJob };
  });
  const mailSent = await deliverNow({ db, ...deps }, signed.mailJob);
  return { ...pageOf(signed.row), mailSent };
}

/** Declines, with the signer's reason (activity event for the office). */
export async function declineByToken(
  db: Database,
  token: string,
  input: TDeclineRateConfirmation,
  meta: Meta,
) {
  const row = await db.transaction(async (tx) => {
    const { row } = await recordDecision(
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
    );
    await publishEvent(tx, {
      companyId: row.companyId,
      kind: "rate_confirmation.changed",
      ids: { rateConfirmationId: row.rateConfirmationId },
      text: `Rate confirmation ${documentFrom(row).jobNumber} declined by ${row.signerName}`,
    });
    return row;
  });
  return pageOf(row);
}

/** The signed copy, from the signer's link. */
export async function signedPdfByToken(db: Database, token: string) {
  const { request } = await openRequest(db, token);
  if (request.status !== "signed") throw new NotFoundError(NOT_SIGNED);
  return signedPdfOf(db, request);
}
