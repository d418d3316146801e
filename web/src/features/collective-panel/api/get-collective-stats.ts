// GET /api/collectives/{id}/stats: the whole overview (tiles, per-athlete figures, monthly series,
// unattributed sales) in one request.
import useSWR from 'swr';
import type { CollectiveStatsResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';

export const collectiveStatsKey = (collectiveId: number) => `/collectives/${collectiveId}/stats`;

export function useCollectiveStats(collectiveId: number, refreshInterval = 0) {
  return useSWR<CollectiveStatsResponse>(collectiveStatsKey(collectiveId), (path: string) => apiFetch<CollectiveStatsResponse>(path), { refreshInterval });
}
