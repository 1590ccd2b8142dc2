import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_LABELS,
  type DocumentCategory,
  type TDocument,
} from "@pevo/shared";
import { Camera, FileText, ImageIcon, Trash2, Upload } from "lucide-react";
import { type DragEvent, type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useIsMobile } from "@/components/ui/use-mobile";
import { ApiError } from "@/lib/api";
import { formatDate, isoDay } from "@/lib/format";
import { SAVED_ON_PHONE } from "@/lib/offline/send";
import { cn, inlineLinkClass } from "@/lib/utils";
import {
  type DocumentsOwner,
  documentFileHref,
  queuedUploadPath,
  useDeleteDocument,
  useDocuments,
} from "../api";
import { keepUpload, QueuedUploadRow, useQueuedUploads } from "./queued-uploads";
import { FileTypesHint, localProblem, useFileUpload } from "./use-file-upload";

/** Images a browser shows (HEIC is not one of them): a small preview in the list. */
const PREVIEWABLE = new Set(["image/png", "image/jpeg", "image/webp"]);

/** 217 B, 12.4 KB, 3.1 MB. */
function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const formatUploaded = (iso: string) => formatDate(isoDay(new Date(iso)));

function DocumentIcon({ owner, document }: { owner: DocumentsOwner; document: TDocument }) {
  if (PREVIEWABLE.has(document.contentType)) {
    return (
      <img
        src={documentFileHref(owner, document.id, true)}
        alt=""
        loading="lazy"
        className="size-10 shrink-0 rounded-md border object-cover"
      />
    );
  }
  const Icon = document.contentType.startsWith("image/") ? ImageIcon : FileText;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground">
      <Icon className="size-5" aria-hidden />
    </span>
  );
}

/**
 * The documents of a PEVO, a rate confirmation or a dispatch (the office), or of the PEVO's own
 * profile or job (the portal): the list with downloads, an upload (a file input, drag and drop on
 * desktop, the camera on phones) with its progress, and delete after a confirmation. On a PEVO's job
 * an upload with no signal is kept on the phone and sent when signal returns (ADR 0014), listed first
 * as "Saved on this phone — will sync" until then.
 */
export function DocumentsCard({
  owner,
  title = "Documents",
  description,
  defaultCategory = "other",
  jobLabel,
}: {
  owner: DocumentsOwner;
  title?: string;
  description?: ReactNode;
  /** The category chosen at first (e.g. photos on a job, certificates on a profile). */
  defaultCategory?: DocumentCategory;
  /** The job, in the words the offline bar names a photo kept on the phone with ("RC-1001"). */
  jobLabel?: string;
}) {
  const documents = useDocuments(owner);
  const queuePath = queuedUploadPath(owner);
  const queued = useQueuedUploads(queuePath);
  const isMobile = useIsMobile();
  const [category, setCategory] = useState<DocumentCategory>(defaultCategory);
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<TDocument | null>(null);
  const upload = useFileUpload(
    owner,
    { file: "Choose a file to upload", camera: "Take a photo to upload" },
    (file) => send(file),
  );
  const remove = useDeleteDocument(owner);
  const id = useId();

  /** A job photo with no signal: kept on the phone under the id its upload was tried with. */
  async function keepOnPhone(file: File, key: string) {
    if (!queuePath) return;
    const label = `${DOCUMENT_CATEGORY_LABELS[category]} ${file.name}${jobLabel ? ` — ${jobLabel}` : ""}`;
    try {
      await keepUpload({ id: key, path: queuePath, label, file, category });
      setNotice(`${file.name}: ${SAVED_ON_PHONE}`);
    } catch (e) {
      setError(`${file.name} could not be kept on this phone: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      upload.clear();
    }
  }

  function send(file: File | undefined) {
    if (!file || upload.pending) return;
    setNotice(null);
    const problem = localProblem(file);
    if (problem) {
      setError(`${file.name}: ${problem}`);
      return;
    }
    setError(null);
    // The phone's id of a job photo: its Idempotency-Key online and, kept, offline (ADR 0014).
    const key = queuePath ? crypto.randomUUID() : undefined;
    if (key && !navigator.onLine) {
      void keepOnPhone(file, key);
      return;
    }
    setUploading(file.name);
    upload.send(
      file,
      category,
      {
        success: (document) => setNotice(`Uploaded ${document.fileName}`),
        // The network did not answer (status 0): the photo waits on the phone, not lost.
        error: (message, e) =>
          key && e instanceof ApiError && e.status === 0 ? void keepOnPhone(file, key) : setError(message),
        settled: () => setUploading(null),
      },
      key,
    );
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  }

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setNotice(`Deleted ${toDelete.fileName}`);
        setToDelete(null);
      },
      onError: (e) => {
        setError(e.message);
        setToDelete(null);
      },
    });
  };

  const busy = upload.pending;
  const tap = "h-11 md:h-9";

  const picker = (
    <div className="grid gap-3">
      <div className="grid gap-1.5 sm:max-w-64">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <Select value={category} onValueChange={(value) => setCategory(value as DocumentCategory)}>
          <SelectTrigger id={`${id}-category`} className={tap}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DOCUMENT_CATEGORIES.map((c) => (
              <SelectItem key={c} value={c} className="py-2.5 md:py-1.5">
                {DOCUMENT_CATEGORY_LABELS[c]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {upload.inputs}
      {isMobile ? (
        <div className="grid grid-cols-2 gap-2">
          <Button type="button" className={tap} disabled={busy} onClick={upload.takePhoto}>
            <Camera />
            Take photo
          </Button>
          <Button type="button" variant="outline" className={tap} disabled={busy} onClick={upload.chooseFile}>
            <Upload />
            Choose file
          </Button>
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the button inside is the keyboard way
        <div
          onDragEnter={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragOver={(e) => e.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex flex-wrap items-center justify-center gap-x-3 gap-y-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground transition-colors",
            dragging && "border-primary bg-primary/10 text-foreground",
          )}
        >
          <Upload className="size-4" aria-hidden />
          <span>Drag a file here, or</span>
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={upload.chooseFile}>
            Choose file
          </Button>
        </div>
      )}
      <FileTypesHint />
      {uploading !== null ? (
        <div className="grid gap-1.5" role="status">
          <p className="flex min-w-0 items-center gap-2 text-sm">
            <Spinner />
            <span className="truncate">Uploading {uploading}</span>
            <span className="ml-auto tabular-nums text-muted-foreground">{upload.percent}%</span>
          </p>
          <div
            className="h-1.5 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={`Uploading ${uploading}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload.percent}
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{ width: `${upload.fraction * 100}%` }}
            />
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive [overflow-wrap:anywhere]">
          {error}
        </p>
      ) : null}
      {notice && !error ? (
        <p role="status" className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {notice}
        </p>
      ) : null}
    </div>
  );

  let list: ReactNode;
  if (documents.isPending) {
    list = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Loading documents...
      </p>
    );
  } else if (documents.isError && queued.length === 0) {
    list = (
      <p role="alert" className="text-sm text-destructive">
        Could not load the documents.{" "}
        <button type="button" className={inlineLinkClass} onClick={() => void documents.refetch()}>
          Retry
        </button>
      </p>
    );
  } else if ((documents.data ?? []).length === 0 && queued.length === 0) {
    list = <p className="text-sm text-muted-foreground">No documents yet.</p>;
  } else {
    list = (
      <ul className="divide-y rounded-lg border" aria-label={title}>
        {queued.map((photo) => (
          <QueuedUploadRow key={photo.id} photo={photo} />
        ))}
        {(documents.data ?? []).map((document) => (
          <li key={document.id} className="flex items-center gap-3 p-3">
            <DocumentIcon owner={owner} document={document} />
            <div className="min-w-0 flex-1">
              <a
                href={documentFileHref(owner, document.id)}
                download={document.fileName}
                className="block truncate text-sm font-medium underline-offset-4 hover:underline"
                title={`Download ${document.fileName}`}
              >
                {document.fileName}
              </a>
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                {DOCUMENT_CATEGORY_LABELS[document.category]} · {formatFileSize(document.size)} ·{" "}
                {formatUploaded(document.uploadedAt)}
                {document.uploadedBy ? ` · ${document.uploadedBy}` : ""}
              </p>
            </div>
            {document.canDelete ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-11 shrink-0 text-muted-foreground hover:text-destructive md:size-9"
                aria-label={`Delete ${document.fileName}`}
                onClick={() => setToDelete(document)}
              >
                <Trash2 />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {picker}
        {list}
      </CardContent>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this document?"
        description={
          <>
            <span className="font-medium text-foreground [overflow-wrap:anywhere]">{toDelete?.fileName}</span>{" "}
            will be deleted for good.
          </>
        }
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
