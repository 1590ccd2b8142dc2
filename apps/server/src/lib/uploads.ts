import { DOCUMENT_TYPES, DOCUMENT_TYPES_TEXT, type DocumentContentType, FILE_LIMITS } from "@pevo/shared";
import { fileTypeFromBuffer } from "file-type";
import { InvalidInputError } from "./domain-errors";

const isDocumentType = (mime: string): mime is DocumentContentType => Object.hasOwn(DOCUMENT_TYPES, mime);

/**
 * The type of a file from its content (magic bytes), never its name or the type the browser
 * declared: a page renamed .pdf is refused.
 */
export async function sniffDocumentType(bytes: Uint8Array, fileName: string): Promise<DocumentContentType> {
  if (bytes.byteLength === 0) throw new InvalidInputError("The file is empty", { file: "The file is empty" });
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && isDocumentType(detected.mime)) return detected.mime;
  const what = detected ? `is a ${detected.ext.toUpperCase()} file` : "is not one of them";
  const message = `“${displayName(fileName)}” must be ${DOCUMENT_TYPES_TEXT}; its content ${what} (checked from the content, not the name)`;
  throw new InvalidInputError(message, { file: message });
}

/** A short, printable form of a raw name for a message. */
function displayName(raw: string): string {
  const name = stripUnsafe(baseName(raw)) || "The file";
  return [...name].length > 60 ? `${[...name].slice(0, 59).join("")}…` : name;
}

const baseName = (raw: string) => raw.split(/[\\/]/).pop() ?? "";
/** Control and format characters (incl. bidirectional overrides), line and paragraph separators. */
const stripUnsafe = (text: string) =>
  text
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/ {2,}/g, " ")
    .trim();

const EXTENSIONS: Record<string, string[]> = { jpg: ["jpg", "jpeg"], heic: ["heic", "heif"] };

/**
 * The name a document is kept and downloaded under: no folders (a path's last part), no control or
 * bidi characters, no characters Windows refuses, no leading dots, at most FILE_LIMITS.fileName
 * characters, and ending with an extension of its real (sniffed) type ("photo.html" that is a PNG
 * becomes "photo.html.png").
 */
export function sanitizeFileName(raw: string, contentType: DocumentContentType): string {
  const extension = DOCUMENT_TYPES[contentType].extension;
  const accepted = EXTENSIONS[extension] ?? [extension];
  let name = stripUnsafe(baseName(raw))
    .replace(/[<>:"|?*]/g, "_")
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  const current = /\.([^.]+)$/.exec(name)?.[1];
  let suffix = `.${extension}`;
  if (current && accepted.includes(current.toLowerCase())) {
    suffix = name.slice(name.length - current.length - 1);
    name = name.slice(0, name.length - current.length - 1);
  }
  const base = [...name]
    .slice(0, FILE_LIMITS.fileName - suffix.length)
    .join("")
    .trim();
  return `${base || "document"}${suffix}`;
}

/**
 * A Content-Disposition value: an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987);
 * quotes, backslashes and anything outside printable ASCII never reach the quoted form.
 */
export function contentDisposition(kind: "attachment" | "inline", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
