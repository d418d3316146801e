// The handler of each Stripe event type Drift acts on: the payout rail's (payout-events.ts) and the
// donations' (donation-events.ts). Other types are acknowledged and ignored.
import { donationEventHandlers } from './donation-events';
import { payoutEventHandlers } from './payout-events';
import type { StripeEventHandler } from './stripe-events';

export function stripeEventHandler(type: string): StripeEventHandler | undefined {
  return payoutEventHandlers[type] ?? donationEventHandlers[type];
}
