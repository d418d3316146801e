// The catalog migration (scripts/lib/catalog-migrate.ts) over the in-memory store: stored sport
// values off the list move to its names with every derived item, unknown ones are reported and
// kept, and a second run changes nothing.
import { catalogItems } from '#lambdas/catalog/catalog-items';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import type { Key } from '#lambdas/platform/store';
import type { Catalog } from '#shared/catalog/catalog-types';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { migrateCatalog, migrateSearchBlocks, migrateSports } from '../../scripts/lib/catalog-migrate';
import { SEARCH_BLOCK_TYPE } from '#lambdas/catalog/search-writes';
import { SEARCH_BLOCK_SIZE } from '#shared/catalog/search-blocks';
import { driftOf } from '../support/catalog-drift';

function oldCatalog(): Catalog {
  const catalog = structuredClone(SAMPLE_CATALOG);
  const spell: Record<number, string> = { 10: 'Track & Field', 13: 'track and field', 11: 'FISHING', 14: 'Quidditch', 3: 'football' };
  for (const a of catalog.athletes) if (spell[a.id]) a.sport = spell[a.id];
  catalog.schools[0].sports = ['Football', 'Track & Field', 'track'];
  return catalog;
}

describe('migrateSports', () => {
  it("moves stored sports to the list's names with their derived items, reports unknown ones, and is idempotent", async () => {
    const store = createMemoryStore();
    for (const item of catalogItems(oldCatalog())) store.items.set(keyString(item as unknown as Key), structuredClone(item));
    const sportOf = async (id: number) =>
      ((await store.get([keys.catalogAthlete(id)])).get(keyString(keys.catalogAthlete(id)))?.data as { sport: string }).sport;

    const dry = await migrateSports(store, { dryRun: true });
    expect(dry.athletes.map((a) => a.id).sort((a, b) => a - b)).toEqual([3, 10, 11, 13]);
    expect(await sportOf(10)).toBe('Track & Field');

    const report = await migrateSports(store);
    expect(report.athletes.sort((a, b) => a.id - b.id)).toEqual([
      { id: 3, from: 'football', to: 'Football' },
      { id: 10, from: 'Track & Field', to: 'Track and Field' },
      { id: 11, from: 'FISHING', to: 'Fishing' },
      { id: 13, from: 'track and field', to: 'Track and Field' },
    ]);
    expect(report.schools).toEqual([SAMPLE_CATALOG.schools[0].id]);
    expect(report.sportItems).toBe(2);
    expect(report.unknown).toEqual([{ schoolId: SAMPLE_CATALOG.athletes.find((a) => a.id === 14)!.schoolId, sport: 'Quidditch', count: 1 }]);
    expect(await sportOf(10)).toBe('Track and Field');
    expect(await sportOf(14)).toBe('Quidditch');
    const school = (await store.get([keys.catalogSchool(SAMPLE_CATALOG.schools[0].id)])).get(keyString(keys.catalogSchool(SAMPLE_CATALOG.schools[0].id)));
    expect((school?.data as { sports: string[] }).sports).toEqual(['Football', 'Track and Field']);
    expect(driftOf(store.all())).toEqual([]);

    const again = await migrateSports(store);
    expect(again).toMatchObject({ athletes: [], schools: [], sportItems: 0 });
  });
});

describe('migrateSearchBlocks', () => {
  it('builds the search blocks of a catalog stored with the older snapshot, deletes the snapshot, and changes nothing the second time', async () => {
    const store = createMemoryStore();
    const catalog = structuredClone(SAMPLE_CATALOG);
    // Athletes far apart: three blocks of five.
    const [far, farther] = [2 * SEARCH_BLOCK_SIZE + 5, 4 * SEARCH_BLOCK_SIZE + 1];
    catalog.athletes[13].id = far;
    catalog.athletes[14].id = farther;
    for (const c of catalog.collectives) c.members = c.members.map((id) => (id === 14 ? far : id === 15 ? farther : id));
    const current = catalogItems(catalog);
    // The layout before data version 5: chunks of 256 athletes and their versions in the manifest.
    for (const item of current) {
      if (item.type === SEARCH_BLOCK_TYPE) continue;
      if (item.type === 'manifest') {
        store.items.set(keyString(item as unknown as Key), { PK: item.PK, SK: item.SK, type: 'manifest', schools: 1, 'chunk:0': 3, 'chunk:16': 1 });
        continue;
      }
      store.items.set(keyString(item as unknown as Key), structuredClone(item));
    }
    for (const chunk of [0, 16, 35])
      store.items.set(`CATALOG#SEARCH|ATHLETES#${String(chunk).padStart(6, '0')}`, {
        PK: 'CATALOG#SEARCH',
        SK: `ATHLETES#${String(chunk).padStart(6, '0')}`,
        type: 'search',
        entries: {},
      });

    const report = await migrateSearchBlocks(store);
    expect(report).toEqual({ blocks: 5, written: 3, rows: 15, chunksDeleted: 3 });
    expect(driftOf(store.all())).toEqual([]);
    expect(store.all().filter((i) => String(i.SK).startsWith('ATHLETES#'))).toEqual([]);
    const manifest = store.items.get(keyString(keys.searchManifest()))!;
    expect(Object.keys(manifest).filter((f) => f.startsWith('chunk:'))).toEqual([]);
    expect(manifest).toMatchObject({ 'block:0': 1, 'block:2': 1, 'block:4': 1 });

    expect(await migrateCatalog(store)).toMatchObject({ search: { written: 0, chunksDeleted: 0 }, sports: { athletes: [] } });
  });
});
