// GET /api/athletes/{id}/daily?days=7|30 (demo twin for visitors): the athlete's counted sales per
// UTC day (the Home chart's 7- and 30-day ranges). A null `days` reads nothing (a monthly range).
import useSWR from 'swr';
import type { AthleteDailyResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';
import { ownerPath } from '@/features/athlete-panel/api/owner-path';

export function useAthleteDaily(athleteId: number, own: boolean, days: 7 | 30 | null) {
  return useSWR<AthleteDailyResponse>(days === null ? null : ownerPath(own, `/athletes/${athleteId}/daily?days=${days}`), (path: string) =>
    apiFetch<AthleteDailyResponse>(path),
  );
}
