// The card lifecycle's writes on a member's cards (docs/ARCHITECTURE.md "Card lifecycle"):
// create or edit (the image uploaded first when one was chosen), delete a draft, submit for the
// athlete's approval, publish an approved card, retire a published one; create and close sets.
// Each refreshes the collective's reads (the member's cards among them) once the server has it.
import type { CardSet } from '@shared/catalog/catalog-types';
import type { CardRequest, OwnerCard, PublishRequest } from '@shared/cards/cards-api';
import { apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';
import { uploadImage } from '@/lib/upload-image';

const cardsPath = (collectiveId: number, athleteId: number) => `/collectives/${collectiveId}/athletes/${athleteId}/cards`;

export interface SaveCardArg {
  cardId: number | null;
  card: CardRequest;
  /** A new image to upload first; null keeps `card.image`. */
  file: File | null;
}

export const useSaveCard = (collectiveId: number, athleteId: number) =>
  useCollectiveWrite(collectiveId, `${cardsPath(collectiveId, athleteId)}:save`, async (arg: SaveCardArg) => {
    const image = arg.file ? await uploadImage(arg.file) : arg.card.image;
    const body = { ...arg.card, image };
    return arg.cardId === null
      ? apiSend<OwnerCard>(cardsPath(collectiveId, athleteId), 'POST', body)
      : apiSend<OwnerCard>(`${cardsPath(collectiveId, athleteId)}/${arg.cardId}`, 'PUT', body);
  });

export type CardAction = { kind: 'delete' } | { kind: 'submit' } | { kind: 'publish'; request: PublishRequest } | { kind: 'retire' };

export const useCardAction = (collectiveId: number, athleteId: number) =>
  useCollectiveWrite(collectiveId, `${cardsPath(collectiveId, athleteId)}:action`, ({ cardId, action }: { cardId: number; action: CardAction }) => {
    const path = `${cardsPath(collectiveId, athleteId)}/${cardId}`;
    return action.kind === 'delete'
      ? apiSend<null>(path, 'DELETE')
      : apiSend<OwnerCard>(`${path}/${action.kind}`, 'POST', action.kind === 'publish' ? action.request : undefined);
  });

export function useSetWrites(collectiveId: number, athleteId: number) {
  const setsPath = `/collectives/${collectiveId}/athletes/${athleteId}/sets`;
  return useCollectiveWrite(collectiveId, `${setsPath}:write`, (arg: { create: string } | { close: number }) =>
    'create' in arg ? apiSend<CardSet>(setsPath, 'POST', { name: arg.create }) : apiSend<CardSet>(`${setsPath}/${arg.close}/close`, 'POST'),
  );
}

/** A lifecycle move on any member's card (the Cards board shows several athletes' cards). */
export const useCardMove = (collectiveId: number) =>
  useCollectiveWrite(
    collectiveId,
    `/collectives/${collectiveId}/cards:move`,
    ({ athleteId, cardId, action }: { athleteId: number; cardId: number; action: CardAction }) => {
      const path = `${cardsPath(collectiveId, athleteId)}/${cardId}`;
      return action.kind === 'delete'
        ? apiSend<null>(path, 'DELETE')
        : apiSend<OwnerCard>(`${path}/${action.kind}`, 'POST', action.kind === 'publish' ? action.request : undefined);
    },
  );
