// GET /api/athletes/{id}/cards (demo: /api/demo/athletes/{id}/cards): every card of the athlete
// with its lifecycle state, image version and history: the Approvals tab's list.
import useSWR from 'swr';
import type { OwnerCardsResponse } from '@shared/cards/cards-api';
import { apiFetch } from '@/lib/api-client';
import { ownerPath } from '@/features/athlete-panel/api/owner-path';

export const ownerCardsKey = (athleteId: number | null, own: boolean) => (athleteId === null ? null : ownerPath(own, `/athletes/${athleteId}/cards`));

export function useOwnerCards(athleteId: number | null, own: boolean) {
  return useSWR<OwnerCardsResponse>(ownerCardsKey(athleteId, own), (path: string) => apiFetch<OwnerCardsResponse>(path));
}
