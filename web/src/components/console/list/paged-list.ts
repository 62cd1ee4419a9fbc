import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { LIST_PAGE_MAX, type ListPageRequest } from '../../../../../shared/api/list-page.ts';

/**
 * A console list read a page at a time through its route (shared/api/list-page.ts): TanStack Query's
 * infinite query, each page asked with the cursor the previous one answered. The rows of the pages
 * read so far are shown together; `loadMore` reads the next page (the table asks when its last rows
 * come into view, or the operator presses Load more).
 */
export interface PagedListSource<Answer extends { cursor: string | null }, Row> {
  queryKey: QueryKey;
  /** One page of the list's route. */
  fetchPage: (page: ListPageRequest) => Promise<Answer>;
  rowsOf: (answer: Answer) => readonly Row[];
  /** False while the list has nothing to ask (a search without a filter). */
  enabled?: boolean;
}

/** The list's infinite query (also for a route's loader: `ensureInfiniteQueryData`). */
export function pagedListOptions<Answer extends { cursor: string | null }, Row>(
  source: PagedListSource<Answer, Row>,
) {
  return infiniteQueryOptions({
    queryKey: source.queryKey,
    queryFn: ({ pageParam }) => source.fetchPage(pageParam ? { cursor: pageParam } : {}),
    initialPageParam: '',
    getNextPageParam: (last: Answer) => last.cursor ?? undefined,
    enabled: source.enabled ?? true,
    // A new filter keeps the rows of the last one on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}

export function usePagedList<Answer extends { cursor: string | null }, Row>(
  source: PagedListSource<Answer, Row>,
) {
  const { fetchPage, rowsOf } = source;
  const query = useInfiniteQuery(pagedListOptions(source));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => rowsOf(page)) ?? [], [query.data, rowsOf]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    rows,
    /** The first page the list answered (what it says about the whole search, e.g. `partial`). */
    firstPage: query.data?.pages[0],
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loading: query.isFetching && !isFetchingNextPage,
    error: query.error,
    loadMore,
    /** Every row of the list, read again page after page in the largest pages (the CSV export). */
    readAll: () => readAllPages(fetchPage, rowsOf),
  };
}

export type PagedList<Row> = ReturnType<typeof usePagedList<{ cursor: string | null }, Row>>;

export async function readAllPages<Answer extends { cursor: string | null }, Row>(
  fetchPage: (page: ListPageRequest) => Promise<Answer>,
  rowsOf: (answer: Answer) => readonly Row[],
): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const answer: Answer = await fetchPage({ limit: LIST_PAGE_MAX, ...(cursor ? { cursor } : {}) });
    rows.push(...rowsOf(answer));
    cursor = answer.cursor;
  } while (cursor);
  return rows;
}
