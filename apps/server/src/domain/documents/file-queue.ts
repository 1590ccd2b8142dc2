/**
 * The queue of stored objects to remove (`document_file_deletions`), so that no object outlives its
 * document row, whatever fails when:
 * - a deleted document row's object: queued by the trigger on `documents` in the deleting
 *   transaction (due at once), which also makes the `document-purge` job due (purge-job.ts);
 * - a new upload's object: queued (due UPLOAD_GRACE_MS later) in its own commit before the object
 *   is stored, and taken off the queue by the transaction that writes its row. An upload cut off in
 *   between (the process dies) leaves its object queued, and the purge removes it after the grace.
 */
import { type Database, documentFileDeletions, type Executor } from "@pevo/db";
import { asc, eq, gt, lte, min } from "drizzle-orm";
import { scheduleNoLaterThan } from "../../lib/jobs";
import { log } from "../../lib/log";
import type { FileStorage } from "../../lib/storage";
import { type CompanyId, scoped } from "../../lib/tenant";

export const DOCUMENT_PURGE = "document-purge";
/** How long an upload has to write its row before its stored object counts as an orphan. */
export const UPLOAD_GRACE_MS = 60 * 60_000;
/** Queued objects removed per purge (per job run: a fuller queue takes more runs). */
export const PURGE_BATCH = 100;

type Scope = { companyId: CompanyId };

/**
 * Before an upload stores its object: queues the key for removal after the grace and makes sure the
 * purge job runs by then, committed on its own (a crash after the object is stored leaves it queued).
 */
export async function queueUpload(db: Database, scope: Scope, key: string, now = new Date()) {
  const notBefore = new Date(now.getTime() + UPLOAD_GRACE_MS);
  await db.transaction(async (tx) => {
    await tx.insert(documentFileDeletions).values({ companyId: scope.companyId, storageKey: key, notBefore });
    await scheduleNoLaterThan(tx, scope, {
      kind: DOCUMENT_PURGE,
      key: DOCUMENT_PURGE,
      runAt: notBefore,
      payload: {},
    });
  });
}

/**
 * Takes an upload's object off the queue (in the transaction that writes its row, or after a failed
 * upload removed it). False when it was not queued any more: the purge already removed it.
 */
export async function dequeueUpload(tx: Executor, scope: Scope, key: string): Promise<boolean> {
  const removed = await tx
    .delete(documentFileDeletions)
    .where(scoped(documentFileDeletions, scope, eq(documentFileDeletions.storageKey, key)))
    .returning({ id: documentFileDeletions.id });
  return removed.length > 0;
}

export type PurgeResult = {
  /** Objects the storage refused to remove now (they stay queued). */
  failed: number;
  /** A full batch was read: more may be due. */
  more: boolean;
};

/**
 * Removes the company's queued objects that are due (oldest first, at most PURGE_BATCH) and their queue
 * rows. An object that cannot be removed now (storage unreachable) stays queued for the job.
 */
export async function purgeQueuedFiles(
  scope: { db: Executor; companyId: CompanyId },
  storage: FileStorage,
  now = new Date(),
): Promise<PurgeResult> {
  const due = await scope.db
    .select()
    .from(documentFileDeletions)
    .where(scoped(documentFileDeletions, scope, lte(documentFileDeletions.notBefore, now)))
    .orderBy(asc(documentFileDeletions.notBefore), asc(documentFileDeletions.id))
    .limit(PURGE_BATCH);
  let failed = 0;
  for (const row of due) {
    try {
      await storage.delete(row.storageKey);
      await scope.db
        .delete(documentFileDeletions)
        .where(scoped(documentFileDeletions, scope, eq(documentFileDeletions.id, row.id)));
    } catch (error) {
      failed += 1;
      log().error(
        { err: error, storageKey: row.storageKey },
        "Could not remove a stored file; it stays queued",
      );
    }
  }
  return { failed, more: due.length === PURGE_BATCH };
}

/** When the company's next queued object is due, after `now` (null: nothing waits). */
export async function nextQueuedAt(db: Executor, scope: Scope, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(documentFileDeletions.notBefore) })
    .from(documentFileDeletions)
    .where(scoped(documentFileDeletions, scope, gt(documentFileDeletions.notBefore, now)));
  return row?.at ?? null;
}
