import { useQuery } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type TCalendarData = {
  dispatches: {
    id: string;
    date: string;
    time: string;
    status: string;
    driverName: string;
    jobNumber: string | null;
    pevoName: string | null;
  }[];
  rateConfirmations: { id: string; jobNumber: string; startDate: string; endDate: string }[];
  certificationExpiries: { id: string; date: string | null; pevoName: string }[];
};

/** Everything the calendar shows between two YYYY-MM-DD dates (at most 62 days). */
export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.calendar(from, to),
    queryFn: () => call(client.api.calendar.$get({ query: { from, to } })),
    placeholderData: (previous) => previous,
  });
}
