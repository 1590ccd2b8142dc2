import type { DocumentCategory } from "@pevo/shared";
import { Camera, Upload } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useIsMobile } from "@/components/ui/use-mobile";
import { type DocumentsOwner, useDocuments } from "../api";
import { FileTypesHint, localProblem, useFileUpload } from "./use-file-upload";

const NONE = "__none__";

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
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useFileUpload(
    owner,
    { file: "Upload a document for this credential", camera: "Take a photo of this credential" },
    (file) => send(file),
  );
  const isMobile = useIsMobile();

  function send(file: File | undefined) {
    if (!file) return;
    const local = localProblem(file);
    setProblem(local);
    if (local) return;
    upload.send(file, category, { success: (document) => onChange(document.id), error: setProblem });
  }

  const busy = disabled || upload.pending;
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
      {upload.inputs}
      <div className="flex flex-wrap gap-2">
        {isMobile ? (
          <Button type="button" className="h-11 flex-1" disabled={busy} onClick={upload.takePhoto}>
            <Camera />
            Take photo
          </Button>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="h-11 flex-1 md:h-9 md:flex-none"
          disabled={busy}
          onClick={upload.chooseFile}
        >
          <Upload />
          Upload file
        </Button>
      </div>
      {upload.pending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Uploading... {upload.percent}%
        </p>
      ) : null}
      {message ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : (
        <FileTypesHint />
      )}
    </div>
  );
}
