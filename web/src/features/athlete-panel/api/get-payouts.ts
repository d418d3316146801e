// GET /api/athletes/{id}/payouts (demo twin under /demo): the balance (negative when reversals
// exceed what is left to pay: carried forward), the year's status, payouts received and the next one.
import useSWR from 'swr';
import type { AthletePayoutsResponse } from '@shared/money/payouts-api';
import { apiFetch } from '@/lib/api-client';
import { ownerPath } from '@/features/athlete-panel/api/owner-path';

export const payoutsKey = (athleteId: number | null, own: boolean) => (athleteId === null ? null : ownerPath(own, `/athletes/${athleteId}/payouts`));

export function usePayouts(athleteId: number | null, own: boolean) {
  return useSWR<AthletePayoutsResponse>(payoutsKey(athleteId, own), (path: string) => apiFetch<AthletePayoutsResponse>(path));
}
