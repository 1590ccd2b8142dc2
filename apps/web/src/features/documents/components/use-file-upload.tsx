import { type DocumentCategory, FILE_LIMITS, type TDocument } from "@pevo/shared";
import { useRef, useState } from "react";
import { type DocumentsOwner, useUploadDocument } from "../api";

const MAX_MB = FILE_LIMITS.maxBytes / (1024 * 1024);

/** What can be told before sending: the server checks everything again (the type from the content). */
export function localProblem(file: File): string | null {
  if (file.size === 0) return "The file is empty";
  if (file.size > FILE_LIMITS.maxBytes) return `The file is larger than ${MAX_MB} MB`;
  return null;
}

/** The formats and size the server takes, under an upload control. */
export function FileTypesHint() {
  return <p className="text-xs text-muted-foreground">PDF, JPEG, PNG, HEIC or WebP, up to {MAX_MB} MB.</p>;
}

/**
 * The upload of one file to an owner's documents, chosen with a file input or taken with the phone's
 * camera: `inputs` are the two hidden inputs to render, `chooseFile` / `takePhoto` open them, a
 * picked file goes to `onPick` (which checks it and calls `send`); `percent` is the progress.
 */
export function useFileUpload(
  owner: DocumentsOwner,
  labels: { file: string; camera: string },
  onPick: (file: File | undefined) => void,
) {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadDocument(owner, setProgress);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);

  /** Lets the same file be picked again (the inputs fire only on a change). */
  const clear = () => {
    if (fileInput.current) fileInput.current.value = "";
    if (cameraInput.current) cameraInput.current.value = "";
  };

  function send(
    file: File,
    category: DocumentCategory,
    on: {
      success: (document: TDocument) => void;
      error: (message: string, error: Error) => void;
      settled?: () => void;
    },
    /** The phone's id of the upload: its Idempotency-Key (ADR 0014). */
    key?: string,
  ) {
    setProgress(0);
    upload.mutate(
      { file, category, key },
      {
        onSuccess: on.success,
        onError: (e) => on.error(e.message, e),
        onSettled: () => {
          setProgress(null);
          clear();
          on.settled?.();
        },
      },
    );
  }

  const inputs = (
    <>
      <input
        ref={fileInput}
        type="file"
        accept="image/*,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-label={labels.file}
        onChange={(e) => onPick(e.target.files?.[0])}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-label={labels.camera}
        onChange={(e) => onPick(e.target.files?.[0])}
      />
    </>
  );

  return {
    inputs,
    send,
    clear,
    pending: upload.isPending,
    percent: Math.round((progress ?? 0) * 100),
    fraction: progress ?? 0,
    chooseFile: () => fileInput.current?.click(),
    takePhoto: () => cameraInput.current?.click(),
  };
}
