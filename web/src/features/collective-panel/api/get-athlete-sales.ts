// The collective athlete view's reads: GET /api/athletes/{id}/stats and the 10 newest orders.
import useSWR from 'swr';
import type { AthleteOrdersResponse, AthleteStatsResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';

export function useMemberStats(athleteId: number | null) {
  return useSWR<AthleteStatsResponse>(athleteId === null ? null : `/athletes/${athleteId}/stats`, (path: string) => apiFetch<AthleteStatsResponse>(path));
}

export function useMemberOrders(athleteId: number | null, limit: number) {
  return useSWR<AthleteOrdersResponse>(athleteId === null ? null : `/athletes/${athleteId}/orders?limit=${limit}`, (path: string) =>
    apiFetch<AthleteOrdersResponse>(path),
  );
}
