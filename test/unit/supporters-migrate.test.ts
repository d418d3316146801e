// Donation totals written before the supporters count (scripts/lib/supporters-migrate.ts): the
// migration counts each collective's one-time gifts not refunded in full, once, and a donation
// recorded while it runs is not lost.
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString, type Store } from '#lambdas/platform/store';
import { countSupporters, needsSupportersCount } from '../../scripts/lib/supporters-migrate';

async function seed(store: Store) {
  await store.write({ put: { ...keys.catalogCollective(1), type: 'collective', data: { id: 1, name: 'Demo Collective' } } });
  const donations = [
    { id: 'pi_1', amountCents: 2500, recurring: false },
    { id: 'pi_2', amountCents: 1000, recurring: false, refundedCents: 1000 },
    { id: 'pi_3', amountCents: 4000, recurring: false, refundedCents: 500 },
    { id: 'in_4', amountCents: 1500, recurring: true },
  ];
  for (const d of donations) await store.write({ put: { ...keys.donation(1, '2026-11-01', d.id), type: 'donation', collectiveId: 1, ...d } });
  // A total as it was written before `gifts` existed.
  await store.write({ put: { ...keys.donationTotal(1), amountCents: 7500, count: 3 } });
}

describe('supporters migration', () => {
  it('counts the one-time gifts not refunded in full, once', async () => {
    const store = createMemoryStore();
    await seed(store);
    expect(await needsSupportersCount(store)).toBe(true);
    expect(await countSupporters(store)).toEqual({ collectives: 1, counted: 1 });
    const total = (await store.get([keys.donationTotal(1)])).get(keyString(keys.donationTotal(1)));
    expect(total?.gifts).toBe(2);
    expect(await needsSupportersCount(store)).toBe(false);
    expect(await countSupporters(store)).toEqual({ collectives: 1, counted: 0 });
  });

  it('changes nothing in a dry run', async () => {
    const store = createMemoryStore();
    await seed(store);
    expect(await countSupporters(store, { dryRun: true })).toEqual({ collectives: 1, counted: 1 });
    expect((await store.get([keys.donationTotal(1)])).get(keyString(keys.donationTotal(1)))?.gifts).toBeUndefined();
  });

  it('counts again when a donation is recorded between its read and its write', async () => {
    const store = createMemoryStore();
    await seed(store);
    let raced = false;
    const racing: Store = {
      ...store,
      write: async (w) => {
        if (!raced && 'update' in w && w.update.SK === keys.donationTotal(1).SK) {
          raced = true;
          await store.write({
            put: { ...keys.donation(1, '2026-11-02', 'pi_5'), type: 'donation', collectiveId: 1, id: 'pi_5', amountCents: 500, recurring: false },
          });
          await store.write({ update: keys.donationTotal(1), add: { amountCents: 500, count: 1, gifts: 1 } });
        }
        return store.write(w);
      },
    };
    await countSupporters(racing);
    // The racing gift created `gifts` with its own one; the migration's stale write failed and its
    // recount found the new gift too: pi_1, pi_3 and pi_5.
    const total = (await store.get([keys.donationTotal(1)])).get(keyString(keys.donationTotal(1)));
    expect(total).toMatchObject({ amountCents: 8000, count: 4, gifts: 3, giftsCounted: true });
  });
});
