// The payout line's state machine (shared/payments/payout-line.ts), both rails: what each event
// does from each status, what each step moves (the amount back to the balance or taken again, the
// year's paid total), that a line holds its amount exactly in the states that say so, and that the
// CSV rail's order in lambdas/money/payouts.ts (markOnce: marked by hand only before Stripe took
// the line on) is the table's.
import { TRANSITIONS, LineRefusal, actions, can, holdsAmount, lineLabel, netCents, next, type LineEvent } from '#shared/payments/payout-line';
import { provisionEntry, returnedSplit } from '#lambdas/money/provisions';
import type { PayoutLineStatus } from '#shared/money/payouts-api';
import { markPayout } from '#lambdas/money/payouts';
import { Conflict } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { fundedBatch } from '../support/payout-rail';

const STATUSES: PayoutLineStatus[] = ['pending', 'awaiting_account', 'sending', 'in_transit', 'paid', 'failed', 'sent'];
const EVENTS: LineEvent[] = [
  { kind: 'pay', payable: true },
  { kind: 'pay', payable: false },
  { kind: 'transfer_refused', code: 'balance_insufficient', message: 'm' },
  { kind: 'payout_refused', code: 'payouts_not_allowed', message: 'm' },
  { kind: 'payout_in_transit' },
  { kind: 'payout_paid' },
  { kind: 'payout_failed', code: 'no_account', message: 'm' },
  { kind: 'transfer_reversed' },
  { kind: 'mark_sent' },
  { kind: 'mark_paid' },
];

it('walks the Stripe rail: pay, in transit, paid; failures return the amount, a retry takes it again as a new attempt', () => {
  expect(next('pending', { kind: 'pay', payable: true })).toEqual({ to: 'sending', newAttempt: true, ledger: null, paid: 0 });
  expect(next('pending', { kind: 'pay', payable: false })).toEqual({ to: 'awaiting_account', newAttempt: false, ledger: null, paid: 0 });
  expect(next('awaiting_account', { kind: 'pay', payable: false })).toBeNull();
  expect(next('sending', { kind: 'payout_in_transit' })?.to).toBe('in_transit');
  expect(next('in_transit', { kind: 'payout_paid' })).toEqual({ to: 'paid', newAttempt: false, ledger: null, paid: 1 });
  expect(next('in_transit', { kind: 'payout_failed', code: 'no_account', message: 'm' })).toEqual({
    to: 'failed',
    newAttempt: false,
    ledger: 'return',
    paid: 0,
  });
  expect(next('paid', { kind: 'transfer_reversed' })).toEqual({ to: 'failed', newAttempt: false, ledger: 'return', paid: -1 });
  expect(next('failed', { kind: 'pay', payable: true })).toEqual({ to: 'sending', newAttempt: true, ledger: 'take', paid: 0 });
  expect(next('failed', { kind: 'pay', payable: false })).toEqual({ to: 'awaiting_account', newAttempt: false, ledger: 'take', paid: 0 });
  // Repeats change nothing; a paid line is never paid again.
  expect(next('paid', { kind: 'payout_paid' })).toBeNull();
  expect(next('paid', { kind: 'pay', payable: true })).toBeNull();
  expect(() => next('paid', { kind: 'mark_paid' })).toThrow(LineRefusal);
  expect(() => next('in_transit', { kind: 'mark_sent' })).toThrow('Not possible: this payout is on its way to the bank through Stripe');
});

it('moves the amount exactly when a step crosses between holding and not holding it, and counts a payment once', () => {
  for (const from of STATUSES)
    for (const event of EVENTS) {
      let step;
      try {
        step = next(from, event);
      } catch (error) {
        expect(error).toBeInstanceOf(LineRefusal);
        expect(can(from, event.kind)).toBe(false);
        continue;
      }
      if (!step) continue;
      const expected = holdsAmount(from) === holdsAmount(step.to) ? null : holdsAmount(step.to) ? 'take' : 'return';
      expect([from, event.kind, step.ledger]).toEqual([from, event.kind, expected]);
      expect([from, event.kind, step.paid]).toEqual([
        from,
        event.kind,
        step.to === 'paid' && from !== 'paid' ? 1 : from === 'paid' && step.to !== 'paid' ? -1 : 0,
      ]);
    }
});

it("keeps the CSV rail's order: marked by hand only before Stripe took the line on", () => {
  for (const status of STATUSES) {
    const byHand = status === 'pending' || status === 'awaiting_account' || status === 'sent';
    expect([status, can(status, 'mark_paid')]).toEqual([status, byHand]);
    expect([status, can(status, 'mark_sent')]).toEqual([status, status === 'pending' || status === 'awaiting_account']);
  }
  expect(Object.keys(TRANSITIONS).sort()).toEqual([...STATUSES].sort());
  expect(actions('failed')).toEqual(['retry']);
  expect(actions('pending')).toEqual(['pay', 'mark_sent', 'mark_paid']);
  expect(actions('paid')).toEqual([]);
});

it('marks a line by hand (markPayout) exactly when the table lets the CSV rail', async () => {
  for (const status of STATUSES)
    for (const mark of ['sent', 'paid'] as const) {
      const store = createMemoryStore();
      let clock = Date.parse('2026-10-02T00:00:00.000Z');
      const now = () => new Date((clock += 1000)).toISOString();
      const batch = await fundedBatch(store, 1, { 1: 1_000 }, now);
      const key = keys.payoutLine(1, batch.batchId, 1);
      await store.write({ update: key, set: { status } });
      const marked = markPayout(store, {
        collectiveId: 1,
        batchId: batch.batchId,
        athleteId: 1,
        status: mark,
        date: '2026-10-02',
        reference: 'ACH-1',
        idempotencyKey: `k-${status}-${mark}`,
        by: 'u',
        now,
      });
      if (can(status, mark === 'sent' ? 'mark_sent' : 'mark_paid')) await expect(marked).resolves.toMatchObject({ status: mark });
      else await expect(marked).rejects.toBeInstanceOf(Conflict);
    }
});

it('keeps the status on a transfer reversed in part and returns only the part (the line store computes it from the cumulative amount reversed)', () => {
  for (const status of ['sending', 'in_transit'] as const)
    expect(next(status, { kind: 'transfer_reversed_in_part', reversedCents: 100 })).toEqual({
      to: status,
      newAttempt: false,
      ledger: 'return',
      paid: 0,
      part: true,
    });
  // A paid line stays paid: the part comes off the year's paid total.
  expect(next('paid', { kind: 'transfer_reversed_in_part', reversedCents: 100 })).toEqual({
    to: 'paid',
    newAttempt: false,
    ledger: 'return',
    paid: -1,
    part: true,
  });
  // A failed line returned everything already; lines Stripe never took on have no transfer.
  expect(next('failed', { kind: 'transfer_reversed_in_part', reversedCents: 100 })).toBeNull();
  for (const status of ['pending', 'awaiting_account', 'sent'] as const) expect(can(status, 'transfer_reversed_in_part')).toBe(false);
  expect(lineLabel({ status: 'paid', reversedCents: 100 })).toBe('Paid, reversed in part');
  expect(lineLabel({ status: 'paid' })).toBe('Paid');
  expect(netCents({ amountCents: 1_000, reversedCents: 250 })).toBe(750);
});

it('splits a part reversed royalties first, allocated donations last, so the parts always add up to the line', () => {
  // 1,000 of which 300 allocated donations: royalties 700.
  const line = { amountCents: 1_000, allocationCents: 300 };
  expect(returnedSplit(line, 0, 500)).toEqual({ royaltyCents: 500, activationCents: 0, allocationCents: 0 });
  expect(returnedSplit(line, 500, 400)).toEqual({ royaltyCents: 200, activationCents: 0, allocationCents: 200 });
  expect(returnedSplit(line, 900, 100)).toEqual({ royaltyCents: 0, activationCents: 0, allocationCents: 100 });
  // What stays paid after 250 reversed, then the rest reversed: the line's own split.
  expect(provisionEntry({ ...line, reversedCents: 250 }, 1, '2026-11-01', 2026, null, 'now')).toMatchObject({
    cents: 750,
    royaltyCents: 450,
    allocationCents: 300,
  });
  expect(provisionEntry(line, -1, 'now', 2026, null, 'now', { before: 0, cents: 250 })).toMatchObject({ cents: -250, royaltyCents: -250, allocationCents: -0 });
});
