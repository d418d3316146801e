// Stripe events of the payout rail (payouts to athletes through their connected accounts): none
// handled yet; stripe-events.ts says what a handler is given and must do.
import type { StripeEventHandlers } from './stripe-events';

export const payoutEventHandlers: StripeEventHandlers = {};
