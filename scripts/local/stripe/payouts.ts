// Payouts on connected accounts. Manual ones (POST /v1/payouts with Stripe-Account, createManualPayout)
// on accounts set to `settings[payouts][schedule][interval]=manual`; otherwise automatic ones: each transfer is paid out to the account's bank account
// payoutDelayMs after it lands (payout.created, in transit), and payoutDelayMs later it is paid or
// fails as Stripe's test bank account numbers say (payout.paid / payout.failed with failure_code;
// a failed payout's funds return to the account's balance and the bank account is marked errored).
// Scheduled payouts are part of the saved state and resume after a restart.
import type { Call, Ctx } from './context';
import { fail } from './form';
import { NO_REQUEST } from './events';
import type { StripeObj } from './store';
import { TEST_BANK_ACCOUNTS } from './test-values';

export function schedulePayoutTask(ctx: Ctx, kind: 'payout_create' | 'payout_settle', ref: string): void {
  const task = { id: `${kind}:${ref}`, kind, ref, dueAt: Date.now() + ctx.settings.payoutDelayMs };
  ctx.store.tasks[task.id] = task;
  ctx.store.changed();
  ctx.scheduler.at(task.id, task.dueAt, () => runPayoutTask(ctx, task.id));
}

/** Resumes the payouts that were scheduled when the data file was written. */
export function resumePayoutTasks(ctx: Ctx): void {
  for (const task of Object.values(ctx.store.tasks)) ctx.scheduler.at(task.id, task.dueAt, () => runPayoutTask(ctx, task.id));
}

/** A payout of `amount` from the account's available balance to its bank account (stored; no event). */
function newPayout(
  ctx: Ctx,
  accountId: string,
  bankId: string,
  amount: number,
  o: { automatic: boolean; status: 'pending' | 'in_transit'; description: string | null; metadata: Record<string, string>; statementDescriptor: string | null },
): StripeObj {
  const { store } = ctx;
  const created = store.seconds();
  const payout: StripeObj = {
    id: store.newId('po_'),
    object: 'payout',
    amount,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: created - (created % 86400) + 86400,
    automatic: o.automatic,
    balance_transaction: store.newId('txn_'),
    created,
    currency: 'usd',
    description: o.description,
    destination: bankId,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: o.metadata,
    method: 'standard',
    original_payout: null,
    payout_method: null,
    reconciliation_status: 'not_applicable',
    reversed_by: null,
    source_type: 'card',
    statement_descriptor: o.statementDescriptor,
    status: o.status,
    trace_id: { status: 'pending', value: null },
    type: 'bank_account',
  };
  store.put(accountId, payout);
  store.moveBalance(accountId, 'available', -amount);
  return payout;
}

/**
 * POST /v1/payouts with Stripe-Account: a manual payout of the connected account's available
 * balance to its bank account (an account on `settings[payouts][schedule][interval]=manual`).
 * Created `pending` (payout.created), then paid or failed payoutDelayMs later as the bank account's
 * test number says. Stripe's refusals: no Stripe-Account (the platform's own payouts are not
 * stood in for), payouts not enabled, no bank account, `balance_insufficient`.
 */
export function createManualPayout({ ctx, params, owner, request }: Call): StripeObj {
  const { store, events } = ctx;
  if (!owner) throw fail.request('The local Stripe stand-in makes payouts of connected accounts only: send the account in the Stripe-Account header.');
  const amount = params.int('amount', { required: true, min: 1 })!;
  params.currency('currency');
  const description = params.str('description') ?? null;
  const statementDescriptor = params.str('statement_descriptor', { max: 22 }) ?? null;
  const metadata = params.metadata() ?? {};
  params.str('method', { oneOf: ['standard'] });
  params.done();
  const account = store.get(owner)!.value;
  const bankId = (account._lists as Record<string, { ids: string[] }> | undefined)?.external_accounts.ids[0];
  if (!account.payouts_enabled || !bankId)
    throw fail.request('Payouts are not enabled on this account: its onboarding is not complete (no bank account, or requirements due).', {
      code: 'payouts_not_allowed',
    });
  const available = store.balance(owner).available;
  if (available < amount)
    throw fail.request(`You have insufficient funds in your Stripe account for this payout (available: ${available}, requested: ${amount}).`, {
      code: 'balance_insufficient',
    });
  const payout = newPayout(ctx, owner, bankId, amount, { automatic: false, status: 'pending', description, metadata, statementDescriptor });
  events.emit('payout.created', payout, owner, request);
  schedulePayoutTask(ctx, 'payout_settle', String(payout.id));
  return store.render(payout);
}

function runPayoutTask(ctx: Ctx, taskId: string): void {
  const { store, events } = ctx;
  const task = store.tasks[taskId];
  if (!task) return;
  delete store.tasks[taskId];
  store.changed();
  if (task.kind === 'payout_create') {
    // The transfer's funds, as far as they are still there (a reversal may have taken them back).
    const transfer = store.get(task.ref)?.value;
    const accountId = String(transfer?.destination);
    const account = store.get(accountId)?.value;
    const bankId = (account?._lists as Record<string, { ids: string[] }> | undefined)?.external_accounts.ids[0];
    const amount = Math.min((transfer?.amount as number) - (transfer?.amount_reversed as number), store.balance(accountId).available);
    if (!transfer || !account?.payouts_enabled || !bankId || !(amount > 0)) return;
    const payout = newPayout(ctx, accountId, bankId, amount, {
      automatic: true,
      status: 'in_transit',
      description: 'STRIPE PAYOUT',
      metadata: {},
      statementDescriptor: null,
    });
    events.emit('payout.created', payout, accountId, NO_REQUEST);
    schedulePayoutTask(ctx, 'payout_settle', String(payout.id));
    return;
  }
  const entry = store.get(task.ref);
  if (!entry) return;
  const payout = entry.value;
  const bank = store.get(String(payout.destination))?.value;
  const failure = TEST_BANK_ACCOUNTS[String(bank?._account_number)]?.failure;
  const previous = { status: payout.status };
  if (failure) {
    Object.assign(payout, { status: 'failed', failure_code: failure.code, failure_message: failure.message, failure_balance_transaction: store.newId('txn_') });
    store.moveBalance(entry.owner, 'available', payout.amount as number);
    if (bank) store.put(entry.owner, Object.assign(bank, { status: 'errored' }));
  } else Object.assign(payout, { status: 'paid', trace_id: { status: 'supported', value: store.newId('', 15).toUpperCase() } });
  store.put(entry.owner, payout);
  events.emit(failure ? 'payout.failed' : 'payout.paid', payout, entry.owner, NO_REQUEST, previous);
}
