// A payee's or payor's own account on Stripe (lambdas/payments/payments.handler.ts): the athlete's
// payout account, the collective's Stripe account. Its status as Stripe has it (GET re-reads it
// from Stripe on every visit, so the return from onboarding shows it at once) and the button to link
// it or to continue an unfinished onboarding on Stripe's hosted page (the link is followed at once,
// never kept). The athlete's and the collective's panels differ only in their words and frame.
import useSWR from 'swr';
import type { PayoutAccountView } from '@shared/money/payouts-api';
import { accountStatus } from '@shared/payments/account-status';
import { Badge } from '@/components/dashboard/format';
import { ErrorBox } from '@/components/error-box';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { Spinner } from '@/components/spinner';
import { apiFetch, apiSend } from '@/lib/api-client';

/** The account's owner in the API's paths: `/athletes/1`, `/collectives/1`. */
type OwnerPath = `/athletes/${number}` | `/collectives/${number}`;

export function useStripeAccount(owner: OwnerPath, enabled: boolean) {
  return useSWR<{ account: PayoutAccountView | null }>(enabled ? `${owner}/stripe/account` : null, (path: string) =>
    apiFetch<{ account: PayoutAccountView | null }>(path),
  );
}

/** Asks for an onboarding link and goes there (Stripe's hosted page). */
export async function startStripeOnboarding(owner: OwnerPath): Promise<void> {
  const { url } = await apiSend<{ url: string }>(`${owner}/stripe/onboarding`, 'POST', {});
  window.location.assign(url);
}

export interface StripeAccountWords {
  title: string;
  loadError: string;
  retryLabel?: string;
  loading: string;
  /** What the account does once Stripe lets it receive payouts. */
  enabled: string;
  /** Why to link it, before that. */
  unlinked: string;
  /** The button before any onboarding started. */
  link: string;
}

export function StripeAccountPanel({
  owner,
  words,
  frame,
  showDue = false,
}: {
  owner: OwnerPath;
  words: StripeAccountWords;
  /** Its element, class and heading: a panel of its own, or a part of a bigger one. */
  frame: { as: 'section' | 'div'; className?: string; titleId: string; titleClassName: string };
  /** Lists what Stripe still needs of an unfinished onboarding. */
  showDue?: boolean;
}) {
  const account = useStripeAccount(owner, true);
  const link = useAction({ other: 'Stripe could not be reached. Please try again.' });
  if (account.error) return <ErrorBox message={words.loadError} onRetry={() => void account.mutate()} retryLabel={words.retryLabel} />;
  if (!account.data) return <Spinner label={words.loading} />;
  const current = account.data.account;
  const status = accountStatus(current);
  const Frame = frame.as;
  return (
    <Frame className={frame.className} aria-labelledby={frame.titleId}>
      <h3 id={frame.titleId} className={frame.titleClassName}>
        {words.title}
      </h3>
      <p>
        <Badge tone={status.tone}>{status.label}</Badge> {current?.payoutsEnabled ? words.enabled : words.unlinked}
      </p>
      {showDue && current && current.currentlyDue.length > 0 && (
        <p className="hint">Stripe still needs: {current.currentlyDue.join(', ').replaceAll('_', ' ')}.</p>
      )}
      {!current?.payoutsEnabled && (
        <button type="button" className="btn btn-primary btn-sm" disabled={link.running} onClick={() => void link.run(() => startStripeOnboarding(owner))}>
          {current ? 'Continue onboarding' : words.link}
        </button>
      )}
      <FormOutcome error={link.error} />
    </Frame>
  );
}
