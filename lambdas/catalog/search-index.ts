// The search function's index (docs/decisions/0023-search-blocks.md): every search block of the
// table (CATALOG#SEARCH / BLOCK#{n}: what queries match of 8,192 athletes, compressed; search-
// writes.ts) held in memory by shared/catalog/search-blocks.ts BlockSearch, and the schools. A cold
// function reads the manifest, the schools and every block (BatchGets of 100, eventually
// consistent, decompressed off the main thread as they arrive): ~1.6 MiB and ~240 RCU at 204,000
// athletes, ~4.3 MiB and ~640 RCU at 554,298 (docs/BENCHMARKS.md). A warm one reads the manifest at
// most every SEARCH_REFRESH_MS and then only the blocks whose version changed. A page's records
// (what the results show: image, level, year) are the athletes' profiles, read for that page only
// (one BatchGet of at most 48) and kept a few seconds.
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Athlete, AthleteSummary, School } from '#shared/catalog/catalog-types';
import { athleteSummary } from '#shared/catalog/catalog-types';
import { BlockSearch } from '#shared/catalog/search-blocks';
import { SEARCH_REFRESH_MS, cachedSinceLastWrite } from '#lambdas/platform/cache-policy';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { RetryLater } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { log } from '#lambdas/platform/log';
import { BLOCK_VERSION_PREFIX, storedBytes } from './search-writes';

const inflate = promisify(inflateRaw);

type Item = Record<string, unknown>;

/** Blocks per BatchGet (DynamoDB's limit) and BatchGets in flight on a cold start. */
const BATCH = 100;
const BATCHES_IN_FLIGHT = 4;
/** Page records kept (each a few hundred bytes) and for how long: an edit of what a result
 * shows (an image, a level) is seen within the refresh interval, as a block's change is. */
const SUMMARIES_KEPT = 5_000;
const SUMMARY_TTL_MS = SEARCH_REFRESH_MS;

export interface SearchState {
  engine: BlockSearch<School>;
  /** The version of each block the engine holds (as its item said). */
  versions: Map<number, number>;
  schools: { version: number; byId: Map<number, School> };
  checkedAt: number;
}

let state: SearchState | undefined;
let refreshing: Promise<SearchState> | undefined;
const summaryCache = new Map<number, { at: number; summary: AthleteSummary }>();

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

/** Items by key (at most BATCH), eventually consistent unless `consistent`; unprocessed keys retried. */
async function batchGet(itemKeys: Array<{ PK: string; SK: string }>, consistent = false): Promise<Item[]> {
  const found: Item[] = [];
  let pending: Array<Record<string, unknown>> = itemKeys.map((k) => ({ PK: k.PK, SK: k.SK }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 8) throw new RetryLater('storage is throttling reads; retry later');
    if (attempt > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
    const result = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent } } }));
    found.push(...(result.Responses?.[tableName()] ?? []));
    pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Array<Record<string, unknown>>;
  }
  return found;
}

/** Reads blocks and hands each to `use` as it arrives (a few BatchGets in flight). */
async function readBlocks(blocks: number[], use: (block: number, item: Item | undefined) => Promise<void>): Promise<number> {
  const groups: number[][] = [];
  for (let i = 0; i < blocks.length; i += BATCH) groups.push(blocks.slice(i, i + BATCH));
  let bytes = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(BATCHES_IN_FLIGHT, groups.length) }, async () => {
      while (next < groups.length) {
        const group = groups[next++];
        const items = new Map((await batchGet(group.map((b) => keys.searchBlock(b)))).map((item) => [Number(item.block), item]));
        await Promise.all(
          group.map((b) => {
            const item = items.get(b);
            bytes += item ? storedBytes(item) : 0;
            return use(b, item);
          }),
        );
      }
    }),
  );
  return bytes;
}

async function refresh(previous: SearchState | undefined, now: number): Promise<SearchState> {
  const started = performance.now();
  const manifest = (await getItem(keys.searchManifest())) ?? {};
  const listed = new Map<number, number>();
  for (const [field, value] of Object.entries(manifest))
    if (field.startsWith(BLOCK_VERSION_PREFIX)) listed.set(Number(field.slice(BLOCK_VERSION_PREFIX.length)), Number(value));
  const engine = previous?.engine ?? new BlockSearch<School>();
  const versions = previous?.versions ?? new Map<number, number>();
  const schoolsVersion = Number(manifest.schools ?? 0);
  let schools = previous?.schools;
  const readingSchools =
    !schools || schools.version !== schoolsVersion
      ? allSchools().then((list) => {
          engine.setSchools(list);
          schools = { version: schoolsVersion, byId: new Map(list.map((s) => [s.id, s])) };
        })
      : Promise.resolve();
  const stale = [...listed].filter(([block, version]) => versions.get(block) !== version).map(([block]) => block);
  // Each block is decompressed (off the main thread) and decoded as its BatchGet answers; the
  // version held is the item's own (an eventually consistent read may be older than the manifest).
  const bytes = await readBlocks(stale, async (block, item) => {
    if (item) {
      const [columns, text] = await Promise.all([inflate(item.columns as Uint8Array), inflate(item.text as Uint8Array)]);
      engine.setBlock(block, { columns, text });
    } else engine.setBlock(block, null);
    if (item) versions.set(block, Number(item.version));
    else versions.delete(block);
  });
  for (const block of [...versions.keys()])
    if (!listed.has(block)) {
      engine.setBlock(block, null);
      versions.delete(block);
    }
  await readingSchools;
  if (stale.length)
    log('info', previous ? 'search blocks refreshed' : 'search index loaded', {
      blocks: stale.length,
      athletes: engine.size,
      kib: Math.round(bytes / 1024),
      ms: Math.round(performance.now() - started),
    });
  return { engine, versions, schools: schools!, checkedAt: now };
}

/** The index, refreshed when the manifest changed (checked at most every SEARCH_REFRESH_MS). */
export async function searchIndex(now = Date.now()): Promise<SearchState> {
  if (!state || now - state.checkedAt >= SEARCH_REFRESH_MS || !cachedSinceLastWrite(state.checkedAt)) {
    refreshing ??= refresh(state, now).finally(() => {
      refreshing = undefined;
    });
    state = await refreshing;
  }
  return state;
}

/** What the results show of athletes (their profiles, read for this page only), in the ids' order;
 * an athlete whose profile is gone is left out. */
export async function summariesOf(search: SearchState, ids: number[], now = Date.now()): Promise<AthleteSummary[]> {
  const fresh = (id: number) => {
    const kept = summaryCache.get(id);
    return kept && now - kept.at < SUMMARY_TTL_MS && cachedSinceLastWrite(kept.at) ? kept.summary : undefined;
  };
  const missing = ids.filter((id) => !fresh(id));
  if (missing.length) {
    const profileKeys = missing.map((id) => keys.catalogAthlete(id));
    let profiles = await batchGet(profileKeys);
    // A profile written a moment ago may not have reached the replica read: once more, consistent.
    if (profiles.length < missing.length) {
      const got = new Set(profiles.map((p) => String(p.PK)));
      profiles = [
        ...profiles,
        ...(await batchGet(
          profileKeys.filter((k) => !got.has(k.PK)),
          true,
        )),
      ];
    }
    for (const id of missing) summaryCache.delete(id);
    for (const item of profiles) {
      const athlete = item.data as Athlete;
      const school = search.schools.byId.get(athlete.schoolId)?.name ?? athlete.school;
      summaryCache.set(athlete.id, { at: now, summary: athleteSummary({ ...athlete, school }) });
    }
    for (const id of summaryCache.keys()) {
      if (summaryCache.size <= SUMMARIES_KEPT) break;
      summaryCache.delete(id);
    }
  }
  return ids.flatMap((id) => summaryCache.get(id)?.summary ?? []);
}

/** Tests and benchmarks: forget the index (the next search reads every block again). */
export function resetSearchIndex(): void {
  state = undefined;
  summaryCache.clear();
}
