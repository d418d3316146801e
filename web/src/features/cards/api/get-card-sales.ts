// GET /api/athletes/{id}/cards/{cardId}/sales: a card's latest sales (time, serials, the owner's
// pseudonym), read after the page paints (not part of the rendered page).
import useSWR from 'swr';
import type { CardSalesResponse } from '@shared/sales/card-page-api';
import { apiFetch } from '@/lib/api-client';

export const cardSalesKey = (athleteId: number, cardId: number) => `/athletes/${athleteId}/cards/${cardId}/sales`;

export function useCardSales(athleteId: number, cardId: number) {
  return useSWR<CardSalesResponse>(cardSalesKey(athleteId, cardId), (path: string) => apiFetch<CardSalesResponse>(path), { revalidateOnFocus: false });
}

export const CARD_SALES_ERROR = 'Failed to load the recent sales. Please try again later.';
