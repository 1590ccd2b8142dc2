import type { OffsetPage } from "@pevo/shared";
import { keepPreviousData, type QueryKey, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useIsMobile } from "@/components/ui/use-mobile";

export type PagedList<T> = {
  /** The rows on screen: one page on a desktop, every page loaded so far on a phone. */
  items: T[];
  total: number;
  /** More rows match than the API counts (total is then the cap: shown as "10,000+", "1,000+" for a search). */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  /** A newer page or filter is loading while the previous rows stay on screen. */
  isFetching: boolean;
  refetch: () => void;
  /** Phones: "Load more" appends the next page. */
  hasMore: boolean;
  loadMore: () => void;
  isLoadingMore: boolean;
};

/**
 * An offset-paged list (`{ items, total, page, pageSize }` from the API). On a desktop it reads
 * `page` and keeps the previous page on screen while the next loads; under 768 px it reads pages
 * one after another and shows them all ("Load more").
 *
 *   const list = usePagedQuery([...queryKeys.dispatches, "list", query], list.page,
 *     (page) => call(client.api.dispatches.$get({ query: { ...query, page: String(page) } })));
 */
export function usePagedQuery<T>(
  queryKey: QueryKey,
  page: number,
  fetchPage: (page: number) => Promise<OffsetPage<T>>,
): PagedList<T> {
  const isMobile = useIsMobile();
  const single = useQuery({
    queryKey: [...queryKey, "page", page],
    queryFn: () => fetchPage(page),
    placeholderData: keepPreviousData,
    enabled: !isMobile,
  });
  const pages = useInfiniteQuery({
    queryKey: [...queryKey, "pages"],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled: isMobile,
  });

  if (isMobile) {
    const loaded = pages.data?.pages ?? [];
    const last = loaded.at(-1);
    return {
      items: loaded.flatMap((p) => p.items),
      total: last?.total ?? 0,
      totalCapped: last?.totalCapped ?? false,
      page: last?.page ?? 1,
      pageSize: last?.pageSize ?? 0,
      isPending: pages.isPending,
      isError: pages.isError,
      error: pages.error,
      isFetching: pages.isFetching && !pages.isFetchingNextPage,
      refetch: () => void pages.refetch(),
      hasMore: pages.hasNextPage,
      loadMore: () => void pages.fetchNextPage(),
      isLoadingMore: pages.isFetchingNextPage,
    };
  }
  return {
    items: single.data?.items ?? [],
    total: single.data?.total ?? 0,
    totalCapped: single.data?.totalCapped ?? false,
    page: single.data?.page ?? page,
    pageSize: single.data?.pageSize ?? 0,
    isPending: single.isPending,
    isError: single.isError,
    error: single.error,
    isFetching: single.isFetching,
    refetch: () => void single.refetch(),
    hasMore: false,
    loadMore: () => {},
    isLoadingMore: false,
  };
}
