// GET /api/collectives/{id}/members?limit=&cursor=&query=&sport= (demo twin for visitors): the
// members a page at a time, filtered by the server (name, sport or position; sport). Pages move
// by cursor: `usePagedMembers` keeps the cursors of the pages before the current one for Previous.
import { useState } from 'react';
import useSWR from 'swr';
import type { CollectiveMembersResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';
import { useCollectiveBase } from '@/features/collective-panel/api/tenant-paths';

export const MEMBERS_PAGE = 50;

export function membersKey(
  base: string,
  { limit = MEMBERS_PAGE, cursor, query, sport }: { limit?: number; cursor?: string | null; query?: string; sport?: string },
) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (query?.trim()) params.set('query', query.trim());
  if (sport) params.set('sport', sport);
  if (cursor) params.set('cursor', cursor);
  return `${base}/members?${params.toString()}`;
}

export function useMembers(options: { limit?: number; cursor?: string | null; query?: string; sport?: string } = {}) {
  const { base } = useCollectiveBase();
  return useSWR<CollectiveMembersResponse>(membersKey(base, options), (path: string) => apiFetch<CollectiveMembersResponse>(path), { keepPreviousData: true });
}

/** One page of members with Previous/Next; a new filter starts again at the first page. */
export function usePagedMembers(filters: { query?: string; sport?: string }, limit = MEMBERS_PAGE) {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [filterKey, setFilterKey] = useState(`${filters.query ?? ''}|${filters.sport ?? ''}`);
  const nextFilterKey = `${filters.query ?? ''}|${filters.sport ?? ''}`;
  if (nextFilterKey !== filterKey) {
    setFilterKey(nextFilterKey);
    setCursors([null]);
  }
  const cursor = cursors[cursors.length - 1];
  const page = useMembers({ ...filters, limit, cursor });
  return {
    ...page,
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: Boolean(page.data?.nextCursor),
    next: () => page.data?.nextCursor && setCursors((c) => [...c, page.data!.nextCursor]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
  };
}
