import { useQuery } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";

/** The credit note a link opens. A bad link is a 404 `{ error }`. */
export function usePublicCreditNote(token: string) {
  return useQuery({
    queryKey: ["public-credit-note", token],
    queryFn: () => call(client.api.public["credit-notes"][":token"].$get({ param: pathParams({ token }) })),
    retry: false,
  });
}

export const publicCreditNotePdfHref = (token: string) =>
  `/api/public/credit-notes/${encodeURIComponent(token)}/pdf`;
