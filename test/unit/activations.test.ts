// Activations (issue 33 item 3; docs/decisions/0027-activations.md): the transition table, the
// validation of a new activation, and the whole path over the in-memory store: a confirmed activation
// credits its athlete once however often it is confirmed, a declined or canceled one never; the
// credit is paid by a batch (credits first), reported as services (1099-NEC box 1) and counted by NIL
// Go as its own deal; past allocations keep their place. And no code of the product writes an
// allocation any more.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  ACTIVATION_TRANSITIONS,
  ActivationRefusal,
  actions,
  activationErrors,
  can,
  declineReasonError,
  next,
  proofUrlError,
  type ActivationStatus,
} from '#shared/money/activations';
import { appendEntry, checkEntries, emptyLedgerHead, headOf, type LedgerEntry } from '#shared/money/ledger';
import { formLines } from '#shared/money/tax-forms';
import { nilGoRecords } from '#shared/money/nil-go';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import type { ContributionOptions } from '#shared/orders/contribution';
import { buyerAlias, hashEmail } from '#lambdas/identity/buyers';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { ledgerHeadOf } from '#lambdas/money/athlete-total';
import { athleteActivations, collectiveActivations, createActivation, moveActivation } from '#lambdas/money/activations';
import { createBatch, markPayout } from '#lambdas/money/payouts';
import { nilGoOf } from '#lambdas/money/nil-go-records';
import { athleteTaxYear } from '#lambdas/money/tax-export';
import { verifyItems } from '../../scripts/lib/verify';
import { allocateDonation } from '../../scripts/lib/legacy-allocations';
import { recordTestDonation } from '../support/money-fixtures';

const ROOT = path.resolve(__dirname, '../..');
const index = indexCatalog(SAMPLE_CATALOG);
const options: ContributionOptions = { countTestOrders: false, hashEmail, aliasOf: (k) => buyerAlias(k, 'salt') };

describe('the activation table', () => {
  it('leads from proposed to confirmed or declined by the athlete, or canceled by the collective, and nowhere from a final state', () => {
    expect(next('proposed', 'confirm')).toEqual({ to: 'confirmed', by: 'athlete', credits: true });
    expect(next('proposed', 'decline')).toEqual({ to: 'declined', by: 'athlete', credits: false });
    expect(next('proposed', 'cancel')).toEqual({ to: 'canceled', by: 'collective', credits: false });
    // A repeat of the move that led there changes nothing; any other move from a final state is refused.
    expect(next('confirmed', 'confirm')).toBeNull();
    expect(next('declined', 'decline')).toBeNull();
    expect(next('canceled', 'cancel')).toBeNull();
    for (const [status, move] of [
      ['confirmed', 'cancel'],
      ['confirmed', 'decline'],
      ['declined', 'confirm'],
      ['canceled', 'confirm'],
    ] as const)
      expect(() => next(status, move)).toThrow(ActivationRefusal);
    // Only a confirmation credits.
    const crediting = Object.values(ACTIVATION_TRANSITIONS).flatMap((moves) => Object.values(moves).filter((s) => s.credits));
    expect(crediting.map((s) => s.to)).toEqual(['confirmed']);
  });

  it('offers each side only its own moves', () => {
    expect(actions('proposed', 'athlete')).toEqual(['confirm', 'decline']);
    expect(actions('proposed', 'collective')).toEqual(['cancel']);
    for (const status of ['confirmed', 'declined', 'canceled'] as ActivationStatus[]) {
      expect(actions(status, 'athlete')).toEqual([]);
      expect(actions(status, 'collective')).toEqual([]);
    }
    expect(can('proposed', 'confirm', 'collective')).toBe(false);
    expect(can('proposed', 'cancel', 'collective')).toBe(true);
  });
});

describe('a new activation', () => {
  const valid = {
    athleteId: 1,
    kind: 'appearance',
    description: 'Autographs at the spring game',
    date: '2026-11-20',
    priceCents: 25_000,
    proofUrl: 'https://example.com/spring-game',
  };
  it('is valid with every field', () => expect(activationErrors(valid, '2026-11-29')).toEqual({}));

  it('names each field that is wrong', () => {
    expect(
      activationErrors({ athleteId: 0, kind: 'gift', description: ' ', date: '2026-02-30', priceCents: 99, proofUrl: 'http://example.com' }, '2026-11-29'),
    ).toEqual({
      athleteId: expect.any(String),
      kind: expect.any(String),
      description: expect.any(String),
      date: expect.any(String),
      priceCents: 'must be at least $1.00',
      proofUrl: 'must start with https://',
    });
    expect(activationErrors({ ...valid, priceCents: 10_000_001 }, '2026-11-29').priceCents).toBe('must be at most $100,000.00');
    expect(activationErrors({ ...valid, priceCents: 250.5 }, '2026-11-29').priceCents).toBe('must be a whole number of cents');
    expect(activationErrors({ ...valid, date: '2028-01-01' }, '2026-11-29').date).toBe('must be within a year from today');
    expect(activationErrors({ ...valid, date: '2021-06-30' }, '2026-11-29').date).toBe('must be on or after 2021-07-01');
  });

  it('asks for a public https link as proof', () => {
    expect(proofUrlError('https://www.instagram.com/p/abc')).toBeNull();
    expect(proofUrlError('')).toMatch(/required/);
    expect(proofUrlError('https://localhost/x')).toBe('must be a public web address');
    expect(proofUrlError('https://10.0.0.1/x')).toBe('must be a public web address');
    expect(proofUrlError('https://user:pw@example.com/')).toMatch(/user name/);
    expect(proofUrlError('javascript:alert(1)')).toBe('must start with https://');
  });

  it('is declined with a reason', () => {
    expect(declineReasonError('')).toMatch(/say why/);
    expect(declineReasonError('I was not there')).toBeNull();
  });
});

describe('the ledger', () => {
  it('credits an activation as a credit of its own kind, and replays it', () => {
    let head = emptyLedgerHead();
    const entries: LedgerEntry[] = [];
    const add = (change: Parameters<typeof appendEntry>[1]) => {
      const r = appendEntry(head, change, { athleteId: 1, collectiveId: 1, now: '2026-11-20T00:00:00.000Z' });
      head = r.head;
      entries.push(r.entry);
    };
    add({ kind: 'allocation', creditCents: 1_000, donationId: 'd-1' });
    add({ kind: 'activation', activationCents: 2_500, activationId: 'act-1' });
    add({ kind: 'payout', payoutCents: 3_000, batchId: 'b', creditPartCents: 3_000, activationPartCents: 2_000 });
    expect(head).toMatchObject({ creditsCents: 3_500, activationsCents: 2_500, payoutCreditsCents: 3_000, payoutActivationsCents: 2_000 });
    expect(entries[1]).toMatchObject({ kind: 'activation', creditCents: 2_500, activationCents: 2_500, activationId: 'act-1', activationsAfterCents: 2_500 });
    expect(checkEntries(entries)).toEqual([]);
    expect(headOf(entries)).toEqual(head);
    // A stored activation entry that does not add up is found.
    expect(checkEntries([entries[0], { ...entries[1], activationsAfterCents: 0 }, entries[2]])).not.toEqual([]);
  });
});

describe('activations, end to end over the store', () => {
  const collective = { sub: 'c-sub', label: 'boosters@example.com' };
  const athlete = { sub: 'a-sub', label: 'Marcus Reed' };

  async function setup() {
    const store = createMemoryStore({ yieldBetween: () => new Promise((r) => setImmediate(r)) });
    let clock = Date.parse('2026-11-20T12:00:00.000Z');
    const now = () => new Date((clock += 60_000)).toISOString();
    const propose = (key: string, priceCents: number, athleteId = 1) =>
      createActivation(
        store,
        {
          athleteId,
          kind: 'autograph_session',
          description: 'Signing at the bookstore',
          date: '2026-11-19',
          priceCents,
          proofUrl: 'https://example.com/signing',
          collectiveId: 1,
          collectiveName: 'Boosters',
          athleteName: 'Marcus Reed',
          idempotencyKey: key,
        },
        collective,
        now(),
      );
    return { store, now, propose };
  }

  it('credits a confirmed activation exactly once, under concurrent and repeated confirmations, and never a declined or canceled one', async () => {
    const { store, now, propose } = await setup();
    const { activation, created } = await propose('key-00000001', 70_000);
    expect(created).toBe(true);
    expect(activation).toMatchObject({ status: 'proposed', actions: ['cancel'] });
    // The same key and content again: the same activation; other content: refused.
    expect((await propose('key-00000001', 70_000)).created).toBe(false);
    await expect(propose('key-00000001', 80_000)).rejects.toThrow(/different activation/);
    expect((await athleteActivations(store, 1)).map((a) => a.actions)).toEqual([['confirm', 'decline']]);

    const ref = { collectiveId: 1, activationId: activation.id, athleteId: 1 };
    const results = await Promise.all([1, 2, 3].map(() => moveActivation(store, ref, 'confirm', 'athlete', athlete, now)));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect((await moveActivation(store, ref, 'confirm', 'athlete', athlete, now)).changed).toBe(false);
    await expect(moveActivation(store, ref, 'cancel', 'collective', collective, now)).rejects.toThrow(/confirmed/);

    const declined = (await propose('key-00000002', 5_000)).activation;
    await expect(moveActivation(store, { ...ref, activationId: declined.id }, 'confirm', 'collective', collective, now)).rejects.toThrow(/only the athlete/);
    await moveActivation(store, { ...ref, activationId: declined.id }, 'decline', 'athlete', athlete, now, 'Never happened');
    const canceled = (await propose('key-00000003', 6_000)).activation;
    await moveActivation(store, { collectiveId: 1, activationId: canceled.id }, 'cancel', 'collective', collective, now);
    await expect(moveActivation(store, { ...ref, activationId: canceled.id }, 'confirm', 'athlete', athlete, now)).rejects.toThrow(/canceled/);

    const items = store.all();
    const credits = items.filter((i) => String(i.SK).startsWith('LEDGER#') && i.kind === 'activation');
    expect(credits.map((c) => [c.activationId, c.creditCents])).toEqual([[activation.id, 70_000]]);
    expect(ledgerHeadOf(items.find((i) => i.PK === 'ATHLETE#1' && i.SK === 'AGG#TOTAL')?.ledger)).toMatchObject({
      creditsCents: 70_000,
      activationsCents: 70_000,
    });
    const list = await collectiveActivations(store, 1);
    expect(list.map((a) => [a.status, a.declineReason])).toEqual([
      ['canceled', null],
      ['declined', 'Never happened'],
      ['confirmed', null],
    ]);
    // Audited (who, when) and told: the athlete of the proposals and the cancellation, the collective of the answers.
    const audit = items.filter((i) => String(i.PK).startsWith('AUDIT#')).map((i) => i.action);
    expect(audit.sort()).toEqual(
      ['activation.canceled', 'activation.confirmed', 'activation.declined', 'activation.proposed', 'activation.proposed', 'activation.proposed'].sort(),
    );
    expect(verifyItems(items, index, options).differences).toEqual([]);
  });

  it('pays it with the next batch (past allocations first), as services on 1099-NEC, counted by NIL Go as its own deal', async () => {
    const { store, now, propose } = await setup();
    // A past allocation, from before activations (the history a deployed table holds).
    await recordTestDonation(store, 20_000);
    await allocateDonation(store, {
      collectiveId: 1,
      donationId: 'd-1',
      allocations: [{ athleteId: 1, amountCents: 10_000 }],
      idempotencyKey: 'past-1',
      by: 'seed',
      now,
    });
    const { activation } = await propose('key-00000004', 70_000);
    await moveActivation(store, { collectiveId: 1, activationId: activation.id, athleteId: 1 }, 'confirm', 'athlete', athlete, now);

    const { batch } = await createBatch(store, {
      collectiveId: 1,
      members: [1],
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
      idempotencyKey: 'batch-0001',
      by: 'c',
      now,
    });
    const line = store.all().find((i) => String(i.SK).startsWith(`PAYOUT#${batch.batchId}`) && i.PK === 'COLLECTIVE#1')!;
    expect(line).toMatchObject({ amountCents: 80_000, allocationCents: 10_000, activationCents: 70_000 });
    await markPayout(store, {
      collectiveId: 1,
      batchId: batch.batchId,
      athleteId: 1,
      status: 'paid',
      date: '2026-11-25',
      reference: 'ACH-1',
      idempotencyKey: 'pay-00000001',
      by: 'c',
      now,
    });
    const year = store.all().find((i) => i.PK === 'ATHLETE#1' && i.SK === 'YEAR#2026')!;
    expect(year).toMatchObject({ paidCents: 80_000, paidRoyaltyCents: 0, paidAllocationCents: 10_000, paidActivationCents: 70_000 });

    const rows = await athleteTaxYear(store, 1, 2026);
    expect(rows.map((r) => [r.form, r.box, r.paymentType, r.amountCents])).toEqual([
      ['1099-MISC', '3', 'allocation', 10_000],
      ['1099-NEC', '1', 'activation', 70_000],
    ]);
    const nilGo = await nilGoOf(store, 1, new Date('2026-11-29T12:00:00.000Z'));
    expect(nilGo.records.map((r) => [r.recordId, r.terms.dealType ?? 'royalty', r.providedUnderTermsCents, r.cumulativeCents])).toEqual(
      expect.arrayContaining([
        ['collective-1~v1', 'royalty', 10_000, 80_000],
        ['collective-1~activation~v1', 'services', 70_000, 80_000],
      ]),
    );
    expect(nilGo.records.find((r) => r.recordId === 'collective-1~activation~v1')!.status).not.toBe('under'); // over $600 with the group's aggregate
    expect(verifyItems(store.all(), index, options).differences).toEqual([]);
  });

  it('verify finds an activation credit without its confirmed activation', async () => {
    const { store, now, propose } = await setup();
    const { activation } = await propose('key-00000005', 1_000);
    await moveActivation(store, { collectiveId: 1, activationId: activation.id, athleteId: 1 }, 'confirm', 'athlete', athlete, now);
    const items = store.all().map((i) => (i.type === 'activation' && i.PK === 'COLLECTIVE#1' ? { ...i, status: 'proposed' } : i));
    expect(verifyItems(items, index, options).differences.join('\n')).toMatch(/activation act-.*\(proposed.*1 ledger credit/);
  });
});

describe('the tax forms and NIL Go rules', () => {
  it('put activations on 1099-NEC box 1, one line with past allocations the collective reports as services', () => {
    expect(
      formLines(2026, { royaltyCents: 500, allocationCents: 0, activationCents: 250_000 }, 'misc3').map((l) => [l.form, l.box, l.paymentType, l.required]),
    ).toEqual([
      ['1099-MISC', '2', 'royalty', false],
      ['1099-NEC', '1', 'activation', true],
    ]);
    expect(formLines(2026, { royaltyCents: 0, allocationCents: 150_000, activationCents: 60_000 }, 'nec').map((l) => [l.box, l.paidCents, l.required])).toEqual(
      [['1', 210_000, true]],
    );
  });

  it('count activations in the payor group’s aggregate and report them as their own deal', () => {
    const records = nilGoRecords(
      [
        { at: '2026-03-01T00:00:00.000Z', cents: 40_000, payorId: '1', reference: 'b1' },
        { at: '2026-04-01T00:00:00.000Z', cents: 30_000, payorId: '1', reference: 'b2', deal: 'activation' },
      ],
      {
        eligibilityStart: '2025-01-01',
        termsOf: () => [{ version: 1, from: '2025-01-01', royaltyBasisPoints: 9_700, obligations: 'cards' }],
        now: '2026-05-01T00:00:00.000Z',
      },
    );
    expect(records.map((r) => [r.terms.deal ?? 'card_licence', r.providedUnderTermsCents, r.cumulativeCents, r.reportableAt])).toEqual([
      ['card_licence', 40_000, 70_000, '2026-04-01T00:00:00.000Z'],
      ['activation', 30_000, 70_000, '2026-04-01T00:00:00.000Z'],
    ]);
  });
});

describe('no plain allocation', () => {
  it('leaves no writer of allocation entries in the product (lambdas/), nor an import of the legacy writer', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(path.join(ROOT, 'lambdas'));
    walk(path.join(ROOT, 'web/src'));
    const offenders = files.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return /kind: 'allocation'/.test(text) || /legacy-allocations/.test(text);
    });
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
