// The collective's own Stripe account (the payor of record; Pay now needs it): its status as Stripe
// has it (re-read on every visit, so the return from onboarding shows it at once), and the button
// to link it or to continue an unfinished onboarding on Stripe's hosted page.
import { accountStatus } from '@shared/payments/account-status';
import { Badge } from '@/components/dashboard/format';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { startCollectiveOnboarding, useCollectiveStripeAccount } from '@/features/collective-panel/api/stripe';
import { LOAD_ERROR } from '@/features/collective-panel/config';

export function CollectiveStripeAccount({ collectiveId }: { collectiveId: number }) {
  const account = useCollectiveStripeAccount(collectiveId, true);
  const link = useAction({ other: 'Stripe could not be reached. Please try again.' });
  if (account.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void account.mutate()} retryLabel="Retry" />;
  if (!account.data) return <Spinner label="Loading your Stripe account..." />;
  const current = account.data.account;
  const status = accountStatus(current);
  return (
    <section className="panel" aria-labelledby="stripe-account-title">
      <h3 id="stripe-account-title" className="panel-title">
        Stripe account
      </h3>
      <p>
        <Badge tone={status.tone}>{status.label}</Badge>{' '}
        {current?.payoutsEnabled
          ? 'Your collective is the payor of record: Pay now sends each approved batch to the athletes’ Stripe accounts.'
          : 'Link your collective’s Stripe account to pay athletes with Pay now. Stripe collects your organisation’s details on its own page.'}
      </p>
      {current && current.currentlyDue.length > 0 && <p className="hint">Stripe still needs: {current.currentlyDue.join(', ').replaceAll('_', ' ')}.</p>}
      {!current?.payoutsEnabled && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={link.running}
          onClick={() => void link.run(() => startCollectiveOnboarding(collectiveId))}
        >
          {current ? 'Continue onboarding' : 'Link Stripe'}
        </button>
      )}
      <FormOutcome error={link.error} />
    </section>
  );
}
