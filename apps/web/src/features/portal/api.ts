import type { CursorPage, DispatchStatus, PositionType, TLoadDetails, TPevoProfileInput } from "@pevo/shared";
import {
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { shiftIsoDay, todayIso } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";

/** One of the PEVO's own dispatches (GET /api/portal/dispatches, dashboard upcoming jobs). */
export type TPortalDispatch = {
  id: string;
  pickupDate: string;
  pickupTime: string;
  status: DispatchStatus;
  driverName: string;
  jobNumber: string | null;
  originAddress: string | null;
  destinationAddress: string | null;
  /** The position the dispatch fills ('Lead Car'); null when it names none. */
  position: string | null;
};

/** What a PEVO needs on the road (GET /api/portal/dispatches/:id). */
export type TPortalDispatchDetail = TPortalDispatch & {
  driverPhone: string;
  driverCompany: string | null;
  notes: string | null;
  description: string | null;
  clientName: string | null;
  /** The PEVO's own position types on the job (a High Pole Car needs the load's height). */
  positionTypes: PositionType[];
  /** The job's load details; null when the dispatch has no rate confirmation. */
  loadDetails: TLoadDetails | null;
};

/**
 * A keyset list read front to back: the first page, then "Load more" appends the next (the rows
 * already on screen stay while a new filter loads).
 */
export function useCursorList<P extends CursorPage<unknown>>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined) => Promise<P>,
) {
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  return {
    /** Every row loaded so far; undefined before the first page. */
    items: pages.data?.pages.flatMap((p) => p.items) as P["items"] | undefined,
    /** The first page as answered (a list's figures besides its rows); undefined before it loads. */
    firstPage: pages.data?.pages[0],
    isError: pages.isError,
    error: pages.error,
    /** A new filter is loading while the previous rows stay on screen. */
    isFetching: pages.isFetching && !pages.isFetchingNextPage,
    /** The rows on screen are of a previous filter. */
    isPlaceholderData: pages.isPlaceholderData,
    refetch: () => pages.refetch(),
    hasMore: pages.hasNextPage,
    loadMore: () => void pages.fetchNextPage(),
    isLoadingMore: pages.isFetchingNextPage,
    /** Loading the next page failed (the rows loaded so far stay). */
    loadMoreFailed: pages.isFetchNextPageError,
  };
}

export type CursorList<T> = ReturnType<typeof useCursorList<CursorPage<T>>>;

export const PORTAL_PAGE_SIZE = "20";

/** The API's filters of My Dispatches (the URL's `tab` is the API's `when`). */
export type PortalDispatchFilters = {
  when: "upcoming" | "past";
  pickupFrom?: string;
  pickupTo?: string;
};

/** My Dispatches: upcoming soonest first or past latest first, a page at a time. */
export function usePortalDispatches(filters: PortalDispatchFilters) {
  const query = { ...filters, today: todayIso(), limit: PORTAL_PAGE_SIZE };
  return useCursorList([...queryKeys.portalDispatches, "list", query], (cursor) =>
    call(client.api.portal.dispatches.$get({ query: { ...query, cursor } })),
  );
}

/**
 * The dispatches a trip on `day` may name (the trip form's picker): the PEVO's dispatches with a
 * pickup within 30 days of it, latest first (at most 100).
 */
export function usePortalDispatchOptions(day: string) {
  const query = { pickupFrom: shiftIsoDay(day, -30), pickupTo: shiftIsoDay(day, 30), limit: "100" };
  return useQuery({
    queryKey: [...queryKeys.portalDispatches, "options", query],
    queryFn: () => call(client.api.portal.dispatches.$get({ query })),
    placeholderData: keepPreviousData,
  });
}

export function usePortalDispatch(id: string) {
  return useQuery({
    queryKey: queryKeys.portalDispatch(id),
    queryFn: () => call(client.api.portal.dispatches[":id"].$get({ param: pathParams({ id }) })),
  });
}

export function usePortalProfile() {
  return useQuery({
    queryKey: queryKeys.portalProfile,
    queryFn: () => call(client.api.portal.profile.$get()),
  });
}

/** Saves My Profile; the name also shows in the sidebar and on Settings, so those refresh too. */
export function useSavePortalProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TPevoProfileInput) => call(client.api.portal.profile.$put({ json: data })),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.portalProfile, profile);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.mySettings }),
        // The licence's review state shows in the credentials card.
        queryClient.invalidateQueries({ queryKey: queryKeys.portalCredentials }),
      ]);
    },
  });
}

/** The PEVO's own trip log, newest trip first, a page at a time; optionally within dates. */
export function useTripLogs(filters: { tripFrom?: string; tripTo?: string }) {
  const query = { ...filters, limit: PORTAL_PAGE_SIZE };
  return useCursorList([...queryKeys.portalTripLogs, "list", query], (cursor) =>
    call(client.api.portal["trip-logs"].$get({ query: { ...query, cursor } })),
  );
}
