// A fan's public collector profile (GET /api/collectors/{name}, a page of athletes at a time).
import useSWRInfinite from 'swr/infinite';
import type { CollectorProfileResponse } from '@shared/community/community-api';
import { apiFetch } from '@/lib/api-client';

export const collectorPath = (name: string, cursor: string | null) =>
  `/collectors/${encodeURIComponent(name)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

export function useCollector(name: string | undefined) {
  return useSWRInfinite<CollectorProfileResponse>(
    (_index, previous: CollectorProfileResponse | null) =>
      !name || (previous && !previous.nextCursor) ? null : collectorPath(name, previous?.nextCursor ?? null),
    (path: string) => apiFetch<CollectorProfileResponse>(path),
  );
}
