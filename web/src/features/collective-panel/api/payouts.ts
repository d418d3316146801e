// Money reaching the members (lambdas/money/payouts.handler.ts): GET /api/collectives/{id}/payouts
// (demo twin for visitors: balances, tax status, NIL disclosure, batches), a batch with its
// payouts, the batch's CSV (owner, with the bearer token), and the writes: create a batch for a
// period, mark a payout sent then paid, the W-9 status of a year, a donation's allocations. Every
// money-moving write carries its form submission's idempotency key (the form kit's, kept for the
// submission's retries: components/form/use-form-submit.ts), so a retry never pays twice.
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CollectivePayoutsResponse, PayoutBatchView, PayoutLineView, YearStatusView } from '@shared/money/payouts-api';
import { apiFetch, apiSend, apiSendOnce } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';
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

export function useCreateBatch(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/collectives/${collectiveId}/payouts/batches:create`,
    async (_key: string, { arg: { idempotencyKey, ...period } }: { arg: { periodStart: string; periodEnd: string; idempotencyKey: string } }) => {
      const batch = await apiSendOnce<PayoutBatchView>(`/collectives/${collectiveId}/payouts/batches`, 'POST', period, idempotencyKey);
      await refresh();
      return batch;
    },
    { revalidate: false },
  );
}

export function useMarkPayout(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/collectives/${collectiveId}/payouts:mark`,
    async (
      _key: string,
      { arg }: { arg: { batchId: string; athleteId: number; status: 'sent' | 'paid'; date: string; reference: string; idempotencyKey: string } },
    ) => {
      const { batchId, athleteId, idempotencyKey, ...body } = arg;
      const line = await apiSendOnce<PayoutLineView>(`${batchPath(collectiveId, batchId)}/payouts/${athleteId}`, 'POST', body, idempotencyKey);
      await refresh();
      return line;
    },
    { revalidate: false },
  );
}

export function useSetW9(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/collectives/${collectiveId}/tax:w9`,
    async (_key: string, { arg }: { arg: { athleteId: number; year: number; w9OnFile: boolean; date: string | null } }) => {
      const year = await apiSend<YearStatusView>(`/collectives/${collectiveId}/athletes/${arg.athleteId}/tax/${arg.year}`, 'PUT', {
        w9OnFile: arg.w9OnFile,
        ...(arg.w9OnFile ? { date: arg.date } : {}),
      });
      await refresh();
      return year;
    },
    { revalidate: false },
  );
}

export function useAllocateDonation(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/collectives/${collectiveId}/donations:allocate`,
    async (_key: string, { arg }: { arg: { donationId: string; allocations: Array<{ athleteId: number; amountCents: number }>; idempotencyKey: string } }) => {
      const result = await apiSendOnce<{ allocatedCents: number; remainingCents: number }>(
        `/collectives/${collectiveId}/donations/${arg.donationId}/allocations`,
        'POST',
        { allocations: arg.allocations },
        arg.idempotencyKey,
      );
      await refresh();
      return result;
    },
    { revalidate: false },
  );
}

/** GET .../batches/{batchId}/csv with the caller's token, saved as payouts-{batchId}.csv. */
export function downloadBatchCsv(collectiveId: number, batchId: string): Promise<void> {
  return downloadCsv(`${batchPath(collectiveId, batchId)}/csv`, `payouts-${batchId}.csv`);
}
