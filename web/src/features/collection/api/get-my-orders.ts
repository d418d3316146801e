// GET /api/me/orders?limit=&cursor=: the signed-in buyer's storefront orders, newest first, paginated.
import useSWRInfinite from 'swr/infinite';
import type { MeOrdersResponse } from '@shared/api';
import { apiFetch } from '@/lib/api-client';

export const MY_ORDERS_PAGE_SIZE = 50;

export function myOrdersKey(pageIndex: number, previous: MeOrdersResponse | null): string | null {
  if (previous && !previous.nextCursor) return null;
  const cursor = previous?.nextCursor ? `&cursor=${encodeURIComponent(previous.nextCursor)}` : '';
  return pageIndex === 0 ? `/me/orders?limit=${MY_ORDERS_PAGE_SIZE}` : `/me/orders?limit=${MY_ORDERS_PAGE_SIZE}${cursor}`;
}

export const getMyOrders = (path: string) => apiFetch<MeOrdersResponse>(path);

export function useMyOrders(refreshInterval = 0) {
  return useSWRInfinite<MeOrdersResponse>(myOrdersKey, getMyOrders, { revalidateFirstPage: true, refreshInterval, revalidateOnFocus: false });
}
