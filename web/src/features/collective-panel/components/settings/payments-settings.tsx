// Settings, Payments: the collective's own Stripe account (payor of record; Drift pays athletes and
// takes donations through it): its status as Stripe has it, and Link Stripe / Continue onboarding
// (the same panel the Payouts section shows). The new collective's checklist counts "Link payouts"
// done once the account's payouts are enabled.
import { CollectiveStripeAccount } from '@/features/collective-panel/components/payouts/stripe-account';

export function PaymentsSettings({ collectiveId }: { collectiveId: number }) {
  return (
    <section aria-labelledby="payments-title">
      <h3 id="payments-title" className="panel-title">
        Payments
      </h3>
      <p className="hint">Drift pays your athletes and takes your donations through your collective&apos;s own Stripe account.</p>
      <CollectiveStripeAccount collectiveId={collectiveId} />
    </section>
  );
}
