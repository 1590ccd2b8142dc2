import type { Deps } from "../../http/context";
import type { JobHandlers } from "../../lib/jobs";
import { purgeDeletedFiles } from "./service";

/**
 * The `document-purge` job: the trigger on `documents` queues a deleted row's stored object and
 * schedules this job (key `document-purge`, a minute later) in the same transaction, whatever
 * deleted the row (a user, or a cascade from its PEVO, rate confirmation or dispatch). The request
 * that deleted it usually removes the object at once; the job removes what is still queued and
 * runs again while the storage refuses.
 */
export const DOCUMENT_PURGE = "document-purge";
/** How long a purge waits before trying the storage again. */
export const PURGE_RETRY_MS = 10 * 60_000;

export function documentPurgeHandlers(deps: Pick<Deps, "storage">): JobHandlers {
  return {
    [DOCUMENT_PURGE]: async ({ tx, companyId, now }) => {
      const left = await purgeDeletedFiles({ db: tx, companyId }, deps.storage);
      return left > 0 ? { runAgainAt: new Date(now.getTime() + PURGE_RETRY_MS) } : undefined;
    },
  };
}
