// GET /api/collectives/{id}/athletes/{athleteId}/cards (demo twin for visitors): a member's cards
// in every state, with their history and sale state, its sets, and how publishing works here.
import useSWR from 'swr';
import type { OwnerCardsResponse } from '@shared/cards/cards-api';
import { apiFetch } from '@/lib/api-client';
import { useCollectiveBase } from '@/features/collective-panel/api/tenant-paths';

export const athleteCardsKey = (base: string, athleteId: number) => `${base}/athletes/${athleteId}/cards`;

export function useAthleteCards(athleteId: number | null) {
  const { base } = useCollectiveBase();
  return useSWR<OwnerCardsResponse>(athleteId === null ? null : athleteCardsKey(base, athleteId), (path: string) => apiFetch<OwnerCardsResponse>(path));
}
