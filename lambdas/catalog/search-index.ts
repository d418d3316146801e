// The search function's index (shared/catalog/search.ts SearchIndex), held in memory and rebuilt from the
// search snapshot in the table: athletes in chunks of 256 ids (CATALOG#SEARCH / ATHLETES#{chunk},
// each a map of id -> the athlete's summary as a JSON string), schools from their partition, and a
// manifest with each chunk's version and the schools' version. Catalog writes update the athlete's
// chunk entry and bump its version in the same transaction (admin-repo.ts), so the snapshot is
// never behind the catalog. A cold function reads every chunk (GetItems, 8 at a time); a warm one
// reads the manifest at most every SEARCH_REFRESH_MS and then only the chunks whose version
// changed. The index keeps each summary as its JSON string (compact) and parses the page it answers.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AthleteSummary, School } from '#shared/catalog/catalog-types';
import { SearchIndex } from '#shared/catalog/search';
import type { SearchDoc } from '#shared/catalog/search';
import { SEARCH_REFRESH_MS, cachedSinceLastWrite } from '#lambdas/platform/cache-policy';
import type { Item } from './catalog-items';
import { CHUNK_VERSION_PREFIX, parseSearchEntry } from './catalog-items';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';

/** The index's record: the athlete's summary without its school's name, as stored (JSON). */
export type AthleteSearchIndex = SearchIndex<string, School>;

interface State {
  index: AthleteSearchIndex;
  schoolNames: Map<number, string>;
  /** The version of each chunk the index holds (the entries themselves live only in the index). */
  versions: Map<number, number>;
  schools: { version: number; list: School[] };
  checkedAt: number;
}

let state: State | undefined;
let refreshing: Promise<State> | undefined;

async function getItem(key: { PK: string; SK: string }): Promise<Item | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
}

async function allSchools(): Promise<School[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.catalogSchoolsPartition, ':prefix': keys.catalogSchoolPrefix },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.map((i) => i.data as School);
}

/** Reads chunks by GetItem, `concurrency` at a time. */
async function readChunks(chunks: number[], concurrency = 8): Promise<Array<[number, Record<string, string>]>> {
  const out: Array<[number, Record<string, string>]> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, chunks.length) }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++];
        out.push([chunk, ((await getItem(keys.searchChunk(chunk)))?.entries as Record<string, string> | undefined) ?? {}]);
      }
    }),
  );
  return out;
}

function docOf(record: string, schoolNames: Map<number, string>): SearchDoc<string> {
  const entry = parseSearchEntry(record);
  return {
    id: entry.id,
    name: entry.name,
    school: schoolNames.get(entry.schoolId) ?? '',
    sport: entry.sport,
    position: entry.position,
    number: entry.number,
    record,
  };
}

async function refresh(previous: State | undefined, now: number): Promise<State> {
  const manifest = (await getItem(keys.searchManifest())) ?? {};
  const versionOf = (chunk: number) => Number(manifest[`${CHUNK_VERSION_PREFIX}${chunk}`] ?? 0);
  const listed = Object.keys(manifest)
    .filter((field) => field.startsWith(CHUNK_VERSION_PREFIX))
    .map((field) => Number(field.slice(CHUNK_VERSION_PREFIX.length)));
  const versions = new Map(previous?.versions ?? []);
  const stale = new Set(listed.filter((chunk) => versions.get(chunk) !== versionOf(chunk)));
  const fresh = await readChunks([...stale]);
  for (const chunk of stale) versions.set(chunk, versionOf(chunk));
  const schoolsVersion = Number(manifest.schools ?? 0);
  let schools = previous?.schools;
  if (!schools || schools.version !== schoolsVersion) schools = { version: schoolsVersion, list: await allSchools() };
  if (previous && stale.size === 0 && schools === previous.schools) return { ...previous, checkedAt: now };
  // Rebuild: the unchanged chunks' entries from the index itself, the changed ones as read.
  const schoolNames = new Map(schools.list.map((s) => [s.id, s.name]));
  const docs: Array<SearchDoc<string>> = [];
  if (previous) for (const [id, record] of previous.index.entries()) if (!stale.has(keys.searchChunkOf(id))) docs.push(docOf(record, schoolNames));
  for (const [, entries] of fresh) for (const record of Object.values(entries)) docs.push(docOf(record, schoolNames));
  return { index: new SearchIndex(docs, schools.list), schoolNames, versions, schools, checkedAt: now };
}

/** The index, refreshed when the manifest changed (checked at most every SEARCH_REFRESH_MS). */
export async function searchIndex(now = Date.now()): Promise<{ index: AthleteSearchIndex; summaryOf: (record: string) => AthleteSummary }> {
  if (!state || now - state.checkedAt >= SEARCH_REFRESH_MS || !cachedSinceLastWrite(state.checkedAt)) {
    refreshing ??= refresh(state, now).finally(() => {
      refreshing = undefined;
    });
    state = await refreshing;
  }
  const names = state.schoolNames;
  return { index: state.index, summaryOf: (record) => summaryOf(record, names) };
}

function summaryOf(record: string, schoolNames: Map<number, string>): AthleteSummary {
  const { id, name, schoolId, sport, position, number, image, level, stats } = parseSearchEntry(record);
  return { id, name, schoolId, school: schoolNames.get(schoolId) ?? '', sport, position, number, image, level, stats };
}

/** Tests and benchmarks: forget the index (the next search reads the whole snapshot again). */
export function resetSearchIndex(): void {
  state = undefined;
}
