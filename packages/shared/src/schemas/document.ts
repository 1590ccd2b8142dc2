import { z } from "zod";
import { DOCUMENT_CATEGORIES, type DocumentCategory } from "../constants";

/** The form fields of an upload besides the file itself (multipart/form-data). */
export const ZDocumentUpload = z.object({
  category: z.enum(DOCUMENT_CATEGORIES, { error: "Choose a category" }),
});
export type TDocumentUpload = z.output<typeof ZDocumentUpload>;

/** A document as the API answers it. */
export type TDocument = {
  id: string;
  category: DocumentCategory;
  /** The sanitized original name (a download is saved under it). */
  fileName: string;
  /** The type sniffed from the content on upload. */
  contentType: string;
  /** Bytes. */
  size: number;
  uploadedAt: string;
  /** Who uploaded it (null when that login was removed). */
  uploadedBy: string | null;
  /** Whether the caller may delete it (the office: any; a PEVO: what they uploaded). */
  canDelete: boolean;
};
