import { type DocumentCategory, FILE_LIMITS } from "@pevo/shared";
import { Camera, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useIsMobile } from "@/components/ui/use-mobile";
import { type DocumentsOwner, useDocuments, useUploadDocument } from "@/lib/documents";

const NONE = "__none__";
const MAX_MB = FILE_LIMITS.maxBytes / (1024 * 1024);

/**
 * The document a credential points at: one of the owner's documents, or a new one uploaded here
 * (a file, or the camera on a phone) through the documents API, then chosen.
 */
export function DocumentField({
  owner,
  category,
  value,
  onChange,
  error,
  disabled,
}: {
  owner: DocumentsOwner;
  category: DocumentCategory;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const documents = useDocuments(owner);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadDocument(owner, setProgress);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const isMobile = useIsMobile();

  function send(file: File | undefined) {
    if (!file) return;
    if (file.size > FILE_LIMITS.maxBytes) {
      setProblem(`The file is larger than ${MAX_MB} MB`);
      return;
    }
    setProblem(null);
    upload.mutate(
      { file, category },
      {
        onSuccess: (document) => onChange(document.id),
        onError: (e) => setProblem(e.message),
        onSettled: () => {
          setProgress(null);
          if (fileInput.current) fileInput.current.value = "";
          if (cameraInput.current) cameraInput.current.value = "";
        },
      },
    );
  }

  const busy = disabled || upload.isPending;
  const message = problem ?? error;
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-document`}>Document</Label>
      <Select
        value={value ?? NONE}
        onValueChange={(next) => onChange(next === NONE ? null : next)}
        disabled={busy}
      >
        <SelectTrigger
          id={`${id}-document`}
          className="h-11 min-w-0 md:h-9 [&>span]:min-w-0 [&>span]:truncate"
        >
          <SelectValue placeholder={documents.isPending ? "Loading documents..." : "No document"} />
        </SelectTrigger>
        <SelectContent className="max-w-[calc(100vw-2rem)]">
          <SelectItem value={NONE}>No document</SelectItem>
          {(documents.data ?? []).map((d) => (
            <SelectItem key={d.id} value={d.id}>
              {d.fileName}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <input
        ref={fileInput}
        type="file"
        accept="image/*,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-label="Upload a document for this credential"
        onChange={(e) => send(e.target.files?.[0])}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-label="Take a photo of this credential"
        onChange={(e) => send(e.target.files?.[0])}
      />
      <div className="flex flex-wrap gap-2">
        {isMobile ? (
          <Button
            type="button"
            className="h-11 flex-1"
            disabled={busy}
            onClick={() => cameraInput.current?.click()}
          >
            <Camera />
            Take photo
          </Button>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="h-11 flex-1 md:h-9 md:flex-none"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          <Upload />
          Upload file
        </Button>
      </div>
      {upload.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Uploading... {Math.round((progress ?? 0) * 100)}%
        </p>
      ) : null}
      {message ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">PDF, JPEG, PNG, HEIC or WebP, up to {MAX_MB} MB.</p>
      )}
    </div>
  );
}
