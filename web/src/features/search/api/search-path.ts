// The search API's path (the cache key of its answers), on its own: the route table imports it
// (the server renders a search link with its results) without the data layer.
export const SEARCH_PAGE_SIZE = 24;

export type SearchList = 'athletes' | 'schools';

export function searchPath(query: string, list: SearchList | null = null, cursor: string | null = null): string {
  const params = new URLSearchParams({ query: query.trim() });
  if (list) params.set('type', list);
  params.set('limit', String(SEARCH_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/search?${params.toString()}`;
}
