// GET /api/search?query=&type=all|athletes|schools&limit=&cursor=: athletes and schools matching a
// query, a page per list. The first page of both lists is one request (type=all); each list then
// loads more on its own (type=athletes or type=schools with that list's cursor).
import useSWR from 'swr';
import type { SearchResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';
import { searchPath } from '@/features/search/api/search-path';

export { SEARCH_PAGE_SIZE, searchPath, type SearchList } from '@/features/search/api/search-path';

export const getSearch = (path: string) => apiFetch<SearchResponse>(path);

/** The first page of both lists. */
export function useSearch(query: string) {
  // Keep the last results on screen while the next query's arrive (typing refines them).
  return useSWR<SearchResponse>(searchPath(query), getSearch, { revalidateIfStale: false, keepPreviousData: true });
}

export const SEARCH_ERROR = 'Failed to search. Please try again later.';
export const MORE_ERROR = 'Failed to load more results. Please try again.';
