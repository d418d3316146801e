// The card lifecycle's writes on a member's cards (docs/ARCHITECTURE.md "Card lifecycle"):
// create or edit (the image uploaded first when one was chosen), delete a draft, submit for the
// athlete's approval, publish an approved card, retire a published one; create and close sets.
// Each refreshes the collective's reads (the member's cards among them) once the server has it.
import useSWRMutation from 'swr/mutation';
import type { CardSet } from '@shared/catalog/catalog-types';
import type { CardRequest, OwnerCard, PublishRequest } from '@shared/cards/cards-api';
import { apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';
import { uploadImage } from '@/lib/upload-image';

const cardsPath = (collectiveId: number, athleteId: number) => `/collectives/${collectiveId}/athletes/${athleteId}/cards`;

export interface SaveCardArg {
  cardId: number | null;
  card: CardRequest;
  /** A new image to upload first; null keeps `card.image`. */
  file: File | null;
}

export function useSaveCard(collectiveId: number, athleteId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `${cardsPath(collectiveId, athleteId)}:save`,
    async (_key: string, { arg }: { arg: SaveCardArg }) => {
      const image = arg.file ? await uploadImage(arg.file) : arg.card.image;
      const body = { ...arg.card, image };
      const saved =
        arg.cardId === null
          ? await apiSend<OwnerCard>(cardsPath(collectiveId, athleteId), 'POST', body)
          : await apiSend<OwnerCard>(`${cardsPath(collectiveId, athleteId)}/${arg.cardId}`, 'PUT', body);
      await refresh();
      return saved;
    },
    { revalidate: false },
  );
}

export type CardAction = { kind: 'delete' } | { kind: 'submit' } | { kind: 'publish'; request: PublishRequest } | { kind: 'retire' };

export function useCardAction(collectiveId: number, athleteId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `${cardsPath(collectiveId, athleteId)}:action`,
    async (_key: string, { arg }: { arg: { cardId: number; action: CardAction } }) => {
      const path = `${cardsPath(collectiveId, athleteId)}/${arg.cardId}`;
      const { action } = arg;
      const result =
        action.kind === 'delete'
          ? await apiSend<null>(path, 'DELETE')
          : await apiSend<OwnerCard>(`${path}/${action.kind}`, 'POST', action.kind === 'publish' ? action.request : undefined);
      await refresh();
      return result;
    },
    { revalidate: false },
  );
}

export function useSetWrites(collectiveId: number, athleteId: number) {
  const refresh = useRefreshCollective(collectiveId);
  const setsPath = `/collectives/${collectiveId}/athletes/${athleteId}/sets`;
  return useSWRMutation(
    `${setsPath}:write`,
    async (_key: string, { arg }: { arg: { create: string } | { close: number } }) => {
      const set =
        'create' in arg ? await apiSend<CardSet>(setsPath, 'POST', { name: arg.create }) : await apiSend<CardSet>(`${setsPath}/${arg.close}/close`, 'POST');
      await refresh();
      return set;
    },
    { revalidate: false },
  );
}
