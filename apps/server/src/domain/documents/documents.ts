import { dispatches, documents, missingRow, pevos, rateConfirmations, user } from "@pevo/db";
import { DOCUMENT_CATEGORY_LABELS, type DocumentContentType, type TDocument } from "@pevo/shared";
import { desc, eq, or, type SQL } from "drizzle-orm";
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError } from "../../lib/domain-errors";
import { log } from "../../lib/log";
import { type FileStorage, newStorageKey, StoredFileMissing } from "../../lib/storage";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { refuseDeletingProof } from "../credentials";
import { dequeueUpload, purgeQueuedFiles, queueUpload } from "./file-queue";

export const DOCUMENT_NOT_FOUND = "Document not found";
export const PEVO_NOT_FOUND = "PEVO not found";
export const RATE_CONFIRMATION_NOT_FOUND = "Rate confirmation not found";
export const DISPATCH_NOT_FOUND = "Dispatch not found";
const NOT_YOUR_UPLOAD = "You can delete only the documents you uploaded";
const UPLOAD_TOO_SLOW = "The upload took too long to save. Please upload the file again.";

/** What a list or an upload is about. */
export type DocumentOwner =
  | { kind: "pevo"; id: string }
  | { kind: "rate_confirmation"; id: string }
  | { kind: "dispatch"; id: string };

/**
 * Who asks: the office (any document of the company) or a PEVO (the PEVO's own profile documents
 * and the documents of the dispatches assigned to them; deletes only what they uploaded).
 */
export type DocumentViewer = { role: "admin" } | { role: "pevo"; pevoId: string };

/** An owner found in the caller's company (and the PEVO's own), with the names activity quotes. */
type FoundOwner = DocumentOwner & {
  label: string;
  pevoId: string | null;
  pevo: string | null;
  job: string | null;
};

const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ""}`.trim();

/** The owner, when the viewer may see it; 404 otherwise (another company's, another PEVO's). */
async function findOwner(scope: Scope, owner: DocumentOwner, viewer: DocumentViewer): Promise<FoundOwner> {
  const { db } = scope;
  if (owner.kind === "pevo") {
    if (viewer.role === "pevo" && viewer.pevoId !== owner.id) throw new NotFoundError(PEVO_NOT_FOUND);
    const [row] = await db
      .select({ first: pevos.firstName, last: pevos.lastName })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.id, owner.id)));
    if (!row) throw new NotFoundError(PEVO_NOT_FOUND);
    const name = fullName(row.first, row.last);
    return { ...owner, label: `PEVO ${name}`, pevoId: owner.id, pevo: name, job: null };
  }
  if (owner.kind === "rate_confirmation") {
    if (viewer.role === "pevo") throw new NotFoundError(RATE_CONFIRMATION_NOT_FOUND);
    const [row] = await db
      .select({ job: rateConfirmations.jobNumber })
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, owner.id)));
    if (!row) throw new NotFoundError(RATE_CONFIRMATION_NOT_FOUND);
    return { ...owner, label: `rate confirmation ${row.job}`, pevoId: null, pevo: null, job: row.job };
  }
  const [row] = await db
    .select({
      pevoId: dispatches.pevoId,
      driver: dispatches.driverName,
      job: rateConfirmations.jobNumber,
      first: pevos.firstName,
      last: pevos.lastName,
    })
    .from(dispatches)
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .where(
      scoped(
        dispatches,
        scope,
        eq(dispatches.id, owner.id),
        viewer.role === "pevo" ? eq(dispatches.pevoId, viewer.pevoId) : undefined,
      ),
    );
  if (!row) throw new NotFoundError(DISPATCH_NOT_FOUND);
  return {
    ...owner,
    label: row.job ? `the dispatch of job ${row.job}` : `the dispatch of driver ${row.driver}`,
    pevoId: row.pevoId,
    pevo: fullName(row.first, row.last),
    job: row.job,
  };
}

const ownerColumn = (kind: DocumentOwner["kind"]) =>
  kind === "pevo"
    ? documents.pevoId
    : kind === "rate_confirmation"
      ? documents.rateConfirmationId
      : documents.dispatchId;

/** A document row as the service reads it: the API's fields and what stays inside. */
type StoredDocument = TDocument & { storageKey: string; uploaderId: string | null; owner: DocumentOwner };

/** The documents a viewer may see, matching the conditions, newest first. */
async function findDocuments(
  scope: Scope,
  viewer: DocumentViewer,
  ...conditions: (SQL | undefined)[]
): Promise<StoredDocument[]> {
  const rows = await scope.db
    .select({ d: documents, uploader: user.name })
    .from(documents)
    .leftJoin(user, eq(user.id, documents.uploadedBy))
    .leftJoin(dispatches, eq(dispatches.id, documents.dispatchId))
    .where(
      scoped(
        documents,
        scope,
        ...conditions,
        viewer.role === "pevo"
          ? or(eq(documents.pevoId, viewer.pevoId), eq(dispatches.pevoId, viewer.pevoId))
          : undefined,
      ),
    )
    .orderBy(desc(documents.uploadedAt), desc(documents.id));
  return rows.map(({ d, uploader }) => ({
    id: d.id,
    category: d.category,
    fileName: d.fileName,
    contentType: d.contentType,
    size: d.size,
    uploadedAt: d.uploadedAt.toISOString(),
    uploadedBy: uploader,
    canDelete: viewer.role === "admin" || (d.uploadedBy !== null && d.uploadedBy === scope.userId),
    storageKey: d.storageKey,
    uploaderId: d.uploadedBy,
    owner: { kind: d.ownerKind, id: d.pevoId ?? d.rateConfirmationId ?? d.dispatchId ?? "" },
  }));
}

const publicFields = ({
  storageKey: _key,
  uploaderId: _uploader,
  owner: _owner,
  ...document
}: StoredDocument): TDocument => document;

export async function listDocuments(scope: Scope, owner: DocumentOwner, viewer: DocumentViewer) {
  await findOwner(scope, owner, viewer);
  const rows = await findDocuments(scope, viewer, eq(ownerColumn(owner.kind), owner.id));
  return rows.map(publicFields);
}

/** A checked upload: the bytes, the type sniffed from them and the sanitized name. */
type CheckedUpload = {
  bytes: Uint8Array;
  contentType: DocumentContentType;
  fileName: string;
  category: TDocument["category"];
};

const KEY_TAKEN = "This id was already used for another write";

/**
 * The document an upload with the phone's id (the Idempotency-Key, ADR 0014) already stored, if
 * any: a photo queued offline and sent again (its answer lost on a bad signal) is kept once. The key
 * of another upload (another owner, another login) is a 409.
 */
export async function keptUpload(
  scope: Scope,
  { owner, viewer, clientId }: { owner: DocumentOwner; viewer: DocumentViewer; clientId: string | undefined },
): Promise<TDocument | undefined> {
  if (!clientId) return undefined;
  const [row] = await scope.db
    .select({ id: documents.id, ownerId: ownerColumn(owner.kind), uploadedBy: documents.uploadedBy })
    .from(documents)
    .where(scoped(documents, scope, eq(documents.clientId, clientId)));
  if (!row) return undefined;
  if (row.ownerId !== owner.id || row.uploadedBy !== scope.userId) throw new ConflictError(KEY_TAKEN);
  await findOwner(scope, owner, viewer);
  const [kept = missingRow("documents")] = await findDocuments(scope, viewer, eq(documents.id, row.id));
  return publicFields(kept);
}

/** An upload to store: the file, whose document it is, who sees it, and the phone's id if any. */
type UploadInput = {
  storage: FileStorage;
  owner: DocumentOwner;
  viewer: DocumentViewer;
  upload: CheckedUpload;
  clientId?: string;
};

/**
 * Queues the new object's key for removal (file-queue.ts), stores the object, then writes the row
 * (and its activity event) and takes the key off the queue in one transaction. When the row cannot
 * be written the object is removed again; when the process dies in between, the queue removes it
 * later: a failed upload leaves neither. With the phone's id (`clientId`) a repeat answers the
 * document kept the first time (two racing: the unique key stops the later, which answers the first).
 */
export async function uploadDocument(
  scope: Scope,
  { storage, owner, viewer, upload, clientId }: UploadInput,
): Promise<TDocument> {
  const kept = await keptUpload(scope, { owner, viewer, clientId });
  if (kept) return kept;
  try {
    return await storeDocument(scope, { storage, owner, viewer, upload, clientId });
  } catch (error) {
    const winner = isUniqueViolation(error)
      ? await keptUpload(scope, { owner, viewer, clientId })
      : undefined;
    if (winner) return winner;
    throw error;
  }
}

async function storeDocument(
  scope: Scope,
  { storage, owner, viewer, upload, clientId }: UploadInput,
): Promise<TDocument> {
  const found = await findOwner(scope, owner, viewer);
  const key = newStorageKey(scope.companyId);
  await queueUpload(scope.db, scope, key);
  let id: string;
  try {
    await storage.put(key, upload.bytes, { contentType: upload.contentType });
    id = await scope.db.transaction(async (tx) => {
      // Not queued any more: the purge removed the object (the upload outlasted its grace).
      if (!(await dequeueUpload(tx, scope, key))) throw new ConflictError(UPLOAD_TOO_SLOW);
      const [row = missingRow("documents")] = await tx
        .insert(documents)
        .values({
          companyId: scope.companyId,
          ownerKind: owner.kind,
          pevoId: owner.kind === "pevo" ? owner.id : null,
          rateConfirmationId: owner.kind === "rate_confirmation" ? owner.id : null,
          dispatchId: owner.kind === "dispatch" ? owner.id : null,
          category: upload.category,
          storageKey: key,
          fileName: upload.fileName,
          contentType: upload.contentType,
          size: upload.bytes.byteLength,
          uploadedBy: scope.userId,
          clientId,
        })
        .returning({ id: documents.id });
      await recordActivity(tx, scope, {
        actorId: scope.userId,
        type: "document_uploaded",
        message: `${DOCUMENT_CATEGORY_LABELS[upload.category]} “${upload.fileName}” uploaded to ${found.label}`,
        pevo: found.pevo,
        pevoId: found.pevoId,
        job: found.job,
      });
      return row.id;
    });
  } catch (error) {
    try {
      await storage.delete(key);
      await dequeueUpload(scope.db, scope, key);
    } catch (cleanup) {
      // It stays queued: the purge job removes it after the grace.
      log().error({ err: cleanup }, "Could not remove an unsaved upload");
    }
    throw error;
  }
  const [created = missingRow("documents")] = await findDocuments(scope, viewer, eq(documents.id, id));
  return publicFields(created);
}

/** A document the viewer may see, with its storage key; 404 otherwise. */
async function visibleDocument(scope: Scope, id: string, viewer: DocumentViewer) {
  const [row] = await findDocuments(scope, viewer, eq(documents.id, id));
  if (!row) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  return row;
}

/** The document's metadata and its bytes, for a download. */
export async function openDocument(scope: Scope, storage: FileStorage, id: string, viewer: DocumentViewer) {
  const document = await visibleDocument(scope, id, viewer);
  try {
    return { document: publicFields(document), stream: await storage.get(document.storageKey) };
  } catch (error) {
    if (!(error instanceof StoredFileMissing)) throw error;
    log().error({ documentId: document.id }, error.message);
    throw new NotFoundError("The file of this document is missing from the storage");
  }
}

/**
 * Deletes the row (the trigger queues its object in the same transaction), then removes the queued
 * objects once the transaction committed. A PEVO may not delete the proof of an approved credential
 * (409; the office may: the credential then shows no document).
 */
export async function deleteDocument(
  scope: Scope,
  { storage, id, viewer }: { storage: FileStorage; id: string; viewer: DocumentViewer },
) {
  const document = await visibleDocument(scope, id, viewer);
  if (!document.canDelete) throw new ForbiddenError(NOT_YOUR_UPLOAD);
  const found = await findOwner(scope, document.owner, { role: "admin" });
  await scope.db.transaction(async (tx) => {
    if (viewer.role === "pevo") await refuseDeletingProof(tx, scope, id);
    const deleted = await tx
      .delete(documents)
      .where(scoped(documents, scope, eq(documents.id, id)))
      .returning({ id: documents.id });
    if (deleted.length === 0) throw new NotFoundError(DOCUMENT_NOT_FOUND);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "document_deleted",
      status: "error",
      message: `${DOCUMENT_CATEGORY_LABELS[document.category]} “${document.fileName}” deleted from ${found.label}`,
      pevo: found.pevo,
      pevoId: found.pevoId,
      job: found.job,
    });
  });
  await purgeQueuedFiles(scope, storage);
}
