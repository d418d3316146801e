// Property: the Stripe payout rail (lambdas/payments/payout-rail.ts, payout-events.ts, the webhook's
// receiveStripeEvent) against the local Stripe stand-in, over any interleaving of Pay now (alone or
// twice at once), Retry, payouts settling (paid, or failed as the test bank account says), Stripe's
// events delivered in any order and again, an operator reversing a transfer in Stripe (in full or
// in part), and an
// athlete linking an account late. Once everything has settled and every event has arrived:
// - each athlete's paid total (its year's paidCents) equals the sum of its transfers not reversed
//   (a paid line reversed in part counts its amount less the part; the part is back in the balance);
// - no line is paid twice: at most one transfer per line stands, at most one paid payout per line;
// - a line is paid exactly when its transfer stands and its payout was paid; a failed line's amount
//   is back in the balance (the ledger's payout entries of a failed line add up to 0: verify);
// - `verify` finds no difference.
import fc from 'fast-check';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import type { ContributionOptions } from '#shared/orders/contribution';
import { balanceOf } from '#shared/money/ledger';
import { ledgerHeadOf } from '#lambdas/money/athlete-total';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import type { PaymentsContext } from '#lambdas/payments/connect-accounts';
import { payBatch, payLine, railRefOf } from '#lambdas/payments/payout-rail';
import { athletePayouts, collectivePayouts } from '#lambdas/money/payouts';
import { saveSettings } from '#lambdas/money/compliance-settings';
import { lineLabel } from '#shared/payments/payout-line';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import { createStripeClient, type StripeClient, type StripePayout, type StripeTransfer } from '#lambdas/platform/stripe-client';
import { verifyItems } from '../../scripts/lib/verify';
import { startLocalStripe, type Running } from '../support/local-stripe';
import { BANK, deliver, fundedBatch, link, standInEvents } from '../support/payout-rail';

jest.setTimeout(240_000);

const index = indexCatalog(SAMPLE_CATALOG);
const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (k) => buyerAlias(k, 'salt') };
// Athlete 1 is paid, athlete 2's bank refuses every payout (no_account), athlete 3 has no account at
// first. Each run has its own collective and athletes (Stripe's idempotency keys and metadata name them).
const AMOUNTS: Record<number, number> = { 1: 12_345, 2: 5_000, 3: 777 };

type Op =
  | { kind: 'pay'; twice: boolean }
  | { kind: 'retry'; athlete: number }
  | { kind: 'settle' }
  | { kind: 'deliver'; pick: number; times: number }
  | { kind: 'deliverAll'; reversed: boolean }
  | { kind: 'reverse'; athlete: number }
  | { kind: 'reverseInPart'; athlete: number; cents: number }
  | { kind: 'linkLate' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), twice: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('retry' as const), athlete: fc.constantFrom(1, 2, 3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(1000), times: fc.integer({ min: 1, max: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deliverAll' as const), reversed: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), athlete: fc.constantFrom(1, 2, 3) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('reverseInPart' as const), athlete: fc.constantFrom(1, 2, 3), cents: fc.integer({ min: 1, max: 400 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('linkLate' as const) }) },
);

let local: Running;
let stripe: StripeClient;
let run = 0;
/** What the runs reached (the property must have met paid, failed and retried lines to mean anything). */
const reached = { paid: 0, failed: 0, awaiting: 0, inPart: 0 };

beforeAll(async () => {
  local = await startLocalStripe({ basePath: '', payoutDelayMs: 5, startingBalance: 1_000_000_000, log: () => undefined });
  stripe = createStripeClient({ apiKey: 'sk_test_rail', baseUrl: local.origin, retryDelayMs: 5 });
});

afterAll(async () => {
  await local?.close();
});

/** Expected refusals of a step (a retry of a line that is not failed, a line moved on meanwhile). */
const refused = (error: unknown) => error instanceof Error && ['LineRefusal', 'Conflict'].includes(error.constructor.name);

async function transfersOf(collectiveId: number, batchId: string, athleteId: number): Promise<StripeTransfer[]> {
  const list = await stripe.transfers.list({ transfer_group: batchId, limit: 100 });
  return list.data.filter((t) => {
    const ref = railRefOf(t.metadata);
    return ref?.collectiveId === collectiveId && ref.athleteId === athleteId;
  });
}

async function paidPayoutsOf(accountId: string | undefined, batchId: string): Promise<StripePayout[]> {
  if (!accountId) return [];
  const list = await stripe.request<{ data: StripePayout[] }>('GET', '/v1/payouts', { params: { limit: 100 }, stripeAccount: accountId });
  return list.data.filter((p) => p.status === 'paid' && p.metadata?.batchId === batchId);
}

it('pays each line at most once, and the paid totals, the transfers and the balances agree after any interleaving', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
      const collectiveId = 100 + ++run;
      const id = (n: number) => collectiveId * 10 + n;
      const CREDITS: Record<number, number> = { [id(1)]: AMOUNTS[1], [id(2)]: AMOUNTS[2], [id(3)]: AMOUNTS[3] };
      const store = createMemoryStore({ yieldBetween: () => new Promise((r) => setImmediate(r)) });
      let clock = Date.parse('2026-10-02T00:00:00.000Z');
      const now = () => new Date((clock += 1000)).toISOString();
      const ctx: PaymentsContext = { store, stripe, now };
      const batch = await fundedBatch(store, collectiveId, CREDITS, now);
      const ref = { collectiveId, batchId: batch.batchId };
      const eventsBefore = new Set(standInEvents(local).map((e) => e.id));
      const ours = () => standInEvents(local).filter((e) => !eventsBefore.has(e.id));
      const accounts: Record<number, string | undefined> = {};
      accounts[id(1)] = (await link(ctx, { kind: 'athlete', id: id(1), collectiveId }, BANK.ok))!.accountId;
      accounts[id(2)] = (await link(ctx, { kind: 'athlete', id: id(2), collectiveId }, BANK.noAccount))!.accountId;

      for (const op of ops) {
        if (op.kind === 'pay') {
          const runs = op.twice ? [payBatch(ctx, ref, { by: 'u' }), payBatch(ctx, ref, { by: 'u' })] : [payBatch(ctx, ref, { by: 'u' })];
          for (const result of await Promise.all(runs)) expect(result.errors).toEqual([]);
        } else if (op.kind === 'retry') {
          await payLine(ctx, { ...ref, athleteId: id(op.athlete) }, { by: 'u', retry: true }).catch((error: unknown) => {
            if (!refused(error)) throw error;
          });
        } else if (op.kind === 'settle') {
          await local.stripe.idle();
        } else if (op.kind === 'deliver') {
          const events = ours();
          if (events.length) for (let i = 0; i < op.times; i++) await deliver(store, stripe, events[op.pick % events.length]);
        } else if (op.kind === 'deliverAll') {
          const events = ours();
          for (const event of op.reversed ? events.reverse() : events) await deliver(store, stripe, event);
        } else if (op.kind === 'reverse') {
          // An operator reverses the athlete's standing transfer in Stripe's dashboard.
          const standing = (await transfersOf(collectiveId, batch.batchId, id(op.athlete))).find((t) => t.amount_reversed < t.amount);
          if (standing) await stripe.transfers.createReversal(standing.id, {});
        } else if (op.kind === 'reverseInPart') {
          // An operator takes part of it back in Stripe (never all of it: that is `reverse`).
          const standing = (await transfersOf(collectiveId, batch.batchId, id(op.athlete))).find((t) => t.amount - t.amount_reversed > op.cents);
          if (standing) await stripe.transfers.createReversal(standing.id, { amount: op.cents });
        } else if (op.kind === 'linkLate' && !accounts[id(3)]) {
          accounts[id(3)] = (await link(ctx, { kind: 'athlete', id: id(3), collectiveId }, BANK.ok))!.accountId;
        }
      }
      // Everything settles and every event arrives (again: duplicates change nothing).
      await local.stripe.idle();
      for (const event of ours()) await deliver(store, stripe, event);
      await local.stripe.idle();
      for (const event of ours()) await deliver(store, stripe, event);

      const items = store.all();
      for (const athleteId of [id(1), id(2), id(3)]) {
        const line = items.find(
          (i) => i.PK === keys.payoutLine(collectiveId, batch.batchId, athleteId).PK && i.SK === keys.payoutLine(collectiveId, batch.batchId, athleteId).SK,
        )!;
        const transfers = await transfersOf(collectiveId, batch.batchId, athleteId);
        const standing = transfers.filter((t) => t.amount_reversed < t.amount);
        const netCents = transfers.reduce((n, t) => n + t.amount - t.amount_reversed, 0);
        const paidPayouts = await paidPayoutsOf(accounts[athleteId], batch.batchId);
        const year = items.find((i) => i.PK === keys.athleteYear(athleteId, 2026).PK && i.SK === keys.athleteYear(athleteId, 2026).SK);
        const paidCents = Number(year?.paidCents ?? 0);
        // What the line's current transfer had reversed in part (a failed line returned the rest).
        const reversedInPart = line.status === 'failed' ? 0 : Number(line.reversedCents ?? 0);
        // No line is paid twice; the paid total is what its transfers moved.
        expect(standing.length).toBeLessThanOrEqual(1);
        expect(paidCents).toBe(netCents);
        expect(paidCents).toBe(line.status === 'paid' ? CREDITS[athleteId] - reversedInPart : 0);
        if (line.status === 'paid') {
          expect(netCents).toBe(CREDITS[athleteId] - reversedInPart);
          expect(paidPayouts.length).toBe(1);
        } else expect(netCents).toBe(0);
        // Nothing is left half-way once Stripe settled and its events arrived.
        expect(['pending', 'awaiting_account', 'paid', 'failed']).toContain(line.status);
        if (line.status === 'paid') reached.paid++;
        if (line.status === 'failed') reached.failed++;
        if (line.status === 'awaiting_account') reached.awaiting++;
        if (athleteId === id(2)) expect(line.status).not.toBe('paid');
        if (reversedInPart > 0) reached.inPart++;
        // The balance: a failed line's amount is back, a held one (paid, pending, awaiting) is out
        // but for the part of its transfer reversed in part.
        const total = items.find((i) => keyString(i as never) === keyString(keys.aggTotal(athleteId)));
        const balance = balanceOf(ledgerHeadOf(total?.ledger));
        expect(balance).toBe(line.status === 'failed' ? CREDITS[athleteId] : reversedInPart);
      }
      expect(verifyItems(items, index, options).differences).toEqual([]);
    }),
    { numRuns: 40 },
  );
  expect(reached.paid).toBeGreaterThan(0);
  expect(reached.failed).toBeGreaterThan(0);
  expect(reached.awaiting).toBeGreaterThan(0);
  expect(reached.inPart).toBeGreaterThan(0);
});

it('walks one batch through paid, failed, awaiting, a late link, a reversal in Stripe and a retry Stripe refuses', async () => {
  const collectiveId = 900;
  const [a, b, c] = [9001, 9002, 9003];
  const store = createMemoryStore();
  let clock = Date.parse('2026-10-02T00:00:00.000Z');
  const now = () => new Date((clock += 1000)).toISOString();
  const ctx: PaymentsContext = { store, stripe, now };
  const batch = await fundedBatch(store, collectiveId, { [a]: 10_000, [b]: 2_500, [c]: 400 }, now);
  const ref = { collectiveId, batchId: batch.batchId };
  const before = new Set(standInEvents(local).map((e) => e.id));
  const flush = async () => {
    await local.stripe.idle();
    for (const event of standInEvents(local).filter((e) => !before.has(e.id))) await deliver(store, stripe, event);
  };
  const line = async (athleteId: number) =>
    (await store.get([keys.payoutLine(collectiveId, batch.batchId, athleteId)])).get(keyString(keys.payoutLine(collectiveId, batch.batchId, athleteId)))!;
  const balance = async (athleteId: number) =>
    balanceOf(ledgerHeadOf((await store.get([keys.aggTotal(athleteId)])).get(keyString(keys.aggTotal(athleteId)))?.ledger));
  await link(ctx, { kind: 'athlete', id: a, collectiveId }, BANK.ok);
  await link(ctx, { kind: 'athlete', id: b, collectiveId }, BANK.closed);

  const paid = await payBatch(ctx, ref, { by: 'u' });
  expect(paid.errors).toEqual([]);
  expect(paid.batch.lines!.map((l) => [l.athleteId, l.status]).sort()).toEqual([
    [a, 'in_transit'],
    [b, 'in_transit'],
    [c, 'awaiting_account'],
  ]);
  await flush();
  expect(await line(a)).toMatchObject({ status: 'paid', attempt: 1 });
  expect(await line(b)).toMatchObject({ status: 'failed', failureCode: 'account_closed' });
  expect(await balance(b)).toBe(2_500);
  expect(await balance(a)).toBe(0);
  // Pay now again changes nothing for them; the waiting line still waits.
  await payBatch(ctx, ref, { by: 'u' });
  expect((await transfersOf(collectiveId, batch.batchId, a)).length).toBe(1);
  expect(await line(c)).toMatchObject({ status: 'awaiting_account' });

  // The athlete links an account: Pay now pays the waiting line.
  await link(ctx, { kind: 'athlete', id: c, collectiveId }, BANK.ok);
  await payBatch(ctx, ref, { by: 'u' });
  await flush();
  expect(await line(c)).toMatchObject({ status: 'paid' });

  // An operator reverses a's transfer in Stripe after the payout was paid: the line fails and its
  // amount is back in the balance; the athlete's Stripe balance is now negative (the money was paid
  // out), so a retry's payout is refused by Stripe and its transfer reversed: still one standing transfer at most.
  const [transfer] = await transfersOf(collectiveId, batch.batchId, a);
  await stripe.transfers.createReversal(transfer.id, {});
  await flush();
  expect(await line(a)).toMatchObject({ status: 'failed', failureCode: 'transfer_reversed' });
  expect(await balance(a)).toBe(10_000);
  await payLine(ctx, { ...ref, athleteId: a }, { by: 'u', retry: true });
  await flush();
  expect(await line(a)).toMatchObject({ status: 'failed', attempt: 2, failureCode: 'balance_insufficient' });
  expect(await balance(a)).toBe(10_000);
  expect((await transfersOf(collectiveId, batch.batchId, a)).filter((t) => t.amount_reversed < t.amount)).toHaveLength(0);
  const year = (await store.get([keys.athleteYear(a, 2026)])).get(keyString(keys.athleteYear(a, 2026)));
  expect(year?.paidCents).toBe(0);
  expect(verifyItems(store.all(), index, options).differences).toEqual([]);
});

it('counts paid lines only as paid out: lines on their way are sent, lines without an account awaiting, on both screens', async () => {
  const collectiveId = 960;
  const [a, c] = [9601, 9603];
  const store = createMemoryStore();
  let clock = Date.parse('2026-10-02T00:00:00.000Z');
  const now = () => new Date((clock += 1000)).toISOString();
  const ctx: PaymentsContext = { store, stripe, now };
  const batch = await fundedBatch(store, collectiveId, { [a]: 10_000, [c]: 400 }, now);
  await link(ctx, { kind: 'athlete', id: a, collectiveId }, BANK.ok);
  await payBatch(ctx, { collectiveId, batchId: batch.batchId }, { by: 'u' });
  const figures = async (athleteId: number) => {
    const { paidOutCents, sentCents, awaitingCents } = await athletePayouts(store, athleteId, 2026);
    return { paidOutCents, sentCents, awaitingCents };
  };
  // On its way (in transit), and waiting for an account: neither is paid out yet.
  expect(await figures(a)).toEqual({ paidOutCents: 0, sentCents: 10_000, awaitingCents: 0 });
  expect(await figures(c)).toEqual({ paidOutCents: 0, sentCents: 0, awaitingCents: 400 });
  await local.stripe.idle();
  for (const event of standInEvents(local).filter((e) => e.account || (e.data.object as { transfer_group?: string }).transfer_group === batch.batchId))
    await deliver(store, stripe, event);
  expect(await figures(a)).toEqual({ paidOutCents: 10_000, sentCents: 0, awaitingCents: 0 });
  // The collective sees the same figures for each member.
  const seen = await collectivePayouts(store, { id: collectiveId, members: [a, c] }, 2026, new Date(now()));
  expect(seen.members.map((m) => [m.athleteId, m.payouts])).toEqual([
    [a, { paidOutCents: 10_000, sentCents: 0, awaitingCents: 0 }],
    [c, { paidOutCents: 0, sentCents: 0, awaitingCents: 400 }],
  ]);
});

it('keeps a line paid but reversed in part when an operator reverses part of its transfer: the part, once, back in the balance and off the paid total', async () => {
  const collectiveId = 970;
  const a = 9701;
  const store = createMemoryStore();
  let clock = Date.parse('2026-10-02T00:00:00.000Z');
  const now = () => new Date((clock += 1000)).toISOString();
  const ctx: PaymentsContext = { store, stripe, now };
  const batch = await fundedBatch(store, collectiveId, { [a]: 10_000 }, now);
  const ref = { collectiveId, batchId: batch.batchId };
  const before = new Set(standInEvents(local).map((e) => e.id));
  const ours = () => standInEvents(local).filter((e) => !before.has(e.id));
  // Every event so far, in order, then again in reverse order (replays and reordering).
  const flush = async () => {
    await local.stripe.idle();
    for (const event of ours()) await deliver(store, stripe, event);
    for (const event of ours().reverse()) await deliver(store, stripe, event);
  };
  const lineKey = keys.payoutLine(collectiveId, batch.batchId, a);
  const line = async () => (await store.get([lineKey])).get(keyString(lineKey))!;
  const balance = async () => balanceOf(ledgerHeadOf((await store.get([keys.aggTotal(a)])).get(keyString(keys.aggTotal(a)))?.ledger));
  const yearPaid = async () => Number((await store.get([keys.athleteYear(a, 2026)])).get(keyString(keys.athleteYear(a, 2026)))?.paidCents ?? 0);
  const payoutEntries = () =>
    store
      .all()
      .filter((i) => String(i.PK) === keys.athletePartition(a) && i.type === 'ledger' && i.kind === 'payout')
      .map((i) => Number(i.payoutCents));
  await link(ctx, { kind: 'athlete', id: a, collectiveId }, BANK.ok);
  await payBatch(ctx, ref, { by: 'u' });
  await flush();
  expect(await line()).toMatchObject({ status: 'paid' });
  const [transfer] = await transfersOf(collectiveId, batch.batchId, a);

  // The stand-in reverses part of it as Stripe does (POST /v1/transfers/{id}/reversals with an amount, transfer.reversed).
  await stripe.transfers.createReversal(transfer.id, { amount: 2_500 });
  await flush();
  expect(await line()).toMatchObject({ status: 'paid', reversedCents: 2_500 });
  expect(await balance()).toBe(2_500);
  expect(await yearPaid()).toBe(7_500);
  expect(payoutEntries()).toEqual([10_000, -2_500]);
  const shown = await athletePayouts(store, a, 2026);
  expect(shown).toMatchObject({ paidOutCents: 7_500, sentCents: 0, awaitingCents: 0, year: { paidCents: 7_500 } });
  expect(shown.payouts[0]).toMatchObject({ status: 'paid', reversedCents: 2_500 });
  expect(lineLabel(shown.payouts[0])).toBe('Paid, reversed in part');
  // Audited once in the collective's log however often the event came, the athlete told.
  const audits = store.all().filter((i) => i.action === 'payout.reversed_in_part');
  expect(audits).toHaveLength(1);
  expect(audits[0]).toMatchObject({ after: { status: 'paid', reversedCents: 2_500 } });
  expect(verifyItems(store.all(), index, options).differences).toEqual([]);

  // A second part: only what the amount reversed grew by.
  await stripe.transfers.createReversal(transfer.id, { amount: 1_000 });
  await flush();
  expect(await line()).toMatchObject({ status: 'paid', reversedCents: 3_500 });
  expect(payoutEntries()).toEqual([10_000, -2_500, -1_000]);
  expect(await yearPaid()).toBe(6_500);
  expect(verifyItems(store.all(), index, options).differences).toEqual([]);

  // The rest reversed: the line fails, the rest (not the whole amount again) is back in the balance.
  await stripe.transfers.createReversal(transfer.id, {});
  await flush();
  expect(await line()).toMatchObject({ status: 'failed', failureCode: 'transfer_reversed' });
  expect(payoutEntries()).toEqual([10_000, -2_500, -1_000, -6_500]);
  expect(await balance()).toBe(10_000);
  expect(await yearPaid()).toBe(0);
  expect(verifyItems(store.all(), index, options).differences).toEqual([]);
});

it('pays a waiting line once the athlete links: at once when the collective says so (exactly once under duplicated events and a concurrent Pay now), else with the next Pay now', async () => {
  const store = createMemoryStore({ yieldBetween: () => new Promise((r) => setImmediate(r)) });
  let clock = Date.parse('2026-10-02T00:00:00.000Z');
  const now = () => new Date((clock += 1000)).toISOString();
  const ctx: PaymentsContext = { store, stripe, now };
  const [atOnce, later] = [980, 981];
  const [a, b] = [9801, 9811];
  await saveSettings(store, atOnce, { payorGroup: null, allocationForm: 'misc3', schoolPolicyDays: null, payWhenLinked: true }, 'u', now());
  const batches = { [atOnce]: await fundedBatch(store, atOnce, { [a]: 700 }, now), [later]: await fundedBatch(store, later, { [b]: 900 }, now) };
  for (const collectiveId of [atOnce, later]) {
    await link(ctx, { kind: 'collective', id: collectiveId }, BANK.ok);
    await payBatch(ctx, { collectiveId, batchId: batches[collectiveId].batchId }, { by: 'u' });
  }
  const lineOfAthlete = async (collectiveId: number, athleteId: number) => {
    const key = keys.payoutLine(collectiveId, batches[collectiveId].batchId, athleteId);
    return (await store.get([key])).get(keyString(key))!;
  };
  expect(await lineOfAthlete(atOnce, a)).toMatchObject({ status: 'awaiting_account' });
  // The athlete's screen says what linking will do.
  expect((await athletePayouts(store, a, 2026)).payouts[0]).toMatchObject({ status: 'awaiting_account', whenLinked: 'at_once' });
  expect((await athletePayouts(store, b, 2026)).payouts[0]).toMatchObject({ status: 'awaiting_account', whenLinked: 'next_payout' });

  const before = new Set(standInEvents(local).map((e) => e.id));
  const accountA = (await link(ctx, { kind: 'athlete', id: a, collectiveId: atOnce }, BANK.ok))!.accountId;
  const accountB = (await link(ctx, { kind: 'athlete', id: b, collectiveId: later }, BANK.ok))!.accountId;
  const updates = (accountId: string) =>
    standInEvents(local).filter((e) => !before.has(e.id) && e.type === 'account.updated' && (e.account ?? (e.data.object as { id: string }).id) === accountId);
  expect(updates(accountA).length).toBeGreaterThan(0);
  // Stripe's account.updated, delivered twice at once: the line is sent without anyone pressing anything.
  const [first, ...others] = updates(accountA);
  await Promise.all([deliver(store, stripe, first), deliver(store, stripe, first)]);
  expect(['sending', 'in_transit', 'paid']).toContain((await lineOfAthlete(atOnce, a)).status);
  // Its other events again, while the collective presses Pay now.
  await Promise.all([
    payBatch(ctx, { collectiveId: atOnce, batchId: batches[atOnce].batchId }, { by: 'u' }),
    ...[first, ...others].map((e) => deliver(store, stripe, e)),
  ]);
  for (const e of updates(accountB)) await deliver(store, stripe, e);
  await local.stripe.idle();
  const moved = standInEvents(local).filter((e) => !before.has(e.id) && e.type !== 'account.updated');
  for (const e of moved) await deliver(store, stripe, e);
  expect(await lineOfAthlete(atOnce, a)).toMatchObject({ status: 'paid', attempt: 1 });
  expect((await transfersOf(atOnce, batches[atOnce].batchId, a)).length).toBe(1);
  expect(await paidPayoutsOf(accountA, batches[atOnce].batchId)).toHaveLength(1);
  expect((await store.get([keys.athleteYear(a, 2026)])).get(keyString(keys.athleteYear(a, 2026)))?.paidCents).toBe(700);

  // The other collective pays it with its next Pay now: until then it waits, and says so.
  expect(await lineOfAthlete(later, b)).toMatchObject({ status: 'awaiting_account' });
  expect((await athletePayouts(store, b, 2026)).payouts[0]).toMatchObject({ whenLinked: 'next_payout' });
  await payBatch(ctx, { collectiveId: later, batchId: batches[later].batchId }, { by: 'u' });
  expect(['in_transit', 'paid']).toContain((await lineOfAthlete(later, b)).status);
  expect(verifyItems(store.all(), index, options).differences).toEqual([]);
});

it("fails a line the platform balance cannot cover with Stripe's reason, and a retry after a top-up pays it with one more transfer", async () => {
  const small = await startLocalStripe({ basePath: '', payoutDelayMs: 5, startingBalance: 3_000, log: () => undefined });
  try {
    const client = createStripeClient({ apiKey: 'sk_test_rail', baseUrl: small.origin, retryDelayMs: 5 });
    const store = createMemoryStore();
    let clock = Date.parse('2026-10-02T00:00:00.000Z');
    const now = () => new Date((clock += 1000)).toISOString();
    const ctx: PaymentsContext = { store, stripe: client, now };
    const batch = await fundedBatch(store, 1, { 1: 10_000 }, now);
    await link(ctx, { kind: 'athlete', id: 1, collectiveId: 1 }, BANK.ok);
    const ref = { collectiveId: 1, batchId: batch.batchId, athleteId: 1 };
    await payBatch(ctx, ref, { by: 'u' });
    const lineKey = keys.payoutLine(1, batch.batchId, 1);
    const read = async () => (await store.get([lineKey])).get(keyString(lineKey))!;
    expect(await read()).toMatchObject({ status: 'failed', failureCode: 'balance_insufficient', attempt: 1 });
    expect(balanceOf(ledgerHeadOf((await store.get([keys.aggTotal(1)])).get(keyString(keys.aggTotal(1)))?.ledger))).toBe(10_000);
    await client.request('POST', '/v1/topups', { params: { amount: 20_000, currency: 'usd' } });
    await payLine(ctx, ref, { by: 'u', retry: true });
    await small.stripe.idle();
    for (const event of small.stripe.events().map((e) => e.event)) await deliver(store, client, event);
    expect(await read()).toMatchObject({ status: 'paid', attempt: 2 });
    expect((await client.transfers.list({ transfer_group: batch.batchId })).data).toHaveLength(1);
    expect(verifyItems(store.all(), index, options).differences).toEqual([]);
  } finally {
    await small.close();
  }
});

it('resumes a line left sending after a crash without a second transfer or payout, even once the idempotency keys expired', async () => {
  const collectiveId = 950;
  const athleteId = 9501;
  const store = createMemoryStore();
  let clock = Date.parse('2026-10-02T00:00:00.000Z');
  const now = () => new Date((clock += 1000)).toISOString();
  const ctx: PaymentsContext = { store, stripe, now };
  const batch = await fundedBatch(store, collectiveId, { [athleteId]: 3_300 }, now);
  const account = (await link(ctx, { kind: 'athlete', id: athleteId, collectiveId }, BANK.ok))!.accountId;
  const ref = { collectiveId, batchId: batch.batchId, athleteId };
  // The crash: the line says sending (attempt 1), Stripe has its transfer and payout, made under keys no longer kept.
  const key = keys.payoutLine(collectiveId, batch.batchId, athleteId);
  const line = (await store.get([key])).get(keyString(key))!;
  await store.write({ update: key, set: { status: 'sending', attempt: 1, accountId: account, version: Number(line.version ?? 0) + 1 } });
  const metadata = { collectiveId: String(collectiveId), athleteId: String(athleteId), batchId: batch.batchId, attempt: '1' };
  await stripe.transfers.create(
    { amount: 3_300, currency: 'usd', destination: account, transfer_group: batch.batchId, metadata },
    { idempotencyKey: 'lost-key-1' },
  );
  await stripe.payouts.create({ amount: 3_300, currency: 'usd', metadata }, { stripeAccount: account, idempotencyKey: 'lost-key-2' });

  const resumed = await payLine(ctx, ref, { by: 'u', retry: false });
  expect(['in_transit', 'paid']).toContain(resumed.status);
  await local.stripe.idle();
  expect((await stripe.transfers.list({ transfer_group: batch.batchId })).data).toHaveLength(1);
  expect((await stripe.payouts.list({ limit: 100 }, { stripeAccount: account })).data).toHaveLength(1);
  for (const event of standInEvents(local).filter(
    (e) => e.account === account || (e.data.object as { transfer_group?: string }).transfer_group === batch.batchId,
  ))
    await deliver(store, stripe, event);
  expect((await store.get([key])).get(keyString(key))).toMatchObject({ status: 'paid', attempt: 1 });
});
