// The card lifecycle's repository (lambdas/cards/cards-repo.ts) over the in-memory store: its own
// code on the store port, without DynamoDB (test/integration/cards.test.ts runs it on DynamoDB
// Local through the handler). A move is one transaction under the profile's version, concurrent
// edits both land, and a publication decided on the athlete's total is guarded by the total's
// version too.
import { cardsRepo, localProductId } from '#lambdas/cards/cards-repo';
import { catalogItems } from '#lambdas/catalog/catalog-items';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import type { Item, Key, Write } from '#lambdas/platform/store';
import type { CardRequest } from '#shared/cards/cards-api';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';

const ATHLETE = 10;
const COLLECTIVE = 1;
const actor = { sub: 'collective-user' };
const athleteActor = { sub: 'athlete-user' };
const deps = {
  now: () => new Date('2027-03-01T12:00:00.000Z'),
  fingerprint: async (url: string) => `hash:${url}`,
  publishMode: () => 'local' as const,
  createProduct: async () => {
    throw new Error('not in local mode');
  },
};

function setup(options: { yieldBetween?: () => Promise<void> } = {}) {
  const store = createMemoryStore(options);
  for (const item of catalogItems(structuredClone(SAMPLE_CATALOG))) store.items.set(keyString(item as unknown as Key), structuredClone(item));
  const item = (key: Key) => store.items.get(keyString(key));
  const put = (value: Item) => store.items.set(keyString(value as unknown as Key), value);
  return { store, item, put, repo: cardsRepo(store) };
}

const request = (setId: number, extra: Partial<CardRequest> = {}): CardRequest => ({
  name: 'Avery - 2027 Gold',
  edition: 'Gold',
  image: '/api/uploads/local/gold.png',
  description: 'The Gold card of 2027',
  priceCents: 2500,
  editionSize: 100,
  unlock: null,
  setId,
  ...extra,
});

describe('cards-repo on the memory store', () => {
  it('takes a card from draft to published, one transaction per move under the profile version', async () => {
    const { repo, item } = setup();
    const set = await repo.createSet(COLLECTIVE, ATHLETE, '2027 Season');
    const created = await repo.createCard(COLLECTIVE, ATHLETE, request(set.id), actor, deps);
    expect(created).toMatchObject({ state: 'draft', sale: null });
    const version = Number(item(keys.catalogAthlete(ATHLETE))?.version);
    await repo.submitCard(COLLECTIVE, ATHLETE, created.id, actor, deps);
    await repo.approveCard(ATHLETE, created.id, 'hash:/api/uploads/local/gold.png', athleteActor, deps);
    const published = await repo.publishCard(COLLECTIVE, ATHLETE, created.id, {}, actor, deps);
    expect(published).toMatchObject({ state: 'published', shopifyProductId: localProductId(ATHLETE, created.id) });
    expect(item(keys.catalogAthlete(ATHLETE))?.version).toBe(version + 3);
    expect(item(keys.catalogProduct(localProductId(ATHLETE, created.id)))).toMatchObject({ athleteId: ATHLETE, cardId: created.id });
    const owner = await repo.ownerCards(ATHLETE, deps);
    expect(owner.cards.find((c) => c.id === created.id)).toMatchObject({ state: 'published' });
    expect(owner.sets.find((s) => s.id === set.id)?.cardIds).toContain(created.id);
  });

  it('lands two concurrent edits of one athlete: the loser reads again and decides again', async () => {
    let turn = 0;
    const { repo } = setup({ yieldBetween: () => new Promise((r) => (turn++ % 2 ? setImmediate(r) : r(undefined))) });
    const set = await repo.createSet(COLLECTIVE, ATHLETE, '2027 Season');
    const [a, b] = await Promise.all([
      repo.createCard(COLLECTIVE, ATHLETE, request(set.id, { name: 'First' }), actor, deps),
      repo.createCard(COLLECTIVE, ATHLETE, request(set.id, { name: 'Second' }), actor, deps),
    ]);
    expect(a.id).not.toBe(b.id);
    const { cards } = await repo.ownerCards(ATHLETE, deps);
    expect(cards.filter((c) => c.name === 'First' || c.name === 'Second')).toHaveLength(2);
  });

  it('publishes on the total it read or reads again: a quota reached meanwhile unlocks the card', async () => {
    const { store, repo, item, put } = setup();
    put({ ...keys.aggTotal(ATHLETE), athleteId: ATHLETE, cards: { '1': 2 }, version: 4 });
    const set = await repo.createSet(COLLECTIVE, ATHLETE, '2027 Season');
    const card = await repo.createCard(COLLECTIVE, ATHLETE, request(set.id, { unlock: { cardId: 1, units: 3 } }), actor, deps);
    await repo.submitCard(COLLECTIVE, ATHLETE, card.id, actor, deps);
    await repo.approveCard(ATHLETE, card.id, 'hash:/api/uploads/local/gold.png', athleteActor, deps);

    // A settle step lands between publication's read and its write: the third Base sale, counted
    // on the total (by a step that did not know this card's rule, so it unlocked nothing).
    const product = keys.catalogProduct(localProductId(ATHLETE, card.id));
    const transact = store.transact.bind(store);
    const attempts: Write[][] = [];
    const racing = {
      ...store,
      transact: async (writes: Write[]) => {
        const publishing = writes.some((w) => 'put' in w && w.put.PK === product.PK);
        if (publishing) attempts.push(writes);
        if (publishing && attempts.length === 1) put({ ...item(keys.aggTotal(ATHLETE))!, cards: { '1': 3 }, version: 5 });
        return transact(writes);
      },
    };
    const published = await cardsRepo(racing).publishCard(COLLECTIVE, ATHLETE, card.id, {}, actor, deps);

    expect(attempts).toHaveLength(2);
    expect(published.state).toBe('published');
    expect(item(keys.aggTotal(ATHLETE))).toMatchObject({ cards: { '1': 3 }, unlockedAt: { [String(card.id)]: '2027-03-01T12:00:00.000Z' }, version: 6 });
    expect(published.sale?.unlock).toMatchObject({ sold: 3, unlockedAt: '2027-03-01T12:00:00.000Z' });
  });
});
