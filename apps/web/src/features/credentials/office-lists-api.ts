import { useQuery } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client";
import { earlyOr, earlyReads } from "@/lib/early-reads";
import { queryKeys } from "@/lib/query-keys";

// The office's company-wide lists (the dashboard's cards, the PEVO list's hints), apart from one
// PEVO's credentials and their changes (api.ts): the dashboard loads none of the editing code
// (docs/performance.md).

const api = client.api;

/** The company's credentials expired or expiring within 30 days (the office). */
export function useExpiringCredentials() {
  return useQuery({
    queryKey: queryKeys.expiringCredentials,
    // On a full page load of /dashboard public/boot.js has already asked.
    queryFn: () =>
      call(earlyOr(earlyReads.expiringCredentials, () => api.credentials.expiring.$get({ query: {} }))),
  });
}

/** The PEVOs' credential changes waiting for the office's review, oldest first (the office). */
export function useCredentialsToReview() {
  return useQuery({
    queryKey: queryKeys.credentialsToReview,
    // On a full page load of /dashboard public/boot.js has already asked.
    queryFn: () => call(earlyOr(earlyReads.credentialsToReview, () => api.credentials["to-review"].$get())),
  });
}
