import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { PORTAL_PAGE_SIZE, useCursorList } from "./api";

const earnings = client.api.portal.earnings;
/** Under the portal key (every portal screen refetches together); kept here, off the first load. */
const earningsKey = [...queryKeys.portal, "earnings"] as const;

/**
 * The PEVO's own statements of approved and paid settlements, newest period first, a page at a time
 * ("Load more"), and this year's paid total (on the first page).
 */
export function usePortalEarnings() {
  const query = { limit: PORTAL_PAGE_SIZE };
  return useCursorList([...earningsKey, "list", query], (cursor) =>
    call(earnings.$get({ query: { ...query, cursor } })),
  );
}

/** The PEVO's own statement PDF (GET /api/portal/earnings/:id/pdf, a download). */
export const statementPdfHref = (id: string) => earnings[":id"].pdf.$path({ param: pathParams({ id }) });
