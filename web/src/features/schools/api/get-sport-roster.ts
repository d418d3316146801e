// GET /api/schools/{id}/sports/{sport}/athletes?position=&query=&limit=&cursor=: one sport's roster a
// page at a time (jersey-then-name order), filtered on the server by position and name or jersey.
import useSWRInfinite from 'swr/infinite';
import type { SportRosterResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';

export const ROSTER_PAGE_SIZE = 24;

export interface RosterFilter {
  position: string | null;
  query: string;
}

export function sportRosterPath(schoolId: number, sport: string, filter: RosterFilter, cursor: string | null = null): string {
  const params = new URLSearchParams();
  if (filter.position) params.set('position', filter.position);
  if (filter.query.trim()) params.set('query', filter.query.trim());
  params.set('limit', String(ROSTER_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/schools/${schoolId}/sports/${encodeURIComponent(sport)}/athletes?${params.toString()}`;
}

export const getSportRoster = (path: string) => apiFetch<SportRosterResponse>(path);

export function useSportRoster(schoolId: number | null, sport: string, filter: RosterFilter) {
  return useSWRInfinite<SportRosterResponse>(
    (index, previous: SportRosterResponse | null) => {
      if (schoolId === null || (previous && !previous.nextCursor)) return null;
      return sportRosterPath(schoolId, sport, filter, index === 0 ? null : (previous?.nextCursor ?? null));
    },
    getSportRoster,
    // Keep the rows on screen while a new filter's first page loads (no jump to a spinner per keystroke).
    { revalidateFirstPage: false, revalidateIfStale: false, keepPreviousData: true },
  );
}

export const ROSTER_ERROR = 'Failed to load the roster. Please try again later.';
