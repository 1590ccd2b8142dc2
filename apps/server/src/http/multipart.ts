import { FILE_LIMITS } from "@pevo/shared";
import type { Context } from "hono";
import { ApiError } from "./errors";

/** Room for the multipart framing and the small form fields around the file. */
export const UPLOAD_FRAMING_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new ApiError(413, `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);

/** An uploaded file, read into memory within the limit. */
export type UploadedFile = { name: string; bytes: Uint8Array };

/**
 * Reads a multipart/form-data upload of one file (field `file`) and its text fields, never holding
 * more than the limit: a Content-Length above it is refused before reading, and the bytes are
 * counted while they arrive (a body without Content-Length, or one that lies, is cut off).
 */
export async function readUpload(
  c: Context,
  maxBytes: number = FILE_LIMITS.maxBytes,
): Promise<{ file: UploadedFile; fields: Record<string, string> }> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) {
    throw new ApiError(400, "Send the file as multipart/form-data, in a field named file");
  }
  const bodyLimit = maxBytes + UPLOAD_FRAMING_BYTES;
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > bodyLimit) throw tooLarge(maxBytes);

  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = c.req.raw.body?.getReader();
  if (!reader) throw new ApiError(400, "Choose a file to upload");
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > bodyLimit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }

  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
  } catch {
    throw new ApiError(400, "The upload could not be read: send it as multipart/form-data");
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw new ApiError(400, "Choose a file to upload", { file: "Choose a file" });
  if (file.size === 0) throw new ApiError(400, "The file is empty", { file: "The file is empty" });
  if (file.size > maxBytes) throw tooLarge(maxBytes);
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return { file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, fields };
}
