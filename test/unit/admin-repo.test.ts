// The catalog's writes (lambdas/catalog/admin-repo.ts) over the in-memory store: the repository's
// own code, on the store port, without DynamoDB. Every write keeps the derived items (rosters, sport
// counts, members, name index, search snapshot) equal to a recomputation from the entities, and
// concurrent edits of one athlete both land.
import { catalogWriter } from '#lambdas/catalog/admin-repo';
import { catalogItems } from '#lambdas/catalog/catalog-items';
import { blockVersionAttribute, searchBlockRows } from '#lambdas/catalog/search-writes';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import type { Key } from '#lambdas/platform/store';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { driftOf } from '../support/catalog-drift';

function setup(options: { yieldBetween?: () => Promise<void> } = {}) {
  const store = createMemoryStore(options);
  for (const item of catalogItems(structuredClone(SAMPLE_CATALOG))) store.items.set(keyString(item as unknown as Key), structuredClone(item));
  const item = (key: Key) => store.items.get(keyString(key));
  return { store, repo: catalogWriter(store), item };
}

const request = { name: 'Zoe Park', sport: 'Soccer', position: 'Forward', number: '9', bio: 'Fast.' };

describe('admin-repo on the memory store', () => {
  it('creates a member athlete with the next id and every derived item, in one transaction', async () => {
    const { store, repo, item } = setup();
    const versionBefore = Number(item(keys.searchManifest())?.[blockVersionAttribute(0)]);
    const athlete = await repo.createMemberAthlete(1, request);
    expect(athlete).toMatchObject({ id: 16, name: 'Zoe Park', schoolId: 2, collectiveId: 1, agent: 'test' });
    expect((await repo.requireCollective(1)).members).toContain(16);
    expect(item(keys.catalogAthlete(16))).toMatchObject({ type: 'athlete', version: 1 });
    expect(item(keys.catalogRoster(2, 'Soccer', '9', 'Zoe Park', 16))).toMatchObject({ athleteId: 16 });
    expect(item(keys.catalogMember(1, 16))).toMatchObject({ data: { id: 16, cardCount: 0 } });
    expect([...((item(keys.catalogName('zoe park'))?.ids as Set<number>) ?? [])]).toEqual([16]);
    expect(searchBlockRows(item(keys.searchBlock(0))).find((r) => r.id === 16)).toMatchObject({ name: 'zoe park', sport: 'Soccer' });
    expect(item(keys.searchBlock(0))?.version).toBe(versionBefore + 1);
    expect(item(keys.searchManifest())?.[blockVersionAttribute(0)]).toBe(versionBefore + 1);
    expect(driftOf(store.all())).toEqual([]);
  });

  it('moves the roster entry and sport counts with an edit, under the profile version', async () => {
    const { store, repo, item } = setup();
    const before = (await repo.getAthleteRecord(3))!;
    const after = await repo.updateMember(1, 3, { sport: 'Soccer', position: 'Striker', number: '77' });
    expect(after).toMatchObject({ id: 3, sport: 'Soccer', number: '77' });
    expect(item(keys.catalogAthlete(3))).toMatchObject({ version: 2 });
    expect(item(keys.catalogRoster(2, before.sport, before.number, before.name, 3))).toBeUndefined();
    expect(item(keys.catalogRoster(2, 'Soccer', '77', before.name, 3))).toBeDefined();
    expect(driftOf(store.all())).toEqual([]);
  });

  it('lands two concurrent edits of one athlete: the loser reads again and retries', async () => {
    let turn = 0;
    const { store, repo } = setup({ yieldBetween: () => new Promise((r) => (turn++ % 2 ? setImmediate(r) : r(undefined))) });
    await Promise.all([repo.updateMember(1, 1, { status: 'Paused' }), repo.updateMember(1, 1, { number: '12' })]);
    expect(await repo.getAthleteRecord(1)).toMatchObject({ status: 'Paused', number: '12' });
    expect(driftOf(store.all())).toEqual([]);
  });

  it('removes a member at the index it read, and keeps the athlete', async () => {
    const { store, repo, item } = setup();
    const members = (await repo.requireCollective(1)).members;
    const left = await repo.removeMember(1, 2);
    expect(left.members).toEqual(members.filter((id) => id !== 2));
    expect((await repo.requireCollective(1)).members).toEqual(left.members);
    expect(item(keys.catalogMember(1, 2))).toBeUndefined();
    expect(await repo.getAthleteRecord(2)).toMatchObject({ id: 2, collectiveId: null });
    await expect(repo.removeMember(1, 2)).rejects.toMatchObject({ status: 404 });
    expect(driftOf(store.all())).toEqual([]);
  });

  it('saves an athlete as given: a card dropped goes with its product index item', async () => {
    const { store, repo, item } = setup();
    const athlete = (await repo.getAthleteRecord(1))!;
    const [dropped, ...kept] = athlete.digitalcollectibles;
    await repo.saveAthlete({ ...athlete, name: 'Marcus Reed Jr', digitalcollectibles: kept });
    expect(item(keys.catalogCard(1, dropped.id))).toBeUndefined();
    if (dropped.shopifyProductId) expect(item(keys.catalogProduct(dropped.shopifyProductId))).toBeUndefined();
    expect(item(keys.catalogAthlete(1))).toMatchObject({ version: 2, data: { name: 'Marcus Reed Jr' } });
    expect(item(keys.catalogName('marcus reed'))?.ids).toBeUndefined(); // its last id deleted: the set, and so the attribute, are gone
    expect(driftOf(store.all())).toEqual([]);
  });

  it('sets school colours and moves the manifest’s schools version; merchandise is created, edited and removed', async () => {
    const { repo, item } = setup();
    const schools = Number(item(keys.searchManifest())?.schools);
    const colors = { primary: '#00FF00', secondary: '#FFFFFF', accent: '#000000' };
    expect(await repo.setSchoolColors(2, colors)).toMatchObject({ id: 2, colors });
    expect((await repo.requireSchool(2)).colors).toEqual(colors);
    expect(item(keys.searchManifest())?.schools).toBe(schools + 1);

    const created = await repo.createMerch(2, { name: 'Scarf', priceCents: 1999, image: '/x.svg' });
    expect(created).toEqual({ id: 4, schoolId: 2, name: 'Scarf', priceCents: 1999, image: '/x.svg' });
    expect(await repo.updateMerch(2, 4, { name: 'Wool scarf', priceCents: 2499, image: '/y.svg' })).toEqual({
      id: 4,
      schoolId: 2,
      name: 'Wool scarf',
      priceCents: 2499,
      image: '/y.svg',
    });
    await repo.removeMerch(2, 4);
    expect(item(keys.catalogMerch(2, 4))).toBeUndefined();
    await expect(repo.updateMerch(2, 4, { name: 'x', priceCents: 1, image: '/x.svg' })).rejects.toMatchObject({ status: 404 });
    await expect(repo.removeMerch(2, 4)).rejects.toMatchObject({ status: 404 });
  });
});
