// Ingestion's catalog reader on the Orders table (catalog-reader.ts says what it reads and why),
// written over ingestion's own store (consistent BatchGets and Queries) so the ingesting functions
// carry no second set of read helpers. Product and athlete reads are consistent and never cached,
// so a card published a moment ago is attributed by its product id and settled with its edition
// size and unlock rule; only the schools directory (the title rule's school names, changed by
// operators only) is cached a minute per function.
import type { AthleteSummary, Collective, School } from '#shared/catalog/catalog-types';
import type { AthleteProfile } from './catalog-items';
import { athleteFromItems } from './catalog-items';
import type { AthleteBrief, CatalogReader } from './catalog-reader';
import { dynamoStore as store } from '#lambdas/platform/store';
import type { Item } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';

/** No catalog range ingestion reads holds more (a school's roster, every school). */
const MAX_ITEMS = 100_000;
const DIRECTORY_MS = 60_000;
let directory: { at: number; schools: Array<{ id: number; name: string }> } | undefined;

/** A collective, read consistently through the same store (the assignment route). */
export async function collectiveOf(id: number): Promise<Collective | undefined> {
  return (await store.get([keys.catalogCollective(id)])).values().next().value?.data as Collective | undefined;
}

/** Items by key, 100 keys per BatchGetItem (an order may name thousands of products). */
async function getMany(list: Array<{ PK: string; SK: string }>): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < list.length; i += 100) found.push(...(await store.get(list.slice(i, i + 100))).values());
  return found;
}

export const dynamoCatalogReader: CatalogReader = {
  async productCards(productIds) {
    return new Map(
      (await getMany(productIds.map(keys.catalogProduct))).map((i) => [String(i.productId), { athleteId: Number(i.athleteId), cardId: Number(i.cardId) }]),
    );
  },
  async schoolsDirectory() {
    if (!directory || Date.now() - directory.at > DIRECTORY_MS) {
      const items = await store.query(keys.catalogSchoolsPartition, MAX_ITEMS, { beginsWith: keys.catalogSchoolPrefix });
      directory = { at: Date.now(), schools: items.map((i) => ({ id: (i.data as School).id, name: (i.data as School).name })) };
    }
    return directory.schools;
  },
  async athletesOfSchool(schoolId) {
    const roster = await store.query(keys.catalogSchoolPartition(schoolId), MAX_ITEMS, { beginsWith: keys.catalogRosterAll });
    return roster.map((i) => ({ id: Number(i.athleteId), name: (i.data as AthleteSummary).name, schoolId }));
  },
  async athletesNamed(names) {
    const ids = new Set<number>();
    for (const item of await getMany(names.map(keys.catalogName))) for (const id of (item.ids as Set<number> | undefined) ?? []) ids.add(Number(id));
    return (await getMany([...ids].map(keys.catalogAthlete)))
      .map((i) => i.data as AthleteProfile)
      .map((a): AthleteBrief => ({ id: a.id, name: a.name, schoolId: a.schoolId }));
  },
  async athlete(id) {
    return athleteFromItems(await store.query(keys.catalogAthletePartition(id), 1_000));
  },
};
