// The search function's index (shared/search.ts SearchIndex), held in memory and rebuilt from the
// search snapshot in the table: athletes in chunks of 256 ids (CATALOG#SEARCH / ATHLETES#{chunk},
// each a map of id -> the athlete's summary as a JSON string), schools from their partition, and a
// manifest with each chunk's version and the schools' version. Catalog writes update the athlete's
// chunk entry and bump its version in the same transaction (admin-repo.ts), so the snapshot is
// never behind the catalog. A cold function reads every chunk (GetItems, 8 at a time); a warm one
// reads the manifest at most every SEARCH_REFRESH_MS and then only the chunks whose version
// changed. The index keeps each summary as its JSON string (compact) and parses the page it answers.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AthleteSummary, School } from '../../shared/catalog-types';
import { SearchIndex } from '../../shared/search';
import type { SearchDoc } from '../../shared/search';
import { SEARCH_REFRESH_MS, cachedSinceLastWrite } from './cache-policy';
import type { Item } from './catalog-items';
import { CHUNK_VERSION_PREFIX, parseSearchEntry } from './catalog-items';
import { ddb, tableName } from './dynamodb';
import * as keys from './keys';

/** The index's record: the athlete's summary without its school's name, as stored (JSON). */
export type AthleteSearchIndex = SearchIndex<string, School>;

interface State {
  index: AthleteSearchIndex;
  schoolNames: Map<number, string>;
  chunks: Map<number, { version: number; entries: Record<string, string> }>;
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
        ExpressionAttributeValues: { ':pk': keys.catalogSchoolsPartition, ':prefix': 'SCHOOL#' },
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

function build(chunks: State['chunks'], schoolNames: Map<number, string>, schools: School[]): AthleteSearchIndex {
  const docs: Array<SearchDoc<string>> = [];
  for (const { entries } of chunks.values()) {
    for (const record of Object.values(entries)) {
      const entry = parseSearchEntry(record);
      docs.push({ id: entry.id, name: entry.name, school: schoolNames.get(entry.schoolId) ?? '', sport: entry.sport, record });
    }
  }
  return new SearchIndex(docs, schools);
}

async function refresh(previous: State | undefined): Promise<State> {
  const manifest = (await getItem(keys.searchManifest())) ?? {};
  const versionOf = (chunk: number) => Number(manifest[`${CHUNK_VERSION_PREFIX}${chunk}`] ?? 0);
  const listed = Object.keys(manifest)
    .filter((field) => field.startsWith(CHUNK_VERSION_PREFIX))
    .map((field) => Number(field.slice(CHUNK_VERSION_PREFIX.length)));
  const chunks = new Map(previous?.chunks ?? []);
  const stale = listed.filter((chunk) => chunks.get(chunk)?.version !== versionOf(chunk));
  for (const [chunk, entries] of await readChunks(stale)) chunks.set(chunk, { version: versionOf(chunk), entries });
  const schoolsVersion = Number(manifest.schools ?? 0);
  let schools = previous?.schools;
  if (!schools || schools.version !== schoolsVersion) schools = { version: schoolsVersion, list: await allSchools() };
  const changed = !previous || stale.length > 0 || schools !== previous.schools;
  const schoolNames = changed ? new Map(schools.list.map((s) => [s.id, s.name])) : previous.schoolNames;
  const index = changed ? build(chunks, schoolNames, schools.list) : previous.index;
  return { index, schoolNames, chunks, schools, checkedAt: Date.now() };
}

/** The index, refreshed when the manifest changed (checked at most every SEARCH_REFRESH_MS). */
export async function searchIndex(now = Date.now()): Promise<{ index: AthleteSearchIndex; summaryOf: (record: string) => AthleteSummary }> {
  if (!state || now - state.checkedAt >= SEARCH_REFRESH_MS || !cachedSinceLastWrite(state.checkedAt)) {
    refreshing ??= refresh(state).finally(() => {
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
