import { useQuery } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const earnings = client.api.portal.earnings;
/** Under the portal key (every portal screen refetches together); kept here, off the first load. */
const earningsKey = [...queryKeys.portal, "earnings"] as const;

/** The PEVO's own statements of approved and paid settlements and this year's paid total. */
export function usePortalEarnings() {
  return useQuery({
    queryKey: earningsKey,
    queryFn: () => call(earnings.$get({ query: {} })),
  });
}

/** The PEVO's own statement PDF (GET /api/portal/earnings/:id/pdf, a download). */
export const statementPdfHref = (id: string) => earnings[":id"].pdf.$path({ param: pathParams({ id }) });
