// GET /api/athletes/{id}: the public profile of a member with its public cards and their sale state.
import useSWR from 'swr';
import type { AthleteProfileResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';

export const athleteProfileKey = (athleteId: number) => `/athletes/${athleteId}`;

export function useAthleteProfile(athleteId: number | null) {
  return useSWR<AthleteProfileResponse>(athleteId === null ? null : athleteProfileKey(athleteId), (path: string) => apiFetch<AthleteProfileResponse>(path));
}
