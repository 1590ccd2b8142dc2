/**
 * Sweeps what uploads cut off mid-write left in the file storage (FileStorage.removeStalePartials):
 * a process killed while writing an upload leaves `<company>/<key>.<uuid>.partial` on the disk, which
 * nothing else names. Run by every server at start-up and then every PARTIAL_SWEEP_MS; two instances
 * sweeping one folder is harmless (removing a removed file is not an error).
 */

import { log } from "./log";
import type { FileStorage } from "./storage";

/** A partial file last written this long ago belongs to no upload still running (15 MB at most). */
export const PARTIAL_MAX_AGE_MS = 60 * 60_000;
/** Between sweeps: as often as the document purge retries the storage (purge-job.ts). */
const PARTIAL_SWEEP_MS = 10 * 60_000;

/** One sweep: removes partial files older than PARTIAL_MAX_AGE_MS; answers how many. */
export function removeStalePartialUploads(storage: FileStorage, now = new Date()): Promise<number> {
  return storage.removeStalePartials(new Date(now.getTime() - PARTIAL_MAX_AGE_MS));
}

/** Sweeps now and every `everyMs`; a failed sweep is logged and tried again next time. */
export function startPartialUploadSweep(
  storage: FileStorage,
  everyMs = PARTIAL_SWEEP_MS,
): { stop: () => void } {
  const sweep = () =>
    removeStalePartialUploads(storage).then(
      (removed) => {
        if (removed > 0)
          log().info(`Removed ${removed} partial upload file(s) left by an interrupted upload`);
      },
      (error) => log().error({ err: error }, "Could not sweep partial upload files"),
    );
  void sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
