import { ImageIcon } from "lucide-react";
import { useMemo } from "react";
import { QueuedWriteStatus } from "@/components/queued-write-status";
import type { QueuedUpload, QueuedWrite } from "@/lib/offline/queue";
import { useQueuedWrites } from "@/lib/offline/use-queued-writes";
import { useObjectUrl } from "@/lib/use-object-url";

// A PEVO's job photos taken with no signal (ADR 0014): kept in the phone's write queue as Blobs and
// shown in the job's documents until they reach the server. The queue (IndexedDB) is imported on
// first use, so it stays out of the portal's first load.

/** What stays when the server refuses a photo kept on the phone. */
const PHOTO_KEPT =
  "The photo stays on this phone until you tap Got it: save a copy first if you still need it.";

/** A photo waiting on this phone, or refused by the server (with its reason). */
export type QueuedPhoto = QueuedWrite & { upload: QueuedUpload };

/** The photos kept on this phone for the upload address `path` (none when null), kept current. */
export function useQueuedUploads(path: string | null): QueuedPhoto[] {
  const match = useMemo(
    () =>
      path === null
        ? null
        : (write: QueuedWrite): write is QueuedPhoto => write.upload !== undefined && write.path === path,
    [path],
  );
  return useQueuedWrites(match);
}

/**
 * Keeps a photo on the phone to be uploaded to `path` when signal returns, under `id` (its
 * Idempotency-Key: when an upload already tried under it did reach the server, it is not stored twice).
 */
export async function keepUpload({
  id,
  path,
  label,
  file,
  category,
}: {
  id: string;
  path: string;
  label: string;
  file: File;
  category: string;
}) {
  const { keep } = await import("@/lib/offline/queue");
  await keep({
    id,
    method: "POST",
    path,
    label,
    upload: { file, fileName: file.name, category },
    keyHeader: true,
    kept: PHOTO_KEPT,
  });
}

/** Images a browser shows (HEIC is not one of them). */
const PREVIEWABLE = new Set(["image/png", "image/jpeg", "image/webp"]);

/** A row of the job's documents for a photo still on this phone. */
export function QueuedUploadRow({ photo }: { photo: QueuedPhoto }) {
  const url = useObjectUrl(photo.upload.file);
  return (
    <li className="flex items-center gap-3 p-3" data-testid="queued-document">
      {url && PREVIEWABLE.has(photo.upload.file.type) ? (
        <img src={url} alt="" className="size-10 shrink-0 rounded-md border object-cover" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground">
          <ImageIcon className="size-5" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={photo.upload.fileName}>
          {photo.upload.fileName}
        </p>
        <QueuedWriteStatus write={photo} className="text-xs" />
      </div>
    </li>
  );
}
