// The storefront's listing brought to card items written before it (scripts/lib/live-cards-migrate.ts)
// over the in-memory store: published cards are listed, others are not (a stale listing is taken
// off), the listing then reads newest published first, and a second run changes nothing.
import { catalogItems } from '#lambdas/catalog/catalog-items';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import type { Key } from '#lambdas/platform/store';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { hasLiveListing, listLiveCards } from '../../scripts/lib/live-cards-migrate';

describe('listLiveCards', () => {
  it('lists the published cards of items stored before the listing, unlists a retired one, and is idempotent', async () => {
    const catalog = structuredClone(SAMPLE_CATALOG);
    // Marcus's Signature was retired, and one card predates the lifecycle (no state: published).
    catalog.athletes[0].digitalcollectibles[2].state = 'retired';
    delete catalog.athletes[1].digitalcollectibles[0].state;
    catalog.athletes[2].digitalcollectibles[0].publishedAt = '2026-11-01T00:00:00.000Z';
    const store = createMemoryStore();
    for (const item of catalogItems(catalog)) {
      const old = structuredClone(item);
      // As stored before the listing: no GSI1 on card items, and a stale listing on the retired card.
      if (String(old.SK).startsWith(keys.catalogCardPrefix)) {
        delete old.GSI1PK;
        delete old.GSI1SK;
        if ((old.data as { state?: string }).state === 'retired') Object.assign(old, keys.catalogLiveCard('2026-01-15T00:00:00.000Z', 1, 3));
      }
      store.items.set(keyString(old as unknown as Key), old);
    }
    const cardCount = catalog.athletes.reduce((n, a) => n + a.digitalcollectibles.length, 0);

    const dry = await listLiveCards(store, { dryRun: true });
    expect(dry).toEqual({ athletesRead: catalog.athletes.length, cardsRead: cardCount, listed: cardCount - 1, unlisted: 1 });
    expect(await store.queryIndex(keys.catalogLiveCardsListing, 100)).toHaveLength(1);

    const report = await listLiveCards(store);
    expect(report).toMatchObject({ listed: cardCount - 1, unlisted: 1 });
    const listing = await store.queryIndex(keys.catalogLiveCardsListing, 100, { descending: true });
    expect(listing).toHaveLength(cardCount - 1);
    expect(listing.some((i) => i.athleteId === 1 && (i.data as { id: number }).id === 3)).toBe(false);
    // Newest published first: the card published on 1 November, then the season's (athletes by id, newest first).
    expect([listing[0].athleteId, (listing[0].data as { id: number }).id]).toEqual([3, 1]);
    expect(await hasLiveListing(store)).toBe(true);
    // Each item now is what cardItem builds.
    const stored = (await store.get([keys.catalogCard(2, 1)])).get(keyString(keys.catalogCard(2, 1)))!;
    expect(stored).toMatchObject(keys.catalogLiveCard('2026-01-15T00:00:00.000Z', 2, 1));

    expect(await listLiveCards(store)).toMatchObject({ listed: 0, unlisted: 0 });
  });

  it('says when the listing is empty (local mode lists the cards of data seeded before it)', async () => {
    expect(await hasLiveListing(createMemoryStore())).toBe(false);
  });
});
