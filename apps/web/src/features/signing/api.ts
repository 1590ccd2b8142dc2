import type {
  TDeclineRateConfirmation,
  TSignedPage,
  TSigningPage,
  TSignRateConfirmation,
} from "@pevo/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { earlyOr, earlyReads } from "@/lib/early-reads";
import { FIRST_SCREEN_FRESH_MS } from "@/lib/first-screen";

const sign = client.api.public.sign;
/** Not under any signed-in resource: the public page's only query. */
const signingKey = (token: string) => ["public-sign", token] as const;

/**
 * What the page shows. `mailSent` is known only right after signing in this tab (the Sign answer
 * replaces the page): whether the signed copy was emailed.
 */
export type SigningPageData = TSigningPage & Partial<Pick<TSignedPage, "mailSent">>;

/** The document a signing link opens (the first opening marks it viewed). A bad link is a 404 `{ error }`. */
export const signingPageQuery = (token: string) =>
  queryOptions<SigningPageData>({
    queryKey: signingKey(token),
    // On a full page load public/boot.js has already asked.
    queryFn: () =>
      call(
        earlyOr(earlyReads.signingPage(token), () => sign[":token"].$get({ param: pathParams({ token }) })),
      ),
    retry: false,
    // Read by the route's loader just before the page mounts (lib/first-screen.ts).
    staleTime: FIRST_SCREEN_FRESH_MS,
  });

export function useSigningPage(token: string) {
  return useQuery(signingPageQuery(token));
}

export function useSign(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TSignRateConfirmation) =>
      call(sign[":token"].sign.$post({ param: pathParams({ token }), json: data })),
    onSuccess: (page: TSignedPage) => queryClient.setQueryData<SigningPageData>(signingKey(token), page),
  });
}

export function useDecline(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TDeclineRateConfirmation) =>
      call(sign[":token"].decline.$post({ param: pathParams({ token }), json: data })),
    onSuccess: (page: TSigningPage) => queryClient.setQueryData(signingKey(token), page),
  });
}
