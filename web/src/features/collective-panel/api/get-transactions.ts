// GET /api/collectives/{id}/transactions?limit=&cursor=: derived athlete transactions, donations
// and payouts, newest first, paged by cursor.
import useSWRInfinite from 'swr/infinite';
import type { TransactionsResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';

export const TRANSACTIONS_PAGE = 20;

export const transactionsKey = (collectiveId: number, cursor?: string | null) =>
  `/collectives/${collectiveId}/transactions?limit=${TRANSACTIONS_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

export function useTransactions(collectiveId: number) {
  return useSWRInfinite<TransactionsResponse>(
    (index, previous: TransactionsResponse | null) =>
      index === 0 ? transactionsKey(collectiveId) : previous?.nextCursor ? transactionsKey(collectiveId, previous.nextCursor) : null,
    (path: string) => apiFetch<TransactionsResponse>(path),
    { revalidateFirstPage: true },
  );
}
