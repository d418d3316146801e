// GET /api/collectives/{id}/daily?days=7|30 (demo twin for visitors): the collective's sales, its
// athletes' 97% and its donations per UTC day (the Overview chart's 7- and 30-day ranges). A null
// `days` reads nothing (a monthly range is shown).
import useSWR from 'swr';
import type { CollectiveDailyResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';
import { useCollectiveBase } from '@/features/collective-panel/api/tenant-paths';

export function useCollectiveDaily(days: 7 | 30 | null) {
  const { base } = useCollectiveBase();
  return useSWR<CollectiveDailyResponse>(days === null ? null : `${base}/daily?days=${days}`, (path: string) => apiFetch<CollectiveDailyResponse>(path));
}
