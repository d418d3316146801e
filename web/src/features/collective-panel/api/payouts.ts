// Money reaching the members (lambdas/money/payouts.handler.ts): GET /api/collectives/{id}/payouts
// (demo twin for visitors: balances, tax status, NIL disclosure, batches), a batch with its
// payouts, the batch's CSV (owner, with the bearer token), and the writes: create a batch for a
// period, mark a payout sent then paid, the W-9 status of a year, a donation's allocations. Every
// money-moving write carries an idempotency key made once per form submission (idempotencyKey()),
// so a retry of the same submission never pays twice.
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CollectivePayoutsResponse, PayoutBatchView, PayoutLineView, YearStatusView } from '@shared/money/payouts-api';
import { apiFetch, apiSend } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';
import { useCollectiveBase } from '@/features/collective-panel/api/tenant-paths';

/** A fresh key for one submission (8-100 of letters, digits, - _ : .). */
export function idempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function usePayouts() {
  const { base } = useCollectiveBase();
  return useSWR<CollectivePayoutsResponse>(`${base}/payouts`, (path: string) => apiFetch<CollectivePayoutsResponse>(path));
}

const batchPath = (collectiveId: number, batchId: string) => `/collectives/${collectiveId}/payouts/batches/${batchId}`;

/** One batch with its payouts (owner only: no demo twin). */
export function useBatch(collectiveId: number, batchId: string | null) {
  return useSWR<PayoutBatchView>(batchId ? batchPath(collectiveId, batchId) : null, (path: string) => apiFetch<PayoutBatchView>(path));
}

export function useCreateBatch(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/collectives/${collectiveId}/payouts/batches:create`,
    async (_key: string, { arg }: { arg: { periodStart: string; periodEnd: string; idempotencyKey: string } }) => {
      const batch = await apiSend<PayoutBatchView>(`/collectives/${collectiveId}/payouts/batches`, 'POST', arg);
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
      const { batchId, athleteId, ...body } = arg;
      const line = await apiSend<PayoutLineView>(`${batchPath(collectiveId, batchId)}/payouts/${athleteId}`, 'POST', body);
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
      const result = await apiSend<{ allocatedCents: number; remainingCents: number }>(
        `/collectives/${collectiveId}/donations/${arg.donationId}/allocations`,
        'POST',
        {
          allocations: arg.allocations,
          idempotencyKey: arg.idempotencyKey,
        },
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
