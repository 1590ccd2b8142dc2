import { useInfiniteQuery } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const PAGE_SIZE = "25";

/** The company's activity log, newest first, read front to back ("Load more" reads the next page). */
export function useActivityLog() {
  return useInfiniteQuery({
    queryKey: [...queryKeys.activity, "log"],
    queryFn: ({ pageParam }) =>
      call(
        client.api.activity.$get({
          query: pageParam ? { cursor: pageParam, limit: PAGE_SIZE } : { limit: PAGE_SIZE },
        }),
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
