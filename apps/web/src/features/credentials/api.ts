import type {
  TCertificationInput,
  TCredentialReviewInput,
  TInsuranceInput,
  TVehicleInput,
} from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DocumentsOwner } from "@/features/documents";
import { call, client, pathParams } from "@/lib/api-client";
import { qualificationsKey } from "@/lib/assignment";
import { queryKeys } from "@/lib/query-keys";

/**
 * Whose credentials a card shows: a PEVO of the roster (the office) or the signed-in PEVO's own
 * (the portal, where every change waits for the office's review).
 */
export type CredentialsOwner = { kind: "office"; pevoId: string } | { kind: "portal" };
export type ListKind = "certifications" | "insurance";

const api = client.api;

const credentialsKey = (owner: CredentialsOwner) =>
  owner.kind === "office" ? queryKeys.pevoCredentials(owner.pevoId) : queryKeys.portalCredentials;

/** Where the owner's documents are (a credential attaches one of them). */
export const documentsOwnerOf = (owner: CredentialsOwner): DocumentsOwner =>
  owner.kind === "office" ? { kind: "pevo", id: owner.pevoId } : { kind: "portal_profile" };

export function useCredentials(owner: CredentialsOwner) {
  return useQuery({
    queryKey: credentialsKey(owner),
    queryFn: () =>
      owner.kind === "office"
        ? call(api.pevos[":id"].credentials.$get({ param: pathParams({ id: owner.pevoId }) }))
        : call(api.portal.credentials.$get()),
  });
}

function useInvalidate(owner: CredentialsOwner) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: credentialsKey(owner) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.expiringCredentials }),
      queryClient.invalidateQueries({ queryKey: queryKeys.credentialsToReview }),
      queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
      // The PEVO picker's checks and the panel under it are recomputed with the new credentials.
      queryClient.invalidateQueries({ queryKey: qualificationsKey }),
    ]);
}

export type SaveCredentialArgs =
  | { kind: "certifications"; id?: string; data: TCertificationInput }
  | { kind: "insurance"; id?: string; data: TInsuranceInput };

/** Adds (no id) or updates a certification or an insurance policy. */
export function useSaveCredential(owner: CredentialsOwner) {
  const invalidate = useInvalidate(owner);
  return useMutation({
    mutationFn: async (args: SaveCredentialArgs) => {
      if (owner.kind === "office") {
        const base = api.pevos[":id"].credentials;
        const id = owner.pevoId;
        if (args.kind === "certifications") {
          return args.id
            ? call(
                base.certifications[":itemId"].$put({
                  param: pathParams({ id, itemId: args.id }),
                  json: args.data,
                }),
              )
            : call(base.certifications.$post({ param: pathParams({ id }), json: args.data }));
        }
        return args.id
          ? call(
              base.insurance[":itemId"].$put({ param: pathParams({ id, itemId: args.id }), json: args.data }),
            )
          : call(base.insurance.$post({ param: pathParams({ id }), json: args.data }));
      }
      const base = api.portal.credentials;
      if (args.kind === "certifications") {
        return args.id
          ? call(
              base.certifications[":itemId"].$put({
                param: pathParams({ itemId: args.id }),
                json: args.data,
              }),
            )
          : call(base.certifications.$post({ json: args.data }));
      }
      return args.id
        ? call(base.insurance[":itemId"].$put({ param: pathParams({ itemId: args.id }), json: args.data }))
        : call(base.insurance.$post({ json: args.data }));
    },
    onSuccess: invalidate,
  });
}

export function useDeleteCredential(owner: CredentialsOwner) {
  const invalidate = useInvalidate(owner);
  return useMutation({
    mutationFn: ({ kind, id }: { kind: ListKind; id: string }) => {
      if (owner.kind === "office") {
        const param = pathParams({ id: owner.pevoId, itemId: id });
        const base = api.pevos[":id"].credentials;
        return kind === "certifications"
          ? call(base.certifications[":itemId"].$delete({ param }))
          : call(base.insurance[":itemId"].$delete({ param }));
      }
      const param = pathParams({ itemId: id });
      return kind === "certifications"
        ? call(api.portal.credentials.certifications[":itemId"].$delete({ param }))
        : call(api.portal.credentials.insurance[":itemId"].$delete({ param }));
    },
    onSettled: invalidate,
  });
}

export function useSaveVehicle(owner: CredentialsOwner) {
  const invalidate = useInvalidate(owner);
  return useMutation({
    mutationFn: (data: TVehicleInput) =>
      owner.kind === "office"
        ? call(
            api.pevos[":id"].credentials.vehicle.$put({
              param: pathParams({ id: owner.pevoId }),
              json: data,
            }),
          )
        : call(api.portal.credentials.vehicle.$put({ json: data })),
    onSuccess: invalidate,
  });
}

/** What the office reviews: one credential row, or the PEVO's driver's licence. */
export type ReviewTarget = { kind: ListKind | "vehicle"; id: string } | { kind: "licence" };

/** The office approves or rejects (with a note) one credential of a PEVO, or their licence. */
export function useReviewCredential(pevoId: string) {
  const invalidate = useInvalidate({ kind: "office", pevoId });
  return useMutation({
    mutationFn: ({ target, review }: { target: ReviewTarget; review: TCredentialReviewInput }) =>
      target.kind === "licence"
        ? call(
            api.pevos[":id"].credentials.licence.review.$post({
              param: pathParams({ id: pevoId }),
              json: review,
            }),
          )
        : call(
            api.pevos[":id"].credentials[":kind"][":itemId"].review.$post({
              param: pathParams({ id: pevoId, kind: target.kind, itemId: target.id }),
              json: review,
            }),
          ),
    onSuccess: invalidate,
  });
}
