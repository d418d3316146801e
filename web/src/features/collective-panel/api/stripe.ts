// The collective's side of the Stripe payout rail (lambdas/payments/payments.handler.ts): Pay now on
// a batch and Retry of one payout (its own Stripe account: components/stripe-account.tsx).
import type { PayoutBatchView, PayoutLineView } from '@shared/money/payouts-api';
import { apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';

export interface PayNowResult {
  batch: PayoutBatchView;
  errors: Array<{ athleteId: number; message: string }>;
  notStarted: number;
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
