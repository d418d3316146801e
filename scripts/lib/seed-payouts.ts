// The demo's money after its sample orders are applied: a payout batch of the demo collective over
// everything its members earned (one payout marked paid, one sent, the rest pending), W-9 status
// for one member, and part of a donation allocated to two members, all through the same code as
// the Payouts routes (ledger entries under each athlete's lock, idempotent keys).
import { dynamoStore as store } from '#lambdas/platform/store';
import { createBatch, markPayout, setW9 } from '#lambdas/money/payouts';
import { allocateDonation } from './legacy-allocations';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';

export async function seedPayouts(now = new Date()): Promise<void> {
  const collective = SAMPLE_CATALOG.collectives.find((c) => c.id === 1);
  if (!collective) return;
  const clock = () => new Date().toISOString();
  const periodStart = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const periodEnd = new Date().toISOString();
  const { batch } = await createBatch(store, {
    collectiveId: collective.id,
    members: collective.members,
    periodStart,
    periodEnd,
    idempotencyKey: 'seed-batch-1',
    by: 'seed',
    now: clock,
  });
  const day = now.toISOString().slice(0, 10);
  // The first line paid, the second sent (each only when the batch has it); the rest stay pending.
  const marks = [
    { status: 'paid', reference: 'ACH-0001042', idempotencyKey: 'seed-paid-1' },
    { status: 'sent', reference: 'ACH-0001043', idempotencyKey: 'seed-sent-2' },
  ] as const;
  for (const [i, mark] of marks.entries()) {
    const line = batch.lines?.[i];
    if (line)
      await markPayout(store, {
        collectiveId: collective.id,
        batchId: batch.batchId,
        athleteId: line.athleteId,
        status: mark.status,
        date: day,
        reference: mark.reference,
        idempotencyKey: mark.idempotencyKey,
        by: 'seed',
        now: clock,
      });
  }
  await setW9(store, collective.members[0], now.getUTCFullYear(), true, day, 'seed', clock());
  await allocateDonation(store, {
    collectiveId: collective.id,
    donationId: 'd-1002',
    allocations: [
      { athleteId: collective.members[0], amountCents: 10_000 },
      { athleteId: collective.members[1], amountCents: 5_000 },
    ],
    idempotencyKey: 'seed-allocation-1',
    by: 'seed',
    now: clock,
  });
}
