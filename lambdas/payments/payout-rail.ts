// Paying a batch through Stripe ("Pay now"): for each athlete with a linked, payouts-enabled
// account, one transfer from the platform balance to the athlete's connected account, then one
// payout of it on that account to the athlete's bank. Each line follows the state machine of
// shared/payments/payout-line.ts (payout-line-store.ts writes its steps):
// - every Stripe create carries an idempotency key from the line and its attempt
//   (drift-transfer-<collective>-<batch>-<athlete>-<attempt>, likewise the payout and the reversal),
//   `transfer_group` the batch id and metadata naming the collective, athlete, batch and attempt;
//   a line resumed after a crash looks its transfer up by that metadata first, so an attempt never
//   makes a second transfer (Stripe keeps idempotency keys for 24 hours only);
// - a refusal by Stripe (4xx: balance_insufficient, payouts not allowed...) fails the line with
//   Stripe's reason, after reversing the transfer when there was one: the amount goes back to the
//   athlete's balance only once the money is back on the platform; a failure to reach Stripe leaves
//   the line `sending`, and Pay now again resumes it;
// - Stripe's events (payout-events.ts) move lines on: a payout paid, failed or canceled (the
//   transfer is reversed first), a transfer reversed (in full: the line fails; in part: the part
//   reversed goes back to the balance and off the year's paid total, the line stays paid). Each re-reads the object from Stripe and acts
//   only on the line's current attempt, so events apply in any order, at most once.
import type { PayoutBatchView, PayoutLineView } from '#shared/money/payouts-api';
import { can, LineRefusal, type LineEvent } from '#shared/payments/payout-line';
import { lineOf, readBatch } from '#lambdas/money/payouts';
import { readSettings } from '#lambdas/money/compliance-settings';
import { MAX_PAYOUT_LINES } from '#lambdas/money/nil-go-records';
import { Conflict, NotFound } from '#lambdas/platform/errors';
import { StripeApiError } from '#lambdas/platform/stripe-client';
import type { Metadata, StripePayout, StripeTransfer } from '#lambdas/platform/stripe-client';
import type { Item } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';
import { readPayoutAccount, type PaymentsContext } from './connect-accounts';
import { changeLine, readLine, type LineChange, type LineRef } from './payout-line-store';

export const PAYOUT_CURRENCY = 'usd';

const day = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/** What Drift puts on every transfer, payout and reversal of a line's attempt. */
export const railMetadata = (ref: LineRef, attempt: number): Metadata => ({
  collectiveId: String(ref.collectiveId),
  athleteId: String(ref.athleteId),
  batchId: ref.batchId,
  attempt: String(attempt),
});

/** The idempotency key of one Stripe create of a line's attempt. */
export const railKey = (what: 'transfer' | 'payout' | 'reversal', ref: LineRef, attempt: number) =>
  `drift-${what}-${ref.collectiveId}-${ref.batchId}-${ref.athleteId}-${attempt}`;

/** The line and attempt a Stripe object was made for (its metadata), or null: not a payout of Drift's. */
export function railRefOf(metadata: Metadata | null | undefined): (LineRef & { attempt: number }) | null {
  const m = metadata ?? {};
  if (!/^\d{1,9}$/.test(m.collectiveId ?? '') || !/^\d{1,9}$/.test(m.athleteId ?? '') || !/^\d{1,9}$/.test(m.attempt ?? '')) return null;
  if (!/^\d{14}-[0-9a-f]{8}$/.test(m.batchId ?? '')) return null;
  return { collectiveId: Number(m.collectiveId), athleteId: Number(m.athleteId), batchId: m.batchId, attempt: Number(m.attempt) };
}

/** A Stripe answer that refuses the request for good (retrying it changes nothing): a 4xx other than
 * a bad key (401, the platform's configuration), a conflict or a rate limit (the client retried those). */
export const isRefusal = (error: unknown): error is StripeApiError =>
  error instanceof StripeApiError && error.status >= 400 && error.status < 500 && ![401, 409, 429].includes(error.status);

const reasonOf = (error: StripeApiError) => ({ code: error.code ?? error.type, message: error.message });

const sameAttempt = (line: Item, attempt: number) => Number(line.attempt ?? 0) === attempt;

/** A decision for an event of one attempt: only on that attempt, and only when the machine takes it there. */
const onAttempt =
  (attempt: number, event: LineEvent, by: string, set: Item = {}) =>
  (line: Item): LineChange | null =>
    sameAttempt(line, attempt) && can(line.status as never, event.kind) ? { event, set, by } : null;

/** The transfer of a line's attempt, found by its metadata (a resumed attempt: the key may be over 24 hours old). */
export async function findTransfer(ctx: PaymentsContext, ref: LineRef, attempt: number, destination?: string): Promise<StripeTransfer | undefined> {
  const list = await ctx.stripe.transfers.list({ transfer_group: ref.batchId, ...(destination ? { destination } : {}), limit: 100 });
  return list.data.find((t) => {
    const r = railRefOf(t.metadata);
    return r && r.collectiveId === ref.collectiveId && r.athleteId === ref.athleteId && r.attempt === attempt;
  });
}

/** The payout of a line's attempt on the athlete's account, found by its metadata (the account's recent payouts). */
export async function findPayout(ctx: PaymentsContext, ref: LineRef, attempt: number, accountId: string): Promise<StripePayout | undefined> {
  const list = await ctx.stripe.payouts.list({ limit: 100 }, { stripeAccount: accountId });
  return list.data.find((p) => {
    const r = railRefOf(p.metadata);
    return r && r.collectiveId === ref.collectiveId && r.batchId === ref.batchId && r.athleteId === ref.athleteId && r.attempt === attempt;
  });
}

/** Takes the rest of a transfer back to the platform (once: its key is the attempt's). */
async function reverseTransfer(ctx: PaymentsContext, transferId: string, ref: LineRef, attempt: number): Promise<void> {
  const transfer = await ctx.stripe.transfers.retrieve(transferId);
  const remaining = transfer.amount - transfer.amount_reversed;
  if (remaining <= 0) return;
  try {
    await ctx.stripe.transfers.createReversal(
      transferId,
      { amount: remaining, description: 'Payout failed: back to the platform', metadata: railMetadata(ref, attempt) },
      { idempotencyKey: railKey('reversal', ref, attempt) },
    );
  } catch (error) {
    if (error instanceof StripeApiError && error.code === 'transfer_already_reversed') return;
    throw error;
  }
}

/** The transfer id of an attempt: recorded on the line, else looked up. */
async function transferOf(ctx: PaymentsContext, line: Item, ref: LineRef, attempt: number): Promise<string | undefined> {
  if (typeof line.transferId === 'string' && sameAttempt(line, attempt)) return line.transferId;
  return (await findTransfer(ctx, ref, attempt, typeof line.accountId === 'string' ? line.accountId : undefined))?.id;
}

/**
 * Moves a line on by what a payout of one of its attempts is now (re-read from Stripe): in transit,
 * paid, or failed/canceled (the transfer reversed first, then the amount back in the balance).
 */
export async function applyPayout(ctx: PaymentsContext, ref: LineRef, attempt: number, payout: StripePayout, by: string): Promise<Item> {
  const { store, now } = ctx;
  if (payout.status === 'paid') {
    const set = { payoutId: payout.id, paidDate: now().slice(0, 10), paidReference: payout.id, expectedArrival: day(payout.arrival_date) };
    return (await changeLine(store, ref, onAttempt(attempt, { kind: 'payout_paid' }, by, set), now)).item;
  }
  if (payout.status === 'failed' || payout.status === 'canceled') {
    const code = payout.failure_code ?? payout.status;
    const message = payout.failure_message ?? (payout.status === 'canceled' ? 'The payout was canceled' : 'The payout failed');
    const event: LineEvent = { kind: 'payout_failed', code, message };
    const current = await readLine(store, ref);
    if (!current) throw new NotFound(`Payout of athlete ${ref.athleteId} in batch ${ref.batchId}`);
    if (!sameAttempt(current, attempt) || !can(current.status as never, event.kind) || current.status === 'failed') return current;
    const transferId = await transferOf(ctx, current, ref, attempt);
    // Without the transfer back on the platform, the amount must not return to the balance.
    if (!transferId) throw new Error(`payout ${payout.id} failed but the transfer of ${railKey('transfer', ref, attempt)} was not found`);
    await reverseTransfer(ctx, transferId, ref, attempt);
    const set = { payoutId: payout.id, failureCode: code, failureMessage: message, expectedArrival: null };
    return (await changeLine(store, ref, onAttempt(attempt, event, by, set), now)).item;
  }
  const set = { payoutId: payout.id, expectedArrival: day(payout.arrival_date) };
  return (await changeLine(store, ref, onAttempt(attempt, { kind: 'payout_in_transit' }, by, set), now)).item;
}

/** Moves a line on by what a transfer of one of its attempts is now: reversed in full (by Drift
 * after a failure: nothing left to do; by an operator in Stripe: the line fails, the amount is back
 * in the balance), reversed in part (the line stays as it is, "reversed in part", and the part is
 * back in the balance), or recorded on a line that did not know it yet. */
export async function applyTransfer(ctx: PaymentsContext, ref: LineRef, attempt: number, transfer: StripeTransfer, by: string): Promise<Item> {
  const { store, now } = ctx;
  if (transfer.amount_reversed >= transfer.amount) {
    // Reversed by Drift after the payout failed (this event may come before the payout's): the
    // payout's own reason is the line's. Otherwise an operator reversed it in Stripe.
    const current = await readLine(store, ref);
    let reason = { code: 'transfer_reversed', message: "The transfer to the athlete's Stripe account was reversed" };
    if (current && sameAttempt(current, attempt) && typeof current.payoutId === 'string' && typeof current.accountId === 'string') {
      const payout = await ctx.stripe.payouts.retrieve(current.payoutId, { stripeAccount: current.accountId });
      if (payout.status === 'failed' || payout.status === 'canceled')
        reason = {
          code: payout.failure_code ?? payout.status,
          message: payout.failure_message ?? (payout.status === 'canceled' ? 'The payout was canceled' : 'The payout failed'),
        };
    }
    const set = { transferId: transfer.id, failureCode: reason.code, failureMessage: reason.message };
    return (await changeLine(store, ref, onAttempt(attempt, { kind: 'transfer_reversed' }, by, set), now)).item;
  }
  const known = (line: Item): Item => (line.transferId ? {} : { transferId: transfer.id, sentDate: day(transfer.created), sentReference: transfer.id });
  if (transfer.amount_reversed > 0) {
    // Reversed in part (an operator in Stripe took some of it back): the line keeps its status and
    // returns exactly the part reversed, once (keyed by the cumulative amount reversed).
    const event: LineEvent = { kind: 'transfer_reversed_in_part', reversedCents: transfer.amount_reversed };
    const inPart = (line: Item): LineChange | null =>
      sameAttempt(line, attempt) && can(line.status as never, event.kind) ? { event, set: known(line), by } : null;
    return (await changeLine(store, ref, inPart, now)).item;
  }
  const record = (line: Item): LineChange | null => (sameAttempt(line, attempt) && !line.transferId ? { set: known(line), by } : null);
  return (await changeLine(store, ref, record, now)).item;
}

/** The Stripe steps of a line that is `sending`: its transfer, then its payout. */
async function drive(ctx: PaymentsContext, ref: LineRef, line: Item, by: string, resumed: boolean): Promise<Item> {
  const attempt = Number(line.attempt);
  const accountId = String(line.accountId);
  const amount = Number(line.amountCents);
  const metadata = railMetadata(ref, attempt);
  let transferId = typeof line.transferId === 'string' ? line.transferId : undefined;
  if (!transferId) {
    let transfer = resumed ? await findTransfer(ctx, ref, attempt, accountId) : undefined;
    if (!transfer) {
      try {
        transfer = await ctx.stripe.transfers.create(
          {
            amount,
            currency: PAYOUT_CURRENCY,
            destination: accountId,
            transfer_group: ref.batchId,
            description: `Drift payout, batch ${ref.batchId}`,
            metadata,
          },
          { idempotencyKey: railKey('transfer', ref, attempt) },
        );
      } catch (error) {
        if (!isRefusal(error)) throw error;
        const reason = reasonOf(error);
        const set = { failureCode: reason.code, failureMessage: reason.message };
        return (await changeLine(ctx.store, ref, onAttempt(attempt, { kind: 'transfer_refused', ...reason }, by, set), ctx.now)).item;
      }
    }
    transferId = transfer.id;
    line = await applyTransfer(ctx, ref, attempt, transfer, by);
  }
  // A Stripe event may have moved the line on meanwhile.
  if (line.status !== 'sending' || !sameAttempt(line, attempt)) return line;
  // A resumed attempt may have made its payout already (the key is kept 24 hours only): look first.
  const made = resumed ? await findPayout(ctx, ref, attempt, accountId) : undefined;
  if (made) return applyPayout(ctx, ref, attempt, made, by);
  let payout: StripePayout;
  try {
    payout = await ctx.stripe.payouts.create(
      { amount, currency: PAYOUT_CURRENCY, description: `Drift payout ${ref.batchId}`, metadata },
      { stripeAccount: accountId, idempotencyKey: railKey('payout', ref, attempt) },
    );
  } catch (error) {
    if (!isRefusal(error)) throw error;
    await reverseTransfer(ctx, transferId, ref, attempt);
    const reason = reasonOf(error);
    const set = { failureCode: reason.code, failureMessage: reason.message };
    return (await changeLine(ctx.store, ref, onAttempt(attempt, { kind: 'payout_refused', ...reason }, by, set), ctx.now)).item;
  }
  return applyPayout(ctx, ref, attempt, payout, by);
}

/** What a new attempt starts from: the account it pays, nothing of the last attempt. */
const newAttemptFields = (accountId: string): Item => ({
  accountId,
  transferId: null,
  payoutId: null,
  expectedArrival: null,
  failureCode: null,
  failureMessage: null,
  sentDate: null,
  sentReference: null,
  paidDate: null,
  paidReference: null,
});

/**
 * Pays one line through Stripe: a pending or awaiting line (Pay now), a failed or awaiting one
 * (`retry`: a failed line takes its amount from the balance again and starts a new attempt), or
 * resumes one left `sending`. An athlete without a payouts-enabled account waits as
 * awaiting_account. Lines in transit or paid are left as they are (a retry of one is a 409).
 */
export async function payLine(ctx: PaymentsContext, ref: LineRef, options: { by: string; retry: boolean }): Promise<PayoutLineView> {
  const account = await readPayoutAccount(ctx.store, { kind: 'athlete', id: ref.athleteId });
  const payable = account?.payoutsEnabled === true;
  let resumed = false;
  const { item, changed } = await changeLine(
    ctx.store,
    ref,
    (line) => {
      const status = line.status as PayoutLineView['status'];
      if (status === 'sending') {
        resumed = true;
        return null;
      }
      const startable = status === 'pending' || status === 'awaiting_account' || (status === 'failed' && options.retry);
      if (!startable) {
        if (options.retry) throw new LineRefusal(status, 'pay');
        return null;
      }
      if (status === 'awaiting_account' && !payable) {
        if (options.retry) throw new Conflict('The athlete has not linked a payout account with payouts enabled yet');
        return null;
      }
      return {
        event: { kind: 'pay', payable },
        set: payable ? newAttemptFields(account.accountId) : { failureCode: null, failureMessage: null },
        by: options.by,
      };
    },
    ctx.now,
  );
  if (item.status !== 'sending') return lineOf(item);
  return lineOf(await drive(ctx, ref, item, options.by, resumed || !changed));
}

/**
 * The athlete linked a payout account (an account.updated event found it can take payouts): each
 * of the athlete's lines awaiting an account, in a collective that pays waiting lines as soon as
 * the athlete links (its setting `payWhenLinked`; off, the next Pay now pays it) and whose own
 * account is linked (the payor of record), is paid now, through payLine as Pay now pays it. Lines
 * left `sending` (Stripe unreachable on an earlier delivery) are resumed. Exactly once however many
 * times the event comes and whatever Pay now does meanwhile: payLine moves the line under its
 * version, and the transfer and payout carry the attempt's idempotency keys. A refusal by Stripe
 * fails the line with its reason (the collective sees it and retries); a failure to reach Stripe
 * throws, so the event is delivered again.
 */
export async function payWaitingLines(ctx: PaymentsContext, athleteId: number, by: string): Promise<number> {
  const account = await readPayoutAccount(ctx.store, { kind: 'athlete', id: athleteId });
  if (account?.payoutsEnabled !== true) return 0;
  const copies = await ctx.store.query(keys.athletePartition(athleteId), MAX_PAYOUT_LINES, { beginsWith: keys.athletePayoutPrefix });
  const waiting = copies.filter((l) => l.status === 'awaiting_account' || (l.status === 'sending' && !l.transferId));
  if (!waiting.length) return 0;
  const settings = await readSettings(
    ctx.store,
    waiting.map((l) => Number(l.collectiveId)),
  );
  let paid = 0;
  for (const line of waiting) {
    const collectiveId = Number(line.collectiveId);
    if (!settings.get(collectiveId)?.payWhenLinked) continue;
    const payor = await readPayoutAccount(ctx.store, { kind: 'collective', id: collectiveId });
    if (!payor?.detailsSubmitted) continue; // Pay now would refuse too: the collective must link first.
    try {
      await payLine(ctx, { collectiveId, batchId: String(line.batchId), athleteId }, { by, retry: false });
      paid++;
    } catch (error) {
      if (error instanceof LineRefusal || error instanceof Conflict) continue; // moved on meanwhile
      throw error;
    }
  }
  return paid;
}

export interface PayBatchResult {
  batch: PayoutBatchView;
  /** Lines Stripe could not be reached for (left `sending`: Pay now again finishes them). */
  errors: Array<{ athleteId: number; message: string }>;
  /** Lines not started before the time budget ran out (Pay now again pays them). */
  notStarted: number;
}

/** The collective's own account must be linked before it instructs payouts (it is the payor of record). */
export async function requirePayorLinked(ctx: PaymentsContext, collectiveId: number): Promise<void> {
  const own = await readPayoutAccount(ctx.store, { kind: 'collective', id: collectiveId });
  if (!own?.detailsSubmitted) throw new Conflict("Link your collective's Stripe account first (Payouts: Link Stripe): it is the payor of record");
}

/**
 * Pay now: every line of the batch that is pending, awaiting a payout account or unfinished, a few
 * at a time, within `budgetMs` (the rest: Pay now again). Paying a batch twice changes nothing twice:
 * each line moves on from where it is, with its attempt's keys.
 */
export async function payBatch(
  ctx: PaymentsContext,
  ref: { collectiveId: number; batchId: string },
  options: { by: string; budgetMs?: number; concurrency?: number },
): Promise<PayBatchResult> {
  const started = Date.now();
  const batch = await readBatch(ctx.store, ref.collectiveId, ref.batchId);
  if (batch.status !== 'created') throw new Conflict('This batch is still being created: try again in a moment');
  await ctx.store.write({
    update: keys.payoutBatch(ref.collectiveId, ref.batchId),
    set: { payNowAt: ctx.now(), payNowBy: options.by },
    condition: { exists: true },
  });
  const todo = (batch.lines ?? []).filter((l) => l.status === 'pending' || l.status === 'awaiting_account' || l.status === 'sending');
  const errors: PayBatchResult['errors'] = [];
  let notStarted = 0;
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < todo.length) {
      const line = todo[nextIndex++];
      if (Date.now() - started > (options.budgetMs ?? 20_000)) {
        notStarted++;
        continue;
      }
      try {
        await payLine(ctx, { ...ref, athleteId: line.athleteId }, { by: options.by, retry: false });
      } catch (error) {
        if (error instanceof LineRefusal || error instanceof Conflict) continue; // moved on meanwhile
        errors.push({
          athleteId: line.athleteId,
          message: error instanceof StripeApiError ? `Stripe: ${error.message}` : 'Could not be sent now; Pay now again finishes it',
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 3) }, worker));
  return { batch: await readBatch(ctx.store, ref.collectiveId, ref.batchId), errors, notStarted };
}
