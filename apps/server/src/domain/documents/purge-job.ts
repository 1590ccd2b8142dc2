import type { Deps } from "../../http/context";
import type { JobHandlers } from "../../lib/jobs";
import { DOCUMENT_PURGE, nextQueuedAt, purgeQueuedFiles } from "./file-queue";

/**
 * The `document-purge` job (key `document-purge`): removes the company's queued objects
 * (file-queue.ts). Made due by the trigger on `documents` when a row is deleted (a minute later,
 * whatever deleted it: a user, or a cascade from its PEVO, rate confirmation or dispatch) and by an
 * upload (at the end of its grace). The request that deleted a row usually removes the object at
 * once; the job removes what is still queued, one batch per run, and runs again: at once while
 * batches come full, later while the storage refuses, and when the next queued object is due.
 */
/** How long a purge waits before trying the storage again. */
export const PURGE_RETRY_MS = 10 * 60_000;

export function documentPurgeHandlers(deps: Pick<Deps, "storage">): JobHandlers {
  return {
    [DOCUMENT_PURGE]: async ({ tx, companyId, now }) => {
      const scope = { db: tx, companyId };
      const { failed, more } = await purgeQueuedFiles(scope, deps.storage, now);
      if (failed > 0) return { runAgainAt: new Date(now.getTime() + PURGE_RETRY_MS) };
      if (more) return { runAgainAt: now };
      const next = await nextQueuedAt(tx, scope, now);
      return next ? { runAgainAt: next } : undefined;
    },
  };
}
