import type { TDispatchResponsePage } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";

const respond = client.api.public["dispatch-response"];
/** Not under any signed-in resource: the public page's only query. */
const responseKey = (token: string) => ["public-dispatch-response", token] as const;

/** The job an Accept / Decline link opens. A bad link is a 404 `{ error }`. */
export function useResponsePage(token: string) {
  return useQuery({
    queryKey: responseKey(token),
    queryFn: () => call(respond[":token"].$get({ param: pathParams({ token }) })),
    retry: false,
  });
}

export function useAcceptByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(respond[":token"].accept.$post({ param: pathParams({ token }) })),
    onSuccess: (page: TDispatchResponsePage) => queryClient.setQueryData(responseKey(token), page),
  });
}

/** Declines; the link is used up, so the page shows the answer without refetching. */
export function useDeclineByLink(token: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      call(respond[":token"].decline.$post({ param: pathParams({ token }), json: { reason } })),
  });
}
