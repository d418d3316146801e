// The collective's side of the Stripe payout rail (lambdas/payments/payments.handler.ts): its own
// Stripe account (GET re-reads it from Stripe: the return from onboarding), an onboarding link
// (followed at once: never kept), Pay now on a batch and Retry of one payout.
import useSWR from 'swr';
import type { PayoutAccountView, PayoutBatchView, PayoutLineView } from '@shared/money/payouts-api';
import { apiFetch, apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';

export interface PayNowResult {
  batch: PayoutBatchView;
  errors: Array<{ athleteId: number; message: string }>;
  notStarted: number;
}

export function useCollectiveStripeAccount(collectiveId: number, enabled: boolean) {
  return useSWR<{ account: PayoutAccountView | null }>(enabled ? `/collectives/${collectiveId}/stripe/account` : null, (path: string) =>
    apiFetch<{ account: PayoutAccountView | null }>(path),
  );
}

/** Asks for an onboarding link and goes there (Stripe's hosted page). */
export async function startCollectiveOnboarding(collectiveId: number): Promise<void> {
  const { url } = await apiSend<{ url: string }>(`/collectives/${collectiveId}/stripe/onboarding`, 'POST', {});
  window.location.assign(url);
}

export function usePayNow(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return {
    payNow: async (batchId: string) => {
      const result = await apiSend<PayNowResult>(`/collectives/${collectiveId}/payouts/batches/${batchId}/pay`, 'POST', {});
      await refresh();
      return result;
    },
    retry: async (batchId: string, athleteId: number) => {
      const line = await apiSend<PayoutLineView>(`/collectives/${collectiveId}/payouts/batches/${batchId}/payouts/${athleteId}/retry`, 'POST', {});
      await refresh();
      return line;
    },
  };
}
