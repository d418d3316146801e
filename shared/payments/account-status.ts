// A linked Stripe account's status in people's words (the collective's and the athlete's panels say
// it the same way), from the flags Drift keeps (shared/money/payouts-api.ts PayoutAccountView).
import type { PayoutAccountView } from '../money/payouts-api';

export function accountStatus(account: PayoutAccountView | null | undefined): { tone: 'green' | 'yellow' | 'red'; label: string } {
  if (!account) return { tone: 'yellow', label: 'Not linked' };
  if (account.payoutsEnabled) return { tone: 'green', label: 'Linked' };
  if (account.disabledReason?.startsWith('rejected')) return { tone: 'red', label: 'Rejected by Stripe' };
  return { tone: 'yellow', label: account.detailsSubmitted ? 'Stripe is reviewing it' : 'Onboarding not finished' };
}
