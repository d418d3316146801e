// The catalog in the table, one item per entity (keys.ts lists the families, catalog-items.ts
// builds the items): targeted reads for the request paths, each a GetItem or a bounded Query (or
// a BatchGet of known keys for ingestion), and the bulk load of a whole catalog for seeding
// (through the store port). The reads use the document client: public reads are eventually
// consistent, some project or filter, and pages continue from a cursor, which the store port's
// consistent reads do not do; owner reads and writers' reads pass `consistent`.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AthleteProfileResponse, FeaturedResponse, SchoolPageResponse, SportRosterResponse } from '#shared/catalog/catalog-api';
import type { Athlete, AthleteSummary, Catalog, Collective, MemberSummary, MerchItem, School } from '#shared/catalog/catalog-types';
import { athleteSummary, schoolSummary } from '#shared/catalog/catalog-types';
import type { AthleteProfile, Item } from './catalog-items';
import { athleteFromItems, catalogItems, sportCountsOf } from './catalog-items';
import { athleteProfileResponse, publicAthlete, saleTotalsOf } from './catalog-views';
import type { SaleTotals } from './catalog-views';
import { cachedSinceLastWrite } from '#lambdas/platform/cache-policy';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { HttpError } from '#lambdas/platform/errors';
import { encodeCursor } from '#lambdas/platform/http';
import * as keys from '#lambdas/platform/keys';
import { dynamoBulkStore } from '#lambdas/platform/store';
import type { BulkStore } from '#lambdas/platform/store';

export interface ReadOptions {
  /** A strongly consistent read (owner routes, writers); public reads are eventually consistent. */
  consistent?: boolean;
}

/** Bounds of what one answer may hold (the web asks for less). */
export const LIMITS = {
  /** Items of one athlete's partition: profile, cards and sets. */
  athleteItems: 250,
  featured: 6,
  related: 12,
  rosterPreview: 12,
  rosterPage: 100,
  /** Roster items one roster request may read while filtering. */
  rosterEvaluated: 1_000,
  sportsPerSchool: 50,
  merchPerSchool: 50,
  membersPage: 100,
  membersEvaluated: 1_000,
  /** GET /api/catalog answers whole catalogs up to this size only. */
  catalogRouteAthletes: 100,
  catalogRouteSchools: 20,
} as const;

// ---- primitives --------------------------------------------------------------------------------

async function getItem(key: { PK: string; SK: string }, options: ReadOptions = {}, projection?: string[]): Promise<Item | undefined> {
  const names = projection ? Object.fromEntries(projection.map((p, i) => [`#p${i}`, p])) : undefined;
  const result = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: { PK: key.PK, SK: key.SK },
      ConsistentRead: options.consistent ?? false,
      ...(projection ? { ProjectionExpression: Object.keys(names!).join(', '), ExpressionAttributeNames: names } : {}),
    }),
  );
  return result.Item;
}

interface QuerySpec extends ReadOptions {
  pk: string;
  beginsWith?: string;
  /** Query GSI1 instead of the table (eventually consistent only). */
  index?: boolean;
  limit?: number;
  forward?: boolean;
  startKey?: Record<string, unknown>;
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
}

function queryInput(spec: QuerySpec): QueryCommandInput {
  const [pkName, skName] = spec.index ? ['GSI1PK', 'GSI1SK'] : ['PK', 'SK'];
  const names: Record<string, string> = { '#pk': pkName, ...(spec.beginsWith !== undefined ? { '#sk': skName } : {}), ...(spec.filter?.names ?? {}) };
  const values: Record<string, unknown> = {
    ':pk': spec.pk,
    ...(spec.beginsWith !== undefined ? { ':prefix': spec.beginsWith } : {}),
    ...(spec.filter?.values ?? {}),
  };
  return {
    TableName: tableName(),
    ...(spec.index ? { IndexName: keys.GSI1 } : { ConsistentRead: spec.consistent ?? false }),
    KeyConditionExpression: spec.beginsWith !== undefined ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
    ...(spec.filter ? { FilterExpression: spec.filter.expression } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(spec.limit ? { Limit: spec.limit } : {}),
    ...(spec.forward === false ? { ScanIndexForward: false } : {}),
    ...(spec.startKey ? { ExclusiveStartKey: spec.startKey } : {}),
  };
}

async function queryPage(spec: QuerySpec): Promise<{ items: Item[]; lastKey: Record<string, unknown> | undefined }> {
  const page = await ddb().send(new QueryCommand(queryInput(spec)));
  return { items: page.Items ?? [], lastKey: page.LastEvaluatedKey };
}

/** Every item of a key range, page after page, refusing ranges beyond `max` items. */
async function queryAll(spec: QuerySpec, max: number): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryPage({ ...spec, startKey });
    items.push(...page.items);
    if (items.length > max) throw new Error(`${spec.pk}: more than ${max} items in one read`);
    startKey = page.lastKey;
  } while (startKey);
  return items;
}

/** Items matching a filter, read a page at a time until `want` match or `maxEvaluated` were read. */
async function queryFiltered(spec: QuerySpec, want: number, maxEvaluated: number): Promise<{ items: Item[]; lastKey: Record<string, unknown> | undefined }> {
  const items: Item[] = [];
  let evaluated = 0;
  let startKey = spec.startKey;
  do {
    const limit = spec.filter ? Math.min(Math.max(want * 2, 50), maxEvaluated - evaluated) : want - items.length;
    const page = await ddb().send(new QueryCommand(queryInput({ ...spec, startKey, limit })));
    items.push(...(page.Items ?? []));
    evaluated += page.ScannedCount ?? page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < want && evaluated < maxEvaluated);
  return { items, lastKey: startKey };
}

async function mapLimit<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

// ---- athletes ----------------------------------------------------------------------------------

/** An athlete's profile item's data (no cards), or undefined. */
export async function getAthleteProfile(id: number, options: ReadOptions = {}): Promise<AthleteProfile | undefined> {
  return (await getItem(keys.catalogAthlete(id), options))?.data as AthleteProfile | undefined;
}

/** An athlete with every card and set (all states): one Query of its partition. */
export async function getAthlete(id: number, options: ReadOptions = {}): Promise<Athlete | null> {
  return athleteFromItems(await queryAll({ pk: keys.catalogAthletePartition(id), ...options }, LIMITS.athleteItems));
}

/** The sale state of an athlete's cards, from its pre-aggregated total (one GetItem). */
export async function getSaleTotals(id: number, options: ReadOptions = {}): Promise<SaleTotals> {
  return saleTotalsOf(await getItem(keys.aggTotal(id), options, ['cards', 'issued', 'oversold', 'unlockedAt']));
}

/** GET /api/athletes/{id}: a Query of the athlete's partition and a GetItem of its total. */
export async function athleteProfile(id: number): Promise<AthleteProfileResponse | null> {
  const [athlete, totals] = await Promise.all([getAthlete(id), getSaleTotals(id)]);
  return athlete ? athleteProfileResponse(athlete, totals) : null;
}

/** Athletes of the same school, the athlete excluded, in roster order (one bounded Query). */
export async function relatedAthletes(athlete: Pick<Athlete, 'id' | 'schoolId'>, limit: number = LIMITS.related): Promise<AthleteSummary[]> {
  const { items } = await queryPage({ pk: keys.catalogSchoolPartition(athlete.schoolId), beginsWith: keys.catalogRosterPrefix(), limit: limit + 1 });
  return items
    .map((i) => i.data as AthleteSummary)
    .filter((a) => a.id !== athlete.id)
    .slice(0, limit);
}

// ---- schools -----------------------------------------------------------------------------------

export async function getSchool(id: number, options: ReadOptions = {}): Promise<School | undefined> {
  return (await getItem(keys.catalogSchool(id), options))?.data as School | undefined;
}

export async function schoolMerch(schoolId: number, options: ReadOptions = {}): Promise<MerchItem[]> {
  const { items } = await queryPage({
    pk: keys.catalogSchoolPartition(schoolId),
    beginsWith: keys.catalogMerchPrefix,
    limit: LIMITS.merchPerSchool,
    ...options,
  });
  return items.map((i) => i.data as MerchItem);
}

/** The sports of a school with athletes, in the school's own order, then by name. */
async function schoolSports(school: School): Promise<Array<ReturnType<typeof sportCountsOf>>> {
  const { items } = await queryPage({ pk: keys.catalogSchoolPartition(school.id), beginsWith: keys.catalogSportPrefix, limit: LIMITS.sportsPerSchool });
  const rank = (sport: string) => {
    const i = school.sports.findIndex((s) => s.toLowerCase() === sport.toLowerCase());
    return i === -1 ? school.sports.length : i;
  };
  return items
    .map(sportCountsOf)
    .filter((s) => s.count > 0)
    .sort((a, b) => rank(a.sport) - rank(b.sport) || a.sport.localeCompare(b.sport));
}

/** GET /api/schools/{id}: the school, each sport's count and first athletes, its merch. */
export async function schoolPage(id: number, perSport: number = LIMITS.rosterPreview): Promise<SchoolPageResponse | null> {
  const school = await getSchool(id);
  if (!school) return null;
  const [sports, merch, support] = await Promise.all([schoolSports(school), schoolMerch(id), getItem(keys.catalogSchoolSupport(id))]);
  const rosters = await Promise.all(
    sports.map(async (s) =>
      (await queryPage({ pk: keys.catalogSchoolPartition(id), beginsWith: keys.catalogRosterPrefix(s.sport), limit: perSport })).items.map(
        (i) => i.data as AthleteSummary,
      ),
    ),
  );
  return {
    school,
    sports: sports.map((s, i) => ({ sport: s.sport, count: s.count, athletes: rosters[i] })),
    merch,
    support: support ? { collectiveId: Number(support.collectiveId), collectiveName: String(support.collectiveName) } : null,
  };
}

export interface RosterQuery {
  position?: string;
  query?: string;
  limit: number;
  cursor?: Record<string, unknown>;
}

/** GET /api/schools/{id}/sports/{sport}/athletes: one sport's roster in jersey-then-name order,
 * optionally filtered by position and by name or jersey number (SPEC: case-insensitive substring). */
export async function sportRoster(schoolId: number, sport: string, q: RosterQuery): Promise<SportRosterResponse | null> {
  const [school, sportItem] = await Promise.all([getSchool(schoolId), getItem(keys.catalogSport(schoolId, sport))]);
  if (!school) return null;
  const counts = sportItem ? sportCountsOf(sportItem) : { sport, count: 0, positions: {} };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const clauses: string[] = [];
  if (q.position) {
    Object.assign(names, { '#data': 'data', '#position': 'position' });
    values[':position'] = q.position;
    clauses.push('#data.#position = :position');
  }
  const text = q.query?.trim().toLowerCase();
  if (text) {
    Object.assign(names, { '#data': 'data', '#number': 'number', '#nameLower': 'nameLower' });
    values[':q'] = text;
    clauses.push('(contains(#nameLower, :q) OR contains(#data.#number, :q))');
  }
  const filter = clauses.length ? { expression: clauses.join(' AND '), names, values } : undefined;
  const { items, lastKey } =
    counts.count === 0
      ? { items: [], lastKey: undefined }
      : await queryFiltered(
          { pk: keys.catalogSchoolPartition(schoolId), beginsWith: keys.catalogRosterPrefix(sport), startKey: q.cursor, filter },
          q.limit + 1,
          LIMITS.rosterEvaluated,
        );
  const page = items.slice(0, q.limit);
  // More to read: either this page overflowed (continue after its last item) or the read stopped at its bound.
  const next = items.length > q.limit ? { PK: keys.catalogSchoolPartition(schoolId), SK: page[page.length - 1].SK } : lastKey;
  return {
    school: { id: school.id, name: school.name },
    sport: counts.sport,
    total: counts.count,
    positions: Object.keys(counts.positions).sort((a, b) => a.localeCompare(b)),
    items: page.map((i) => i.data as AthleteSummary),
    nextCursor: encodeCursor(next, keys.cursorSpecs.roster(schoolId, sport)),
  };
}

/** GET /api/featured: the first schools and the last athletes of the catalog (two bounded Queries). */
export async function featured(): Promise<FeaturedResponse> {
  const [schools, athletes] = await Promise.all([
    queryPage({ pk: keys.catalogSchoolsPartition, beginsWith: keys.catalogSchoolPrefix, limit: LIMITS.featured }),
    queryPage({ pk: keys.catalogAthletesListing, index: true, forward: false, limit: LIMITS.featured }),
  ]);
  return {
    schools: schools.items.map((i) => schoolSummary(i.data as School)),
    athletes: athletes.items.map((i) => athleteSummary(i.data as AthleteProfile)).reverse(),
  };
}

// ---- collectives -------------------------------------------------------------------------------

export async function getCollective(id: number, options: ReadOptions = {}): Promise<Collective | undefined> {
  return (await getItem(keys.catalogCollective(id), options))?.data as Collective | undefined;
}

export interface MembersQuery extends ReadOptions {
  limit: number;
  cursor?: Record<string, unknown>;
  /** Name, sport or position (SPEC: the collective's athlete search, case-insensitive). */
  query?: string;
  sport?: string;
  /** Also answer the distinct sports of all the members (the Athletes Management sport filter). */
  withSports?: boolean;
}

/** The distinct sports of members, sorted. */
const sportsOf = (members: MemberSummary[]): string[] => [...new Set(members.map((m) => m.sport).filter(Boolean))].sort((a, b) => a.localeCompare(b));

/** A collective's members in athlete id order, a page at a time; with `withSports`, the distinct
 * sports of all its members too (from the page itself when it holds them all, otherwise one Query
 * of the member items, bounded by the collective's size). */
export async function collectiveMembers(
  collectiveId: number,
  q: MembersQuery,
): Promise<{ items: MemberSummary[]; nextCursor: string | null; sports?: string[] }> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const clauses: string[] = [];
  const text = q.query?.trim().toLowerCase();
  if (text) {
    names['#text'] = 'searchText';
    values[':q'] = text;
    clauses.push('contains(#text, :q)');
  }
  if (q.sport) {
    Object.assign(names, { '#data': 'data', '#sport': 'sport' });
    values[':sport'] = q.sport;
    clauses.push('#data.#sport = :sport');
  }
  const filter = clauses.length ? { expression: clauses.join(' AND '), names, values } : undefined;
  const { items, lastKey } = await queryFiltered(
    { pk: keys.catalogMemberPartition(collectiveId), beginsWith: keys.catalogMemberPrefix, startKey: q.cursor, filter, consistent: q.consistent },
    q.limit + 1,
    LIMITS.membersEvaluated,
  );
  const page = items.slice(0, q.limit);
  const next = items.length > q.limit ? { PK: keys.catalogMemberPartition(collectiveId), SK: page[page.length - 1].SK } : lastKey;
  const answer = { items: page.map((i) => i.data as MemberSummary), nextCursor: encodeCursor(next, keys.cursorSpecs.collectiveMembers(collectiveId)) };
  if (!q.withSports) return answer;
  const whole = !filter && !q.cursor && !answer.nextCursor;
  const all = whole
    ? answer.items
    : (await queryAll({ pk: keys.catalogMemberPartition(collectiveId), beginsWith: keys.catalogMemberPrefix, consistent: q.consistent }, 100_000)).map(
        (i) => i.data as MemberSummary,
      );
  return { ...answer, sports: sportsOf(all) };
}

/** The names of a collective's members (one Query of its member items, bounded by its size). */
export async function memberNames(collectiveId: number): Promise<Map<number, { name: string }>> {
  const items = await queryAll({ pk: keys.catalogMemberPartition(collectiveId), beginsWith: keys.catalogMemberPrefix }, 100_000);
  return new Map(items.map((i) => [Number(i.athleteId), { name: (i.data as MemberSummary).name }]));
}

// ---- the whole catalog, for small deployments and tools ---------------------------------------

export class CatalogTooLarge extends HttpError {
  constructor() {
    super(
      413,
      'catalog_too_large',
      `The catalog holds more than ${LIMITS.catalogRouteAthletes} athletes or ${LIMITS.catalogRouteSchools} schools; read it by entity (/api/featured, /api/athletes/{id}, /api/schools/{id}, /api/search)`,
    );
  }
}

async function queryCatalog(): Promise<Catalog> {
  const [athleteItems, schoolItems, collectiveItems] = await Promise.all([
    queryPage({ pk: keys.catalogAthletesListing, index: true, limit: LIMITS.catalogRouteAthletes + 1 }),
    queryPage({ pk: keys.catalogSchoolsPartition, beginsWith: keys.catalogSchoolPrefix, limit: LIMITS.catalogRouteSchools + 1 }),
    queryAll({ pk: keys.catalogCollectivesPartition, beginsWith: keys.catalogCollectivePrefix }, 10_000),
  ]);
  if (athleteItems.items.length > LIMITS.catalogRouteAthletes || schoolItems.items.length > LIMITS.catalogRouteSchools) throw new CatalogTooLarge();
  const schools = schoolItems.items.map((i) => i.data as School);
  const [athletes, merch] = await Promise.all([
    mapLimit(athleteItems.items, 8, async (i) => getAthlete(Number((i.data as AthleteProfile).id))),
    mapLimit(schools, 8, (s) => schoolMerch(s.id)),
  ]);
  return {
    athletes: athletes.filter((a): a is Athlete => a !== null).map(publicAthlete),
    schools,
    collectives: collectiveItems.map((i) => i.data as Collective),
    merch: merch.flat(),
  };
}

const CACHE_MS = 15_000;
let cache: { at: number; catalog: Promise<Catalog> } | undefined;

/** Drops this function's cached whole catalog. */
export function invalidateCatalogCache(): void {
  cache = undefined;
}

/** GET /api/catalog's answer: the whole catalog (public cards only), for catalogs up to
 * LIMITS.catalogRouteAthletes athletes (CatalogTooLarge beyond), cached 15 s per function. */
export function loadCatalog(options: { fresh?: boolean } = {}): Promise<Catalog> {
  const now = Date.now();
  if (!options.fresh && cache && now - cache.at < CACHE_MS && cachedSinceLastWrite(cache.at)) return cache.catalog;
  const catalog = queryCatalog();
  cache = { at: now, catalog };
  catalog.catch(() => {
    if (cache?.catalog === catalog) cache = undefined;
  });
  return catalog;
}

/** True when the table holds a catalog (one item of the schools' partition). */
export async function hasCatalog(): Promise<boolean> {
  const { items } = await queryPage({ pk: keys.catalogSchoolsPartition, limit: 1, consistent: true });
  return items.length > 0;
}

// ---- bulk load -----------------------------------------------------------------------------------

interface LoadOptions {
  concurrency?: number;
  onProgress?: (written: number, total: number) => void;
  /** The table (default) or a memory store. */
  store?: BulkStore;
}

/** A bulk load of items: batches of 25 (store.putBatch), a few in flight. */
export async function batchWriteItems(items: Item[], options: LoadOptions = {}): Promise<void> {
  const store = options.store ?? dynamoBulkStore;
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let written = 0;
  await mapLimit(batches, options.concurrency ?? 4, async (batch) => {
    await store.putBatch(batch);
    written += batch.length;
    options.onProgress?.(written, items.length);
  });
}

/** Writes a whole catalog into an empty table (seeding, tests, benchmarks). */
export async function putCatalog(catalog: Catalog, options: LoadOptions = {}): Promise<void> {
  await batchWriteItems(catalogItems(catalog), options);
  invalidateCatalogCache();
}
