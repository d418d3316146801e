// The search function's index (shared/search.ts SearchIndex), held in memory and rebuilt from the
// search snapshot in the table: athletes in chunks of 256 ids (CATALOG#SEARCH / ATHLETES#{chunk},
// each a map of id -> summary), schools from their partition, and a manifest with each chunk's
// version and the schools' version. Catalog writes update the athlete's chunk entry and bump its
// version in the same transaction (admin-repo.ts), so the snapshot is never behind the catalog.
// A cold function reads every chunk (one paginated Query); a warm one reads the manifest at most
// every SEARCH_REFRESH_MS and then only the chunks whose version changed.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AthleteSummary, School } from '../../shared/catalog-types';
import { SearchIndex } from '../../shared/search';
import { SEARCH_REFRESH_MS, cachedSinceLastWrite } from './cache-policy';
import type { Item, SearchEntry } from './catalog-items';
import { chunkVersionAttribute } from './catalog-items';
import { ddb, tableName } from './dynamodb';
import * as keys from './keys';

export type AthleteSearchIndex = SearchIndex<AthleteSummary, School>;

interface State {
  index: AthleteSearchIndex;
  chunks: Map<number, { version: number; entries: Record<string, SearchEntry> }>;
  schools: { version: number; list: School[] };
  checkedAt: number;
}

let state: State | undefined;
let refreshing: Promise<State> | undefined;

async function queryAll(pk: string, prefix: string): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

async function getItem(key: { PK: string; SK: string }): Promise<Item | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
}

function build(chunks: State['chunks'], schools: School[]): AthleteSearchIndex {
  const names = new Map(schools.map((s) => [s.id, s.name]));
  const athletes: AthleteSummary[] = [];
  for (const { entries } of chunks.values()) for (const entry of Object.values(entries)) athletes.push({ ...entry, school: names.get(entry.schoolId) ?? '' });
  return new SearchIndex(athletes, schools);
}

async function refresh(previous: State | undefined): Promise<State> {
  const manifest = (await getItem(keys.searchManifest())) ?? {};
  const versionOf = (chunk: number) => Number(manifest[chunkVersionAttribute(chunk)] ?? 0);
  const wanted = Object.keys(manifest)
    .filter((field) => field.startsWith('chunk:'))
    .map((field) => Number(field.slice('chunk:'.length)));
  const chunks = new Map(previous?.chunks ?? []);
  let changed = !previous;
  if (!previous) {
    for (const item of await queryAll(keys.searchPartition, keys.searchChunkPrefix)) chunks.set(Number(item.chunk), { version: versionOf(Number(item.chunk)), entries: (item.entries as Record<string, SearchEntry>) ?? {} });
  } else {
    const stale = wanted.filter((chunk) => chunks.get(chunk)?.version !== versionOf(chunk));
    const fresh = await Promise.all(stale.map(async (chunk) => [chunk, await getItem(keys.searchChunk(chunk))] as const));
    for (const [chunk, item] of fresh) chunks.set(chunk, { version: versionOf(chunk), entries: (item?.entries as Record<string, SearchEntry>) ?? {} });
    changed = stale.length > 0;
  }
  const schoolsVersion = Number(manifest.schools ?? 0);
  let schools = previous?.schools;
  if (!schools || schools.version !== schoolsVersion) {
    schools = { version: schoolsVersion, list: (await queryAll(keys.catalogSchoolsPartition, 'SCHOOL#')).map((i) => i.data as School) };
    changed = true;
  }
  const index = changed || !previous ? build(chunks, schools.list) : previous.index;
  return { index, chunks, schools, checkedAt: Date.now() };
}

/** The index, refreshed when the manifest changed (checked at most every SEARCH_REFRESH_MS). */
export async function searchIndex(now = Date.now()): Promise<AthleteSearchIndex> {
  if (state && now - state.checkedAt < SEARCH_REFRESH_MS && cachedSinceLastWrite(state.checkedAt)) return state.index;
  refreshing ??= refresh(state).finally(() => {
    refreshing = undefined;
  });
  state = await refreshing;
  return state.index;
}

/** Tests and benchmarks: forget the index (the next search reads the whole snapshot again). */
export function resetSearchIndex(): void {
  state = undefined;
}
