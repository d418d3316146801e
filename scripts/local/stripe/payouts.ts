// Automatic payouts on connected accounts: each transfer is paid out to the account's bank account
// payoutDelayMs after it lands (payout.created, in transit), and payoutDelayMs later it is paid or
// fails as Stripe's test bank account numbers say (payout.paid / payout.failed with failure_code;
// a failed payout's funds return to the account's balance and the bank account is marked errored).
// Scheduled payouts are part of the saved state and resume after a restart.
import type { Ctx } from './context';
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
    const created = store.seconds();
    const payout: StripeObj = {
      id: store.newId('po_'),
      object: 'payout',
      amount,
      application_fee: null,
      application_fee_amount: null,
      arrival_date: created - (created % 86400) + 86400,
      automatic: true,
      balance_transaction: store.newId('txn_'),
      created,
      currency: 'usd',
      description: 'STRIPE PAYOUT',
      destination: bankId,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: {},
      method: 'standard',
      original_payout: null,
      payout_method: null,
      reconciliation_status: 'not_applicable',
      reversed_by: null,
      source_type: 'card',
      statement_descriptor: null,
      status: 'in_transit',
      trace_id: { status: 'pending', value: null },
      type: 'bank_account',
    };
    store.put(accountId, payout);
    store.moveBalance(accountId, 'available', -amount);
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
