// GET /api/athletes/{id}: the athlete's public profile and its public cards, each with its sale
// state (sold, serials issued, sold out, locked with its unlock progress, retired). The panel's
// header and My Cards read it instead of the whole catalog.
import useSWR from 'swr';
import type { AthleteProfileResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';

export const athleteProfileKey = (athleteId: number | null) => (athleteId === null ? null : `/athletes/${athleteId}`);

export function useAthleteProfile(athleteId: number | null) {
  return useSWR<AthleteProfileResponse>(athleteProfileKey(athleteId), (path: string) => apiFetch<AthleteProfileResponse>(path));
}
