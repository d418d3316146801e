// GET /api/athletes/{id}: an athlete's profile, public cards with their sale state, and sets. Read
// by the athlete pages and the card page (two features), so the hook lives here; the route table
// preloads it on a deep link (app/routes.tsx).
import useSWR from 'swr';
import type { AthleteProfileResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';
import { withHandOff } from '@/lib/prime-handoff';

export const athleteProfileKey = (id: number | null) => (id === null ? null : `/athletes/${id}`);

// A deep link's first read of this path is handed over by the route's prime (lib/prime-handoff.ts).
export const getAthleteProfile = withHandOff((path: string) => apiFetch<AthleteProfileResponse>(path));

export function useAthleteProfile(id: number | null) {
  return useSWR<AthleteProfileResponse>(athleteProfileKey(id), getAthleteProfile, { revalidateIfStale: false });
}

export const ATHLETE_ERROR = 'Failed to load the athlete. Please try again later.';
