import { useQuery } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";

/** The invoice a link opens (the first opening marks it viewed). A bad link is a 404 `{ error }`. */
export function usePublicInvoice(token: string) {
  return useQuery({
    queryKey: ["public-invoice", token],
    queryFn: () => call(client.api.public.invoices[":token"].$get({ param: pathParams({ token }) })),
    retry: false,
  });
}

export const publicInvoicePdfHref = (token: string) =>
  `/api/public/invoices/${encodeURIComponent(token)}/pdf`;
