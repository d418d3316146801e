// Stripe events of the payout rail (payouts to athletes through their connected accounts). Each
// handler re-reads the object from Stripe (events arrive in any order, possibly twice, and carry
// the object as it was) and acts through the same code as the requests: an account's status flags
// (connect-accounts.ts syncAccount), a payout or a transfer of a line's attempt (payout-rail.ts,
// found by the object's metadata; another attempt's object changes nothing). Objects that are not
// Drift's (no such metadata, an account it never linked) are acknowledged and ignored.
import type { StripeEventContext, StripeEventHandlers } from './stripe-events';
import { ownerOfAccount, syncAccount } from './connect-accounts';
import { applyPayout, applyTransfer, payWaitingLines, railRefOf } from './payout-rail';
import { readLine } from './payout-line-store';

const by = (context: StripeEventContext) => `stripe:${context.event.id}`;
const objectId = (context: StripeEventContext) => {
  const id = context.event.data?.object?.id;
  return typeof id === 'string' && id ? id : null;
};

/** account.updated: the account's flags as Stripe has them now (a connected account's event names
 * it in `account`); an athlete's account that can take payouts now pays the lines waiting for it in
 * collectives that pay them at once (payout-rail.ts payWaitingLines). */
async function onAccount(context: StripeEventContext): Promise<void> {
  const accountId = context.event.account ?? objectId(context);
  if (!accountId) return;
  const owner = await ownerOfAccount(context.store, accountId);
  if (!owner) return;
  const account = await syncAccount(context, owner, by(context));
  if (owner.kind === 'athlete' && account?.payoutsEnabled) await payWaitingLines(context, owner.id, by(context));
}

/** payout.*: only payouts of connected accounts (event.account) that Drift made for a line. */
async function onPayout(context: StripeEventContext): Promise<void> {
  const id = objectId(context);
  const accountId = context.event.account;
  if (!id || !accountId) return;
  const payout = await context.stripe.payouts.retrieve(id, { stripeAccount: accountId });
  const ref = railRefOf(payout.metadata);
  if (!ref) return;
  const line = await readLine(context.store, ref);
  // The line must be paid to this account: metadata alone never moves another account's line.
  if (!line || line.accountId !== accountId) return;
  await applyPayout(context, ref, ref.attempt, payout, by(context));
}

/** transfer.*: the platform's transfers that Drift made for a line. */
async function onTransfer(context: StripeEventContext): Promise<void> {
  const id = objectId(context);
  if (!id) return;
  const transfer = await context.stripe.transfers.retrieve(id);
  const ref = railRefOf(transfer.metadata);
  if (!ref) return;
  const line = await readLine(context.store, ref);
  if (!line || line.accountId !== transfer.destination) return;
  await applyTransfer(context, ref, ref.attempt, transfer, by(context));
}

export const payoutEventHandlers: StripeEventHandlers = {
  'account.updated': onAccount,
  'transfer.created': onTransfer,
  'transfer.updated': onTransfer,
  'transfer.reversed': onTransfer,
  'payout.created': onPayout,
  'payout.updated': onPayout,
  'payout.paid': onPayout,
  'payout.failed': onPayout,
  'payout.canceled': onPayout,
};
