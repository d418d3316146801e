// Money reaching the members (lambdas/money/payouts.handler.ts): GET /api/collectives/{id}/payouts
// (demo twin for visitors: balances, tax status, NIL disclosure, batches), a batch with its
// payouts, the batch's CSV (owner, with the bearer token), and the writes: create a batch for a
// period, mark a payout sent then paid, the W-9 status of a year (activations: activations.ts). Every
// money-moving write carries its form submission's idempotency key (the form kit's, kept for the
// submission's retries: components/form/use-form-submit.ts), so a retry never pays twice.
import useSWR from 'swr';
import type { CollectivePayoutsResponse, MarkPayoutRequest, PayoutBatchView, PayoutLineView, PayoutPreview, YearStatusView } from '@shared/money/payouts-api';
import { apiFetch, apiSend, apiSendOnce } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';
import { useCollectiveBase } from '@/features/collective-panel/api/tenant-paths';

export function usePayouts() {
  const { base } = useCollectiveBase();
  return useSWR<CollectivePayoutsResponse>(`${base}/payouts`, (path: string) => apiFetch<CollectivePayoutsResponse>(path));
}

const batchPath = (collectiveId: number, batchId: string) => `/collectives/${collectiveId}/payouts/batches/${batchId}`;

/** One batch with its payouts (owner only: no demo twin). */
export function useBatch(collectiveId: number, batchId: string | null) {
  return useSWR<PayoutBatchView>(batchId ? batchPath(collectiveId, batchId) : null, (path: string) => apiFetch<PayoutBatchView>(path), {
    // While Stripe is moving a payout (its events arrive within seconds locally, days in AWS), look again.
    refreshInterval: (batch) => (batch?.lines?.some((l) => l.status === 'sending' || l.status === 'in_transit') ? 3000 : 0),
  });
}

export const useCreateBatch = (collectiveId: number) =>
  useCollectiveWrite(
    collectiveId,
    `/collectives/${collectiveId}/payouts/batches:create`,
    ({ idempotencyKey, ...period }: { periodStart: string; periodEnd: string; idempotencyKey: string }) =>
      apiSendOnce<PayoutBatchView>(`/collectives/${collectiveId}/payouts/batches`, 'POST', period, idempotencyKey),
  );

export const useMarkPayout = (collectiveId: number) =>
  useCollectiveWrite(
    collectiveId,
    `/collectives/${collectiveId}/payouts:mark`,
    ({ batchId, athleteId, idempotencyKey, ...body }: MarkPayoutRequest & { batchId: string; athleteId: number; idempotencyKey: string }) =>
      apiSendOnce<PayoutLineView>(`${batchPath(collectiveId, batchId)}/payouts/${athleteId}`, 'POST', body, idempotencyKey),
  );

export const useSetW9 = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `/collectives/${collectiveId}/tax:w9`, (arg: { athleteId: number; year: number; w9OnFile: boolean; date: string | null }) =>
    apiSend<YearStatusView>(`/collectives/${collectiveId}/athletes/${arg.athleteId}/tax/${arg.year}`, 'PUT', {
      w9OnFile: arg.w9OnFile,
      ...(arg.w9OnFile ? { date: arg.date } : {}),
    }),
  );

/** GET .../batches/{batchId}/csv with the caller's token, saved as payouts-{batchId}.csv. */
export function downloadBatchCsv(collectiveId: number, batchId: string): Promise<void> {
  return downloadCsv(`${batchPath(collectiveId, batchId)}/csv`, `payouts-${batchId}.csv`);
}

/** GET /api/collectives/{id}/payouts/preview?through= (demo twin for visitors): what paying
 * everything owed through a day pays each member, what is not payable yet and when, and what
 * earlier batches are still paying (lambdas/money/payout-preview.ts). */
export function usePayoutPreview(through: string | null) {
  const { base } = useCollectiveBase();
  return useSWR<PayoutPreview>(through ? `${base}/payouts/preview?through=${through}` : null, (path: string) => apiFetch<PayoutPreview>(path), {
    keepPreviousData: true,
  });
}
