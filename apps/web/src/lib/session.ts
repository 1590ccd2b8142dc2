import type { TMe } from "@pevo/shared";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";
import { call, client } from "@/lib/api-client";
import { earlyOr, earlyReads } from "@/lib/early-reads";
import { queryKeys } from "@/lib/query-keys";

/** The signed-in user with their profile, or null when signed out. */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async () => {
    try {
      return await call(earlyOr(earlyReads.me, () => client.api.me.$get()));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** Where a user lands after sign-in: PEVOs always /pevo; admins their prior page or /dashboard. */
export function homeFor(me: TMe, from?: string | null) {
  if (me.user.role === "pevo") return "/pevo";
  if (from?.startsWith("/") && !from.startsWith("/pevo") && !from.startsWith("/auth")) return from;
  return "/dashboard";
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    // Better Auth's own endpoint (/api/auth/*): not in AppType, so it stays on api().
    await api("/api/auth/sign-out", { method: "POST", body: {} });
    queryClient.setQueryData(queryKeys.me, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    // The service worker's copies of the PEVO's jobs (ADR 0014) go too: the next user of this phone
    // must not read them.
    if ("caches" in window) await caches.delete("pevo-api");
  };
}
