// GET /api/me/collection?cursor=: the buyer's cards grouped by athlete and set (12 athletes a page),
// with progress, serials, missing cards and the Top Fan flag. Signed out, lib/api-client.ts sends it
// to the demo buyer's twin (/api/demo/me/collection).
import useSWRInfinite from 'swr/infinite';
import type { MeCollectionResponse } from '@shared/sales/collection-api';
import { apiFetch } from '@/lib/api-client';

export function myCollectionKey(pageIndex: number, previous: MeCollectionResponse | null): string | null {
  if (pageIndex === 0) return '/me/collection';
  if (!previous?.nextCursor) return null;
  return `/me/collection?cursor=${encodeURIComponent(previous.nextCursor)}`;
}

export const getMyCollection = (path: string) => apiFetch<MeCollectionResponse>(path);

export function useMyCollection(refreshInterval = 0) {
  return useSWRInfinite<MeCollectionResponse>(myCollectionKey, getMyCollection, { revalidateFirstPage: true, refreshInterval, revalidateOnFocus: false });
}
