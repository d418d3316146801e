// GET /api/search?query=&type=all|athletes|schools&limit=&cursor=: athletes and schools matching a
// query, a page per list. The first page of both lists is one request (type=all); each list then
// loads more on its own (type=athletes or type=schools with that list's cursor).
import useSWR from 'swr';
import type { SearchResponse } from '@shared/api';
import { apiFetch } from '@/lib/api-client';

export const SEARCH_PAGE_SIZE = 24;

export type SearchList = 'athletes' | 'schools';

export function searchPath(query: string, list: SearchList | null = null, cursor: string | null = null): string {
  const params = new URLSearchParams({ query: query.trim() });
  if (list) params.set('type', list);
  params.set('limit', String(SEARCH_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/search?${params.toString()}`;
}

export const getSearch = (path: string) => apiFetch<SearchResponse>(path);

/** The first page of both lists. */
export function useSearch(query: string) {
  // Keep the last results on screen while the next query's arrive (typing refines them).
  return useSWR<SearchResponse>(searchPath(query), getSearch, { revalidateIfStale: false, keepPreviousData: true });
}

export const SEARCH_ERROR = 'Failed to search. Please try again later.';
export const MORE_ERROR = 'Failed to load more results. Please try again.';
