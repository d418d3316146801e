// GET /api/athletes/{id}/stats: totals, per-card counts, monthly series, Top Fans (refreshed live).
import useSWR from 'swr';
import type { AthleteStatsResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';

export const athleteStatsKey = (athleteId: number | null) => (athleteId === null ? null : `/athletes/${athleteId}/stats`);

export const getAthleteStats = (path: string) => apiFetch<AthleteStatsResponse>(path);

export function useAthleteStats(athleteId: number | null, refreshInterval = 0) {
  return useSWR<AthleteStatsResponse>(athleteStatsKey(athleteId), getAthleteStats, { refreshInterval });
}
