// The name guard's folded-name index written for a catalog stored before it
// (scripts/lib/folded-names-migrate.ts, decision 0026), over the in-memory store: every athlete
// indexed as the catalog writer indexes it, nothing written by a dry run or a second run.
import { catalogItems } from '#lambdas/catalog/catalog-items';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import type { Key } from '#lambdas/platform/store';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { athleteFoldKey } from '#shared/platform/name-guard';
import { hasFoldedIndex, indexFoldedNames } from '../../scripts/lib/folded-names-migrate';
import { driftOf } from '../support/catalog-drift';

describe('indexFoldedNames', () => {
  it('indexes every athlete of a catalog stored before the index, once', async () => {
    const store = createMemoryStore();
    const before = catalogItems(structuredClone(SAMPLE_CATALOG)).filter((i) => !String(i.PK).startsWith(keys.catalogFoldedName('').PK));
    for (const item of before) store.items.set(keyString(item as unknown as Key), structuredClone(item));
    const athletes = SAMPLE_CATALOG.athletes.length;
    expect(driftOf([...store.items.values()])).not.toEqual([]);

    expect(await hasFoldedIndex(store)).toBe(false);
    expect(await indexFoldedNames(store, { dryRun: true })).toEqual({ athletesRead: athletes, indexed: athletes });
    expect(await indexFoldedNames(store)).toEqual({ athletesRead: athletes, indexed: athletes });
    const marcus = (await store.get([keys.catalogFoldedName(athleteFoldKey('Marcus Reed'))])).get(
      keyString(keys.catalogFoldedName(athleteFoldKey('Marcus Reed'))),
    );
    expect([...(marcus?.ids as Set<number>)]).toEqual([1]);
    expect(driftOf([...store.items.values()])).toEqual([]);
    expect(await hasFoldedIndex(store)).toBe(true);
    expect(await indexFoldedNames(store)).toEqual({ athletesRead: athletes, indexed: 0 });
  });
});
