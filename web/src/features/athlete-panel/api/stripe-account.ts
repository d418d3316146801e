// The athlete's payout account on Stripe (lambdas/payments/payments.handler.ts): its status (GET
// re-reads it from Stripe: the return from onboarding) and an onboarding link, followed at once
// (Stripe's hosted page collects identity, bank account and W-9; the link is never kept).
import useSWR from 'swr';
import type { PayoutAccountView } from '@shared/money/payouts-api';
import { apiFetch, apiSend } from '@/lib/api-client';

export function useAthleteStripeAccount(athleteId: number, enabled: boolean) {
  return useSWR<{ account: PayoutAccountView | null }>(enabled ? `/athletes/${athleteId}/stripe/account` : null, (path: string) =>
    apiFetch<{ account: PayoutAccountView | null }>(path),
  );
}

export async function startAthleteOnboarding(athleteId: number): Promise<void> {
  const { url } = await apiSend<{ url: string }>(`/athletes/${athleteId}/stripe/onboarding`, 'POST', {});
  window.location.assign(url);
}
