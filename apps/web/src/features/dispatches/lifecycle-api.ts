import { useQuery } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * The dispatch's timeline (GET /api/dispatches/:id/timeline). Under the dispatch's key, so the live
 * event of every answer and step refetches it (lib/live-events.ts).
 */
export function useDispatchTimeline(id: string) {
  return useQuery({
    queryKey: [...queryKeys.dispatch(id), "timeline"],
    queryFn: () => call(client.api.dispatches[":id"].timeline.$get({ param: pathParams({ id }) })),
  });
}
