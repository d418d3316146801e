// The catalog's items, built from entities (pure: no AWS). keys.ts lists the families; this module
// says what each item holds, so the bulk seed, the admin writes, the bench loader and the test
// fakes all store exactly the same items. An athlete is written as its profile, its cards and
// sets, a roster entry at its school (with the sport's counts), a member entry at its collective,
// a product-index item per card, a name-index entry and a row in a search block (search-writes.ts).
import type {
  Athlete,
  AthleteSummary,
  CardSet,
  Catalog,
  Collective,
  DigitalCollectible,
  MemberSummary,
  MerchItem,
  School,
} from '#shared/catalog/catalog-types';
import { athleteSummary } from '#shared/catalog/catalog-types';
import { isOnSale, isPublic } from '#shared/cards/lifecycle';
import { searchRowOf } from '#shared/catalog/search-blocks';
import { athleteFoldKey } from '#shared/platform/name-guard';
import * as keys from '#lambdas/platform/keys';
import { searchBlockItems } from './search-writes';

export type Item = Record<string, unknown>;

/** An athlete without its cards and sets (which are items of their own). */
export type AthleteProfile = Omit<Athlete, 'digitalcollectibles' | 'sets'>;

/** Position counts live as top-level attributes of a SPORT item ('pos:Quarterback': 3), so a
 * write can ADD to one without reading the item. */
export const POSITION_ATTRIBUTE_PREFIX = 'pos:';

export function profileOf(athlete: Athlete): AthleteProfile {
  const { digitalcollectibles: _cards, sets: _sets, ...profile } = athlete;
  return profile;
}

/** Full names as the title rule compares them: lowercase words of letters and digits, one space apart. */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

export function memberSummary(athlete: Athlete): MemberSummary {
  return { ...athleteSummary(athlete), status: athlete.status, joinDate: athlete.joinDate, cardCount: athlete.digitalcollectibles.filter(isPublic).length };
}

/** The lowercase text the collective's member search matches (name, sport or position). */
const memberSearchText = (a: Pick<Athlete, 'name' | 'sport' | 'position'>) => [a.name, a.sport, a.position].join('\n').toLowerCase();

export const athleteProfileItem = (athlete: Athlete, version = 1): Item => ({
  ...keys.catalogAthlete(athlete.id),
  ...keys.catalogAthleteListing(athlete.id),
  type: 'athlete',
  version,
  data: profileOf(athlete),
});

export const cardItem = (athleteId: number, card: DigitalCollectible): Item => ({
  ...keys.catalogCard(athleteId, card.id),
  // Listed for the storefront while on sale (published): the listing follows every card write.
  ...(isOnSale(card) ? keys.catalogLiveCard(card.publishedAt ?? '', athleteId, card.id) : {}),
  type: 'card',
  athleteId,
  data: card,
});
export const setItem = (athleteId: number, set: CardSet): Item => ({ ...keys.catalogSet(athleteId, set.id), type: 'set', athleteId, data: set });
export const productItem = (productId: string, athleteId: number, cardId: number): Item => ({
  ...keys.catalogProduct(productId),
  type: 'product',
  productId,
  athleteId,
  cardId,
});

export const rosterKey = (a: Pick<Athlete, 'id' | 'schoolId' | 'sport' | 'number' | 'name'>) => keys.catalogRoster(a.schoolId, a.sport, a.number, a.name, a.id);
export const rosterItem = (athlete: AthleteSummary): Item => ({
  ...rosterKey(athlete),
  type: 'roster',
  athleteId: athlete.id,
  // For the roster search (name, case-insensitive) and the position filter.
  nameLower: athlete.name.toLowerCase(),
  data: athleteSummary(athlete),
});

export const memberItem = (collectiveId: number, athlete: Athlete): Item => ({
  ...keys.catalogMember(collectiveId, athlete.id),
  type: 'member',
  athleteId: athlete.id,
  searchText: memberSearchText(athlete),
  data: memberSummary(athlete),
});

export const schoolItem = (school: School): Item => ({ ...keys.catalogSchool(school.id), type: 'school', data: school });
export const merchItem = (item: MerchItem): Item => ({ ...keys.catalogMerch(item.schoolId, item.id), type: 'merch', data: item });
export const collectiveItem = (collective: Collective): Item => ({ ...keys.catalogCollective(collective.id), type: 'collective', data: collective });

/** The items that belong to one athlete alone (profile, cards, sets, product index). */
export function athleteOwnItems(athlete: Athlete, version = 1): Item[] {
  return [
    athleteProfileItem(athlete, version),
    ...athlete.digitalcollectibles.map((c) => cardItem(athlete.id, c)),
    ...(athlete.sets ?? []).map((s) => setItem(athlete.id, s)),
    ...athlete.digitalcollectibles.filter((c) => c.shopifyProductId).map((c) => productItem(c.shopifyProductId, athlete.id, c.id)),
  ];
}

/** An athlete read back from its partition's items (profile, cards, sets), or null without a profile. */
export function athleteFromItems(items: Item[]): Athlete | null {
  const profile = items.find((i) => keys.isCatalogProfile(String(i.SK)));
  if (!profile) return null;
  // In id order: the sort keys pad the ids (a Query returns them sorted).
  const cards = items.filter((i) => String(i.SK).startsWith(keys.catalogCardPrefix)).map((i) => i.data as DigitalCollectible);
  const sets = items.filter((i) => String(i.SK).startsWith(keys.catalogSetPrefix)).map((i) => i.data as CardSet);
  return { ...(profile.data as AthleteProfile), digitalcollectibles: cards, ...(sets.length ? { sets } : {}) };
}

/** Roster counts of a sport item: athletes and athletes per position (zeros dropped). */
export function sportCountsOf(item: Item): { sport: string; count: number; positions: Record<string, number> } {
  const positions: Record<string, number> = {};
  for (const [field, value] of Object.entries(item)) {
    if (field.startsWith(POSITION_ATTRIBUTE_PREFIX) && Number(value) > 0) positions[field.slice(POSITION_ATTRIBUTE_PREFIX.length)] = Number(value);
  }
  return { sport: String(item.sport), count: Number(item.count ?? 0), positions };
}

/**
 * Every item of a whole catalog, for a bulk load into an empty table (the seed, the benchmarks,
 * tests): the per-entity items plus what writes otherwise maintain one athlete at a time (sport
 * counts, the name index, the search blocks and their manifest).
 */
export function catalogItems(catalog: Catalog): Item[] {
  return [...catalogItemStream(catalog)];
}

/** catalogItems one item at a time (a national catalog's millions of items are written in batches
 * as they come, never all held): each athlete's items, then what many athletes share. */
export function* catalogItemStream(catalog: Catalog): Generator<Item> {
  const memberOf = new Map<number, number>();
  for (const c of catalog.collectives) for (const id of c.members) memberOf.set(id, c.id);
  const sports = new Map<string, Item>();
  const names = new Map<string, Set<number>>();
  const folds = new Map<string, Set<number>>();
  for (const raw of catalog.athletes) {
    const athlete: Athlete = { ...raw, collectiveId: memberOf.get(raw.id) ?? null };
    yield* athleteOwnItems(athlete);
    yield rosterItem(athlete);
    const collectiveId = athlete.collectiveId;
    if (collectiveId !== null && collectiveId !== undefined) yield memberItem(collectiveId, athlete);
    const sportKey = keys.catalogSport(athlete.schoolId, athlete.sport);
    const sport = sports.get(`${sportKey.PK}|${sportKey.SK}`) ?? { ...sportKey, type: 'sport', schoolId: athlete.schoolId, sport: athlete.sport, count: 0 };
    sports.set(`${sportKey.PK}|${sportKey.SK}`, sport);
    sport.count = Number(sport.count) + 1;
    if (athlete.position) sport[`${POSITION_ATTRIBUTE_PREFIX}${athlete.position}`] = Number(sport[`${POSITION_ATTRIBUTE_PREFIX}${athlete.position}`] ?? 0) + 1;
    const name = normalizeName(athlete.name);
    if (name) names.set(name, (names.get(name) ?? new Set()).add(athlete.id));
    const fold = athleteFoldKey(athlete.name);
    if (fold) folds.set(fold, (folds.get(fold) ?? new Set()).add(athlete.id));
  }
  yield* sports.values();
  for (const [name, ids] of names) yield { ...keys.catalogName(name), type: 'name', ids };
  for (const [fold, ids] of folds) yield { ...keys.catalogFoldedName(fold), type: 'name', ids };
  const search = searchBlockItems(catalog.athletes.map(searchRowOf));
  yield* search.blocks;
  yield { ...keys.searchManifest(), type: 'manifest', schools: 1, ...search.versions };
  yield* catalog.schools.map(schoolItem);
  yield* catalog.merch.map(merchItem);
  yield* catalog.collectives.map(collectiveItem);
}

/** The catalog held in a set of items (a table's Scan, an in-memory store): operators' tools. */
export function catalogFromItems(items: Item[]): Catalog {
  const byAthlete = new Map<string, Item[]>();
  const catalog: Catalog = { athletes: [], schools: [], collectives: [], merch: [] };
  for (const item of items) {
    const partition = String(item.PK);
    if (keys.isCatalogAthletePartition(partition)) byAthlete.set(partition, [...(byAthlete.get(partition) ?? []), item]);
    else if (item.type === 'school') catalog.schools.push(item.data as School);
    else if (item.type === 'collective') catalog.collectives.push(item.data as Collective);
    else if (item.type === 'merch') catalog.merch.push(item.data as MerchItem);
  }
  for (const partition of byAthlete.values()) {
    const athlete = athleteFromItems(partition.sort((a, b) => String(a.SK).localeCompare(String(b.SK))));
    if (athlete) catalog.athletes.push(athlete);
  }
  catalog.athletes.sort((a, b) => a.id - b.id);
  catalog.schools.sort((a, b) => a.id - b.id);
  catalog.collectives.sort((a, b) => a.id - b.id);
  return catalog;
}
