// Stripe events of donations (Checkout on the collective's connected account, memberships): none
// handled yet; stripe-events.ts says what a handler is given and must do.
import type { StripeEventHandlers } from './stripe-events';

export const donationEventHandlers: StripeEventHandlers = {};
