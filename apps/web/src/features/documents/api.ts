import type { TDocument } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, NETWORK_ERROR_MESSAGE, readResponse } from "@/lib/api";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * What a documents card shows: an owner's documents for the office, or in the PEVO portal the
 * PEVO's own profile documents or those of one of their dispatches.
 */
export type DocumentsOwner =
  | { kind: "pevo"; id: string }
  | { kind: "rate_confirmation"; id: string }
  | { kind: "dispatch"; id: string }
  | { kind: "portal_profile" }
  | { kind: "portal_dispatch"; id: string };

const api = client.api;

/** The query key, the list call and the upload address of an owner. */
function endpoints(owner: DocumentsOwner) {
  switch (owner.kind) {
    case "pevo": {
      const route = api.pevos[":id"].documents;
      const param = pathParams({ id: owner.id });
      return {
        key: queryKeys.pevoDocuments(owner.id),
        list: () => call(route.$get({ param })),
        upload: route.$path({ param }),
      };
    }
    case "rate_confirmation": {
      const route = api["rate-confirmations"][":id"].documents;
      const param = pathParams({ id: owner.id });
      return {
        key: queryKeys.rateConfirmationDocuments(owner.id),
        list: () => call(route.$get({ param })),
        upload: route.$path({ param }),
      };
    }
    case "dispatch": {
      const route = api.dispatches[":id"].documents;
      const param = pathParams({ id: owner.id });
      return {
        key: queryKeys.dispatchDocuments(owner.id),
        list: () => call(route.$get({ param })),
        upload: route.$path({ param }),
      };
    }
    case "portal_profile": {
      const route = api.portal.documents;
      return { key: queryKeys.portalDocuments, list: () => call(route.$get()), upload: route.$path() };
    }
    case "portal_dispatch": {
      const route = api.portal.dispatches[":id"].documents;
      const param = pathParams({ id: owner.id });
      return {
        key: queryKeys.portalDispatchDocuments(owner.id),
        list: () => call(route.$get({ param })),
        upload: route.$path({ param }),
      };
    }
  }
}

/**
 * Where a PEVO's job photo is uploaded: the portal's job documents are the uploads the phone keeps
 * when there is no signal (ADR 0014); null for every other owner (those stay online-only).
 */
export const queuedUploadPath = (owner: DocumentsOwner): string | null =>
  owner.kind === "portal_dispatch" ? endpoints(owner).upload : null;

const inPortal = (owner: DocumentsOwner) =>
  owner.kind === "portal_profile" || owner.kind === "portal_dispatch";

/** The address of a document's file (a download; `inline` shows an image in the page). */
export function documentFileHref(owner: DocumentsOwner, id: string, inline = false): string {
  const args = { param: pathParams({ id }), query: inline ? { inline: "1" as const } : {} };
  return inPortal(owner)
    ? api.portal.documents[":id"].file.$path(args)
    : api.documents[":id"].file.$path(args);
}

export function useDocuments(owner: DocumentsOwner) {
  const { key, list } = endpoints(owner);
  return useQuery({ queryKey: key, queryFn: list });
}

/**
 * POSTs the file as multipart/form-data with XMLHttpRequest, whose upload progress fetch does not
 * report; the answer is read like every API answer (the server's message on an error). `key`, the
 * phone's id of a job photo, goes as the Idempotency-Key (ADR 0014): when the answer is lost, the
 * copy kept on the phone is sent again under it and the server keeps one.
 */
function postWithProgress(
  path: string,
  body: FormData,
  onProgress: (fraction: number) => void,
  key: string | undefined,
) {
  return new Promise<TDocument>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    if (key) xhr.setRequestHeader("Idempotency-Key", key);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status });
      readResponse<TDocument>(response).then(resolve, reject);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new ApiError(0, "The upload was canceled"));
    xhr.send(body);
  });
}

export function useUploadDocument(owner: DocumentsOwner, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  const { key, upload } = endpoints(owner);
  return useMutation({
    mutationFn: ({ file, category, key }: { file: File; category: string; key?: string }) => {
      const body = new FormData();
      body.set("category", category);
      body.set("file", file);
      return postWithProgress(upload, body, onProgress, key);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteDocument(owner: DocumentsOwner) {
  const queryClient = useQueryClient();
  const { key } = endpoints(owner);
  return useMutation({
    mutationFn: (id: string) => {
      const param = pathParams({ id });
      return inPortal(owner)
        ? call(api.portal.documents[":id"].$delete({ param }))
        : call(api.documents[":id"].$delete({ param }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
