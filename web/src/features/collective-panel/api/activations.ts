// The collective's activations (lambdas/money/activation-routes.ts; docs/decisions/0027-activations.md):
// GET /api/collectives/{id}/activations (owner only: no demo twin), record one (with its form
// submission's idempotency key, so a retry records it once) and cancel one before the athlete
// confirms it. Each write refreshes the collective's reads (the balances it changes).
import useSWR from 'swr';
import type { ActivationInput, ActivationView, ActivationsResponse } from '@shared/money/activations';
import { apiFetch, apiSend, apiSendOnce } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';

export const collectiveActivationsKey = (collectiveId: number) => `/collectives/${collectiveId}/activations`;

export function useCollectiveActivations(collectiveId: number) {
  return useSWR<ActivationsResponse>(collectiveActivationsKey(collectiveId), (path: string) => apiFetch<ActivationsResponse>(path));
}

export const useRecordActivation = (collectiveId: number) =>
  useCollectiveWrite(
    collectiveId,
    `/collectives/${collectiveId}/activations:record`,
    ({ idempotencyKey, ...input }: ActivationInput & { idempotencyKey: string }) =>
      apiSendOnce<ActivationView>(collectiveActivationsKey(collectiveId), 'POST', { ...input }, idempotencyKey),
  );

export const useCancelActivation = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `/collectives/${collectiveId}/activations:cancel`, (activationId: string) =>
    apiSend<ActivationView>(`${collectiveActivationsKey(collectiveId)}/${activationId}/cancel`, 'POST'),
  );
