/**
 * Documents: files attached to a PEVO, a rate confirmation or a dispatch.
 *
 * The office (admins): list and upload under the owner (`/api/pevos/{id}/documents`,
 * `/api/rate-confirmations/{id}/documents`, `/api/dispatches/{id}/documents`), download and delete
 * by document id (`/api/documents/{id}/file`, `/api/documents/{id}`).
 * The PEVO portal: their own profile documents (`/api/portal/documents`) and their own dispatches'
 * (`/api/portal/dispatches/{id}/documents`); download any of those, delete only what they uploaded.
 * Anything else is a 404, as an unknown id.
 */
import { FILE_LIMITS, ZDocumentResponse, ZDocumentUpload } from "@pevo/shared";
import type { Context } from "hono";
import { z } from "zod";
import {
  DISPATCH_NOT_FOUND,
  DOCUMENT_NOT_FOUND,
  type DocumentViewer,
  deleteDocument,
  keptUpload,
  listDocuments,
  openDocument,
  PEVO_NOT_FOUND,
  RATE_CONFIRMATION_NOT_FOUND,
  uploadDocument,
} from "../../domain/documents";
import type { AppEnv } from "../../http/context";
import { readUpload } from "../../http/multipart";
import {
  createRoute,
  createRouter,
  errors,
  idempotencyHeaders,
  json,
  multipartBody,
  named,
  noContent,
  uuidParam,
  validationError,
} from "../../http/openapi";
import { pevoIdOf } from "../../http/pevo";
import { requireAdmin, requirePevo, scopeOf } from "../../http/session";
import { contentDisposition, sanitizeFileName, sniffDocumentType } from "../../lib/uploads";

const Document = named("Document", ZDocumentResponse);
const DocumentList = z.array(Document);
const UploadForm = named(
  "DocumentUpload",
  ZDocumentUpload.extend({
    file: z
      .string()
      .meta({ format: "binary" })
      .describe(
        `The file: PDF, JPEG, PNG, HEIC or WebP (checked from its content), at most ${FILE_LIMITS.maxBytes / (1024 * 1024)} MB`,
      ),
  }),
);
const uploadBody = multipartBody(UploadForm, "The file and its category");
const idOf = (message: string) => z.object({ id: uuidParam(message) });

/** Reads and checks an upload: the size while reading, the category, the type from the content, the name. */
async function checkedUpload(c: Context<AppEnv>) {
  const { file, fields } = await readUpload(c);
  const parsed = ZDocumentUpload.safeParse(fields);
  if (!parsed.success) throw validationError("form", parsed.error);
  const contentType = await sniffDocumentType(file.bytes, file.name);
  return {
    bytes: file.bytes,
    contentType,
    fileName: sanitizeFileName(file.name, contentType),
    category: parsed.data.category,
  };
}

/** The file, with the headers that keep a browser from running it. */
async function download(c: Context<AppEnv>, id: string, viewer: DocumentViewer): Promise<Response> {
  const { document, stream } = await openDocument(scopeOf(c), c.get("deps").storage, id, viewer);
  const image = document.contentType.startsWith("image/") && document.contentType !== "image/heic";
  const inline = image && c.req.query("inline") === "1";
  return c.body(stream, 200, {
    "Content-Type": document.contentType,
    "Content-Length": String(document.size),
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", document.fileName),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-cache",
  });
}

const fileResponse = {
  200: {
    description:
      "The file, with its sniffed type, as an attachment under its sanitized name (an image inline with ?inline=1)",
    content: {
      "application/pdf": { schema: z.string().meta({ format: "binary" }) },
      "image/*": { schema: z.string().meta({ format: "binary" }) },
    },
  },
};
const inlineQuery = z.object({
  inline: z.enum(["1"]).optional().describe("1: show an image (PNG, JPEG, WebP) in the browser"),
});

const officeTags = ["Documents"];
const ADMIN = { role: "admin" } as const;

/** Where the office reaches an owner's documents. */
const OWNERS = {
  pevo: { path: "/pevos/{id}/documents", notFound: PEVO_NOT_FOUND, what: "a PEVO" },
  rc: {
    path: "/rate-confirmations/{id}/documents",
    notFound: RATE_CONFIRMATION_NOT_FOUND,
    what: "a rate confirmation",
  },
  dispatch: { path: "/dispatches/{id}/documents", notFound: DISPATCH_NOT_FOUND, what: "a dispatch" },
} as const;
type OwnerRoute<P extends string> = { path: P; notFound: string; what: string };

const listRoute = <P extends string>({ path, notFound, what }: OwnerRoute<P>) =>
  createRoute({
    method: "get",
    path,
    tags: officeTags,
    summary: `The documents of ${what}`,
    middleware: [requireAdmin],
    request: { params: idOf(notFound) },
    responses: { 200: json(DocumentList, "The documents, newest first"), ...errors(401, 403, 404) },
  });
const uploadRoute = <P extends string>({ path, notFound, what }: OwnerRoute<P>) =>
  createRoute({
    method: "post",
    path,
    tags: officeTags,
    summary: `Upload a document to ${what}`,
    middleware: [requireAdmin],
    request: { params: idOf(notFound), body: uploadBody },
    responses: { 201: json(Document, "The new document"), ...errors(400, 401, 403, 404, 409, 413) },
  });

const office = createRouter();

/** The office's document routes (mounted at /api). */
export const officeDocumentRoutes = office
  .openapi(listRoute(OWNERS.pevo), async (c) =>
    c.json(await listDocuments(scopeOf(c), { kind: "pevo", id: c.req.valid("param").id }, ADMIN), 200),
  )
  .openapi(uploadRoute(OWNERS.pevo), async (c) => {
    const owner = { kind: "pevo", id: c.req.valid("param").id } as const;
    const upload = await checkedUpload(c);
    return c.json(
      await uploadDocument(scopeOf(c), { storage: c.get("deps").storage, owner, viewer: ADMIN, upload }),
      201,
    );
  })
  .openapi(listRoute(OWNERS.rc), async (c) =>
    c.json(
      await listDocuments(scopeOf(c), { kind: "rate_confirmation", id: c.req.valid("param").id }, ADMIN),
      200,
    ),
  )
  .openapi(uploadRoute(OWNERS.rc), async (c) => {
    const owner = { kind: "rate_confirmation", id: c.req.valid("param").id } as const;
    const upload = await checkedUpload(c);
    return c.json(
      await uploadDocument(scopeOf(c), { storage: c.get("deps").storage, owner, viewer: ADMIN, upload }),
      201,
    );
  })
  .openapi(listRoute(OWNERS.dispatch), async (c) =>
    c.json(await listDocuments(scopeOf(c), { kind: "dispatch", id: c.req.valid("param").id }, ADMIN), 200),
  )
  .openapi(uploadRoute(OWNERS.dispatch), async (c) => {
    const owner = { kind: "dispatch", id: c.req.valid("param").id } as const;
    const upload = await checkedUpload(c);
    return c.json(
      await uploadDocument(scopeOf(c), { storage: c.get("deps").storage, owner, viewer: ADMIN, upload }),
      201,
    );
  })
  .openapi(
    createRoute({
      method: "get",
      path: "/documents/{id}/file",
      tags: officeTags,
      summary: "Download a document",
      middleware: [requireAdmin],
      request: { params: idOf(DOCUMENT_NOT_FOUND), query: inlineQuery },
      responses: { ...fileResponse, ...errors(401, 403, 404) },
    }),
    (c) => download(c, c.req.valid("param").id, ADMIN),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/documents/{id}",
      tags: officeTags,
      summary: "Delete a document and its stored file",
      middleware: [requireAdmin],
      request: { params: idOf(DOCUMENT_NOT_FOUND) },
      responses: { ...noContent, ...errors(401, 403, 404) },
    }),
    async (c) => {
      await deleteDocument(scopeOf(c), {
        storage: c.get("deps").storage,
        id: c.req.valid("param").id,
        viewer: ADMIN,
      });
      return c.body(null, 204);
    },
  );

const portalTags = ["Portal"];
const pevoViewer = async (c: Context<AppEnv>): Promise<DocumentViewer> => ({
  role: "pevo",
  pevoId: await pevoIdOf(c),
});

const portal = createRouter();

/** A PEVO's own documents and those of their dispatches (mounted at /api/portal). */
export const portalDocumentRoutes = portal
  .openapi(
    createRoute({
      method: "get",
      path: "/documents",
      tags: portalTags,
      summary: "My profile documents",
      middleware: [requirePevo],
      responses: { 200: json(DocumentList, "My documents, newest first"), ...errors(401, 403) },
    }),
    async (c) => {
      const pevoId = await pevoIdOf(c);
      const viewer = { role: "pevo", pevoId } as const;
      return c.json(await listDocuments(scopeOf(c), { kind: "pevo", id: pevoId }, viewer), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/documents",
      tags: portalTags,
      summary: "Upload a document to my profile",
      middleware: [requirePevo],
      request: { body: uploadBody },
      responses: { 201: json(Document, "The new document"), ...errors(400, 401, 403, 409, 413) },
    }),
    async (c) => {
      const pevoId = await pevoIdOf(c);
      const upload = await checkedUpload(c);
      const viewer = { role: "pevo", pevoId } as const;
      return c.json(
        await uploadDocument(scopeOf(c), {
          storage: c.get("deps").storage,
          owner: { kind: "pevo", id: pevoId },
          viewer,
          upload,
        }),
        201,
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/dispatches/{id}/documents",
      tags: portalTags,
      summary: "The documents of one of my dispatches",
      middleware: [requirePevo],
      request: { params: idOf(DISPATCH_NOT_FOUND) },
      responses: { 200: json(DocumentList, "The documents, newest first"), ...errors(401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await listDocuments(
          scopeOf(c),
          { kind: "dispatch", id: c.req.valid("param").id },
          await pevoViewer(c),
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/dispatches/{id}/documents",
      tags: portalTags,
      summary: "Upload a document (a photo, a proof of delivery) to one of my dispatches",
      middleware: [requirePevo],
      request: { params: idOf(DISPATCH_NOT_FOUND), headers: idempotencyHeaders, body: uploadBody },
      responses: {
        201: json(Document, "The new document (or the one kept for the key)"),
        ...errors(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const viewer = await pevoViewer(c);
      const owner = { kind: "dispatch", id: c.req.valid("param").id } as const;
      const clientId = c.req.valid("header")["idempotency-key"];
      // A photo queued offline and sent again (ADR 0014): the kept one answers, the file is not read.
      const kept = await keptUpload(scopeOf(c), { owner, viewer, clientId });
      if (kept) return c.json(kept, 201);
      const upload = await checkedUpload(c);
      return c.json(
        await uploadDocument(scopeOf(c), {
          storage: c.get("deps").storage,
          owner,
          viewer,
          upload,
          clientId,
        }),
        201,
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/documents/{id}/file",
      tags: portalTags,
      summary: "Download one of my documents or one of my dispatches'",
      middleware: [requirePevo],
      request: { params: idOf(DOCUMENT_NOT_FOUND), query: inlineQuery },
      responses: { ...fileResponse, ...errors(401, 403, 404) },
    }),
    async (c) => download(c, c.req.valid("param").id, await pevoViewer(c)),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/documents/{id}",
      tags: portalTags,
      summary: "Delete a document I uploaded (not the proof of an approved credential: 409)",
      middleware: [requirePevo],
      request: { params: idOf(DOCUMENT_NOT_FOUND) },
      responses: { ...noContent, ...errors(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteDocument(scopeOf(c), {
        storage: c.get("deps").storage,
        id: c.req.valid("param").id,
        viewer: await pevoViewer(c),
      });
      return c.body(null, 204);
    },
  );
