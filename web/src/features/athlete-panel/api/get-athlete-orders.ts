// GET /api/athletes/{id}/orders?limit=&cursor=: an athlete's sale lines, newest first.
// `useRecentOrders` reads one short page; `useAllOrders` pages through all of them by cursor.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { AthleteOrdersResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';

export const ordersKey = (athleteId: number, limit: number, cursor?: string | null) =>
  `/athletes/${athleteId}/orders?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

export const getAthleteOrders = (path: string) => apiFetch<AthleteOrdersResponse>(path);

export function useRecentOrders(athleteId: number | null, limit: number, refreshInterval = 0) {
  return useSWR<AthleteOrdersResponse>(athleteId === null ? null : ordersKey(athleteId, limit), getAthleteOrders, { refreshInterval });
}

export const ALL_ORDERS_PAGE = 20;

export function useAllOrders(athleteId: number | null, enabled: boolean) {
  return useSWRInfinite<AthleteOrdersResponse>(
    (index, previous: AthleteOrdersResponse | null) => {
      if (!enabled || athleteId === null) return null;
      if (index === 0) return ordersKey(athleteId, ALL_ORDERS_PAGE);
      return previous?.nextCursor ? ordersKey(athleteId, ALL_ORDERS_PAGE, previous.nextCursor) : null;
    },
    getAthleteOrders,
    { revalidateFirstPage: false },
  );
}
