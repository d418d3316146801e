// POST /api/athletes/{id}/cards/{cardId}/approve (the image version the athlete saw) and
// .../reject (a required reason). The decided card replaces its old version in the cached list,
// then the list and the public profile are read again.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import { apiSend } from '@/lib/api-client';
import { athleteProfileKey } from '@/features/athlete-panel/api/get-athlete-profile';
import { ownerCardsKey } from '@/features/athlete-panel/api/get-owner-cards';

export type Decision = { cardId: number; action: 'approve'; imageHash: string } | { cardId: number; action: 'reject'; reason: string };

export const decideCard = (athleteId: number, decision: Decision) =>
  apiSend<OwnerCard>(
    `/athletes/${athleteId}/cards/${decision.cardId}/${decision.action}`,
    'POST',
    decision.action === 'approve' ? { imageHash: decision.imageHash } : { reason: decision.reason },
  );

export function useDecideCard(athleteId: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(ownerCardsKey(athleteId, true), (_key: string, { arg }: { arg: Decision }) => decideCard(athleteId, arg), {
    populateCache: (card: OwnerCard, current?: OwnerCardsResponse) =>
      current ? { ...current, cards: current.cards.map((c) => (c.id === card.id ? card : c)) } : (current as unknown as OwnerCardsResponse),
    revalidate: true,
    onSuccess: () => void mutate(athleteProfileKey(athleteId)),
  });
}
