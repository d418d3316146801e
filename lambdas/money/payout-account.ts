// The stored Stripe connected account of an athlete (`ATHLETE#<id> / PAYACCOUNT`) or a collective
// (`COLLECTIVE#<id> / PAYACCOUNT`) as the API shows it. lambdas/payments/connect-accounts.ts writes
// it; the Payouts reads show it (whether an athlete can be paid through Stripe, and its W-9: Stripe's
// onboarding collects it, so a linked account with details submitted has one on file).
import type { PayoutAccountView } from '#shared/money/payouts-api';
import type { Item } from '#lambdas/platform/store';

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function payoutAccountOf(item: Item | undefined): PayoutAccountView | null {
  if (!item || typeof item.accountId !== 'string') return null;
  return {
    accountId: item.accountId,
    detailsSubmitted: item.detailsSubmitted === true,
    chargesEnabled: item.chargesEnabled === true,
    payoutsEnabled: item.payoutsEnabled === true,
    currentlyDue: Array.isArray(item.currentlyDue) ? item.currentlyDue.map(String) : [],
    disabledReason: text(item.disabledReason),
    detailsSubmittedAt: text(item.detailsSubmittedAt),
    linkedAt: String(item.linkedAt ?? ''),
    linkedBy: String(item.linkedBy ?? ''),
    updatedAt: String(item.updatedAt ?? item.linkedAt ?? ''),
    updatedBy: String(item.updatedBy ?? item.linkedBy ?? ''),
  };
}
