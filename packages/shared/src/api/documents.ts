import { z } from "zod";
import { DOCUMENT_CATEGORIES } from "../constants";
import type { TDocument } from "../schemas/document";
import type { Assert, Same } from "./check";
import { ZId, ZTimestamp } from "./common";

export const ZDocumentResponse = z.object({
  id: ZId,
  category: z.enum(DOCUMENT_CATEGORIES),
  fileName: z.string().describe("The sanitized original file name"),
  contentType: z.string().describe("The type sniffed from the content (PDF, JPEG, PNG, HEIC, WebP)"),
  size: z.number().int().describe("Bytes"),
  uploadedAt: ZTimestamp,
  uploadedBy: z.string().nullable().describe("The uploader's name; null when that login was removed"),
  canDelete: z.boolean().describe("Whether the caller may delete it"),
});
type _Document = Assert<Same<z.output<typeof ZDocumentResponse>, TDocument>>;
