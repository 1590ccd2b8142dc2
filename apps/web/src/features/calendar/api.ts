import type { TCalendar } from "@pevo/shared";
import { useQuery } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type TCalendarData = TCalendar;

/**
 * What the calendar shows between two YYYY-MM-DD dates (at most 62 days): per day the first few
 * pickups and spans, and in `days` how many there are (the rest are behind "+N more").
 */
export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.calendar(from, to),
    queryFn: () => call(client.api.calendar.$get({ query: { from, to } })),
    placeholderData: (previous) => previous,
  });
}
