// The demo's money after its sample orders are applied: a payout batch of the demo collective over
// everything its members earned (one payout marked paid, one sent, the rest pending), W-9 status
// for one member, part of a donation allocated to two members (the history from before activations,
// through the old writer kept for it: legacy-allocations.ts) and an activation the first member
// confirmed (docs/decisions/0027), all through the same code as the routes (ledger entries under each
// athlete's lock, idempotent keys). The batch the seed then pays through Stripe pays both.
import { dynamoStore as store } from '#lambdas/platform/store';
import { createBatch, markPayout, setW9 } from '#lambdas/money/payouts';
import { allocateDonation } from './legacy-allocations';
import { createActivation, moveActivation } from '#lambdas/money/activations';
import { getAthleteProfile } from '#lambdas/catalog/catalog-repo';
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
  // An activation through the real paths: recorded by the collective, confirmed by the athlete.
  const athleteId = collective.members[0];
  const { activation } = await createActivation(
    store,
    {
      athleteId,
      kind: 'autograph_session',
      description: 'Autograph session at the spring game, 90 minutes at the booster tent',
      date: new Date(now.getTime() - 3 * 86_400_000).toISOString().slice(0, 10),
      priceCents: 15_000,
      proofUrl: 'https://example.com/spring-game-autographs',
      collectiveId: collective.id,
      collectiveName: collective.name,
      athleteName: (await getAthleteProfile(athleteId))?.name ?? `Athlete ${athleteId}`,
      idempotencyKey: 'seed-activation-1',
    },
    { sub: 'seed', label: 'Drift (demo data)' },
    clock(),
  );
  await moveActivation(
    store,
    { collectiveId: collective.id, activationId: activation.id, athleteId },
    'confirm',
    'athlete',
    { sub: 'seed', label: 'Drift (demo data)' },
    clock,
  );
}
