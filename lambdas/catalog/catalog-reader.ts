// What ingestion reads of the catalog, as a small async interface (pure: no AWS), so the engine
// reads only what an event needs: accepting an order looks up each line's product (the product
// index), and only for a line whose product is unknown the schools' names (the title rule's
// school scope), the athletes of the schools the line names, and the athletes whose full name the
// title contains; settling reads one athlete (its cards' editions and unlock rules, its closed sets,
// its collective). DynamoDB implements it in production (catalog-index.ts); `memoryCatalogReader`
// implements it over a Catalog for the property tests and the benchmark loader.
import { athletesMatchingTitle, schoolsOfLine } from '#shared/orders/attribution';
import type { AttributableLine } from '#shared/orders/attribution';
import { indexCatalog } from '#shared/catalog/catalog-types';
import type { Athlete, Catalog, CatalogIndex } from '#shared/catalog/catalog-types';
import { normalizeName } from './catalog-items';

export interface AthleteBrief {
  id: number;
  name: string;
  schoolId: number;
}

export interface CatalogReader {
  /** The card each known Shopify product id sells (unknown ids are absent). */
  productCards(productIds: string[]): Promise<Map<string, { athleteId: number; cardId: number }>>;
  /** Every school's id and name. */
  schoolsDirectory(): Promise<Array<{ id: number; name: string }>>;
  /** The athletes of one school. */
  athletesOfSchool(schoolId: number): Promise<AthleteBrief[]>;
  /** The athletes whose normalised full name (catalog-items.ts normalizeName) is one of these. */
  athletesNamed(names: string[]): Promise<AthleteBrief[]>;
  /** One athlete with its cards, sets and collective, or null. */
  athlete(id: number): Promise<Athlete | null>;
}

/** Attribution (shared/orders/attribution.ts) reads an athlete's id, name and school, and the card ids
 * of the one athlete a title names: the rest of a profile is never read to attribute a line. */
const briefAthlete = (b: AthleteBrief): Athlete => ({ ...b, digitalcollectibles: [] }) as unknown as Athlete;

/** Word sequences of a title that could be a full name (1 to 4 words; at most 100 of them). */
export function nameWindows(title: string, maxWords = 4, max = 100): string[] {
  const words = normalizeName(title).split(' ').filter(Boolean);
  const windows = new Set<string>();
  for (let size = 1; size <= maxWords; size++) for (let i = 0; i + size <= words.length; i++) windows.add(words.slice(i, i + size).join(' '));
  return [...windows].slice(0, max);
}

/**
 * The part of the catalog that attributes these lines (shared/orders/attribution.ts attributeLine gives
 * each line the same answer over it as over the whole catalog): their products' cards; when a
 * product is unknown, the schools, the athletes of the schools the line names (with the cards of
 * the single athlete its title names) and the athletes whose full name the title contains.
 */
export async function indexForLines(reader: CatalogReader, lines: AttributableLine[]): Promise<CatalogIndex> {
  const sold = lines.filter((l) => !l.giftCard);
  const productIds = [...new Set(sold.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const cardByProductId = productIds.length ? await reader.productCards(productIds) : new Map<string, { athleteId: number; cardId: number }>();
  const index: CatalogIndex = { athleteById: new Map(), cardByProductId, collectiveByAthleteId: new Map(), athletesBySchool: new Map(), schools: [] };
  const open = sold.filter((l) => !cardByProductId.has(l.productId ?? ''));
  if (open.length === 0) return index;
  index.schools = await reader.schoolsDirectory();
  const rosters = new Map<number, Athlete[]>();
  const found: Athlete[] = [];
  for (const line of open) {
    const schoolIds = schoolsOfLine(line, index);
    for (const id of schoolIds) if (!rosters.has(id)) rosters.set(id, (await reader.athletesOfSchool(id)).map(briefAthlete));
    if (schoolIds.length === 0) {
      found.push(...(await reader.athletesNamed(nameWindows(line.title))).map(briefAthlete));
      continue;
    }
    const { fullName, word } = athletesMatchingTitle(
      line.title,
      schoolIds.flatMap((id) => rosters.get(id)!),
    );
    const named = fullName.length > 0 ? fullName : word;
    if (named.length === 1) found.push((await reader.athlete(named[0].id)) ?? named[0]);
  }
  // In id order, as the whole catalog's index lists them (candidate lists come out the same); a
  // full record replaces a brief of the same athlete, never the other way round (a later line may
  // find by name an athlete an earlier line read in full).
  for (const a of [...[...rosters.values()].flat(), ...found].sort((x, y) => x.id - y.id)) {
    const had = index.athleteById.get(a.id);
    if (!had || had.digitalcollectibles.length === 0) index.athleteById.set(a.id, a);
  }
  for (const a of index.athleteById.values()) index.athletesBySchool.set(a.schoolId, [...(index.athletesBySchool.get(a.schoolId) ?? []), a]);
  return index;
}

/** The reader over a whole catalog in memory (tests, the benchmark loader). */
export function memoryCatalogReader(catalog: Catalog): CatalogReader {
  const index = indexCatalog(catalog);
  const brief = (a: Athlete): AthleteBrief => ({ id: a.id, name: a.name, schoolId: a.schoolId });
  return {
    productCards: async (ids) => new Map(ids.flatMap((id) => (index.cardByProductId.has(id) ? [[id, index.cardByProductId.get(id)!] as const] : []))),
    schoolsDirectory: async () => catalog.schools.map((s) => ({ id: s.id, name: s.name })),
    athletesOfSchool: async (schoolId) => (index.athletesBySchool.get(schoolId) ?? []).map(brief),
    athletesNamed: async (names) => {
      const wanted = new Set(names);
      return catalog.athletes.filter((a) => wanted.has(normalizeName(a.name))).map(brief);
    },
    athlete: async (id) => {
      const athlete = index.athleteById.get(id);
      return athlete ? { ...athlete, collectiveId: index.collectiveByAthleteId.get(id) ?? null } : null;
    },
  };
}
