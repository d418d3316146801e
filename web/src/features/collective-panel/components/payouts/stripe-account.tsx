// The collective's own Stripe account (the payor of record; Pay now needs it): its status as Stripe
// has it (re-read on every visit, so the return from onboarding shows it at once), and the button
// to link it or to continue an unfinished onboarding on Stripe's hosted page.
import { StripeAccountPanel, type StripeAccountWords } from '@/components/stripe-account';
import { LOAD_ERROR } from '@/features/collective-panel/config';

const WORDS: StripeAccountWords = {
  title: 'Stripe account',
  loadError: LOAD_ERROR,
  retryLabel: 'Retry',
  loading: 'Loading your Stripe account...',
  enabled: 'Your collective is the payor of record: Pay now sends each approved batch to the athletes’ Stripe accounts.',
  unlinked: 'Link your collective’s Stripe account to pay athletes with Pay now. Stripe collects your organisation’s details on its own page.',
  link: 'Link Stripe',
};
const FRAME = { as: 'section', className: 'panel', titleId: 'stripe-account-title', titleClassName: 'panel-title' } as const;

export function CollectiveStripeAccount({ collectiveId }: { collectiveId: number }) {
  return <StripeAccountPanel owner={`/collectives/${collectiveId}`} words={WORDS} frame={FRAME} showDue />;
}
