// GET /api/athletes/{id}/donations: totals, monthly donations, counts and donor comments.
import useSWR from 'swr';
import type { AthleteDonationsResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';

export const athleteDonationsKey = (athleteId: number | null) => (athleteId === null ? null : `/athletes/${athleteId}/donations`);

export function useAthleteDonations(athleteId: number | null) {
  return useSWR<AthleteDonationsResponse>(athleteDonationsKey(athleteId), (path: string) => apiFetch<AthleteDonationsResponse>(path));
}
