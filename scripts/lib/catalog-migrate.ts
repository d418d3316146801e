// The stored catalog brought to the current layout and values, idempotently (a second run finds
// nothing to change), with Queries only (never a Scan):
// - the search blocks (data version 6; docs/decisions/0023-search-blocks.md): each block of 8,192
//   athlete ids built from the athletes' listing (GSI1 CATALOG#ATHLETES, one Query per block) and
//   written under the version it was read at, then the search snapshot's 256-athlete chunks of
//   before deleted;
// - sports (below).
//
// The catalog's stored values brought to the one sport list (shared/catalog/sports.ts; issue 24):
// an athlete stored with 'Track & Field', 'track' or 'TRACK AND FIELD' is rewritten with
// 'Track and Field', through the catalog writer (lambdas/catalog/admin-repo.ts saveAthlete), so its
// roster entry, sport counts, member entry and search entry move with it in one transaction; a
// school's list of sports likewise. Run by an operator (`npm run catalog-migrate`, docs/RUNBOOK.md)
// and by local mode's seed. Idempotent: a second run finds nothing to change.
//
// It finds what to change with Queries only (never a Scan): the schools' partition, then each
// school's roster (one athlete summary per entry, with its sport as stored): a school's roster is
// the listing of its athletes. Values the list cannot read (an unknown sport) are reported and
// left as they are.
import type { Athlete, School } from '#shared/catalog/catalog-types';
import { SEARCH_BLOCK_SIZE, searchBlockOf, searchRowOf } from '#shared/catalog/search-blocks';
import type { SearchRow } from '#shared/catalog/search-blocks';
import { canonicalSport, isSportName } from '#shared/catalog/sports';
import { catalogWriter } from '#lambdas/catalog/admin-repo';
import { blockVersionAttribute, searchBlockItem, searchBlockRows } from '#lambdas/catalog/search-writes';
import { catalogWritten } from '#lambdas/platform/cache-policy';
import * as keys from '#lambdas/platform/keys';
import { keyString, noBackoff, retryOnConflict } from '#lambdas/platform/store';
import type { Item, Store, Write } from '#lambdas/platform/store';

export interface SportMigrationReport {
  schoolsRead: number;
  /** Athletes rewritten with their sport's stored name. */
  athletes: Array<{ id: number; from: string; to: string }>;
  /** Schools whose list of sports was rewritten. */
  schools: number[];
  /** Schools' sport items whose name was rewritten (case only: their key stays). */
  sportItems: number;
  /** Stored values the list cannot read (left as they are), with the athletes holding them. */
  unknown: Array<{ schoolId: number; sport: string; count: number }>;
}

/** At most this many of anything one partition holds (the schools, one school's roster). */
const PER_SCHOOL = 100_000;

/** The list's stored names for a school's list of sports (unknown values kept, duplicates dropped). */
function canonicalList(sports: string[]): string[] {
  return [...new Set(sports.map((s) => canonicalSport(s) ?? s))];
}

export async function migrateSports(store: Store, options: { dryRun?: boolean; onProgress?: (message: string) => void } = {}): Promise<SportMigrationReport> {
  const writer = catalogWriter(store);
  const say = options.onProgress ?? (() => undefined);
  const report: SportMigrationReport = { schoolsRead: 0, athletes: [], schools: [], sportItems: 0, unknown: [] };
  const schools = (await store.query(keys.catalogSchoolsPartition, PER_SCHOOL, { beginsWith: keys.catalogSchoolPrefix })).map((i) => i.data as School);
  for (const school of schools) {
    report.schoolsRead++;
    const listed = canonicalList(school.sports ?? []);
    if (JSON.stringify(listed) !== JSON.stringify(school.sports ?? [])) {
      report.schools.push(school.id);
      if (!options.dryRun) await setSchoolSports(store, school.id, listed);
    }
    // Every roster entry names its athlete's sport as stored (the sport items fold case, so they
    // cannot tell 'football' from 'Football'): one Query of the school's roster, a page at a time.
    const roster = await store.query(keys.catalogSchoolPartition(school.id), PER_SCHOOL, { beginsWith: keys.catalogRosterAll });
    const unknown = new Map<string, number>();
    for (const entry of roster) {
      const stored = String((entry.data as { sport?: string } | undefined)?.sport ?? '');
      if (isSportName(stored)) continue;
      const to = canonicalSport(stored);
      if (to === null) {
        unknown.set(stored, (unknown.get(stored) ?? 0) + 1);
        continue;
      }
      const id = Number(entry.athleteId);
      const athlete = await writer.getAthleteRecord(id);
      if (!athlete || isSportName(athlete.sport)) continue;
      report.athletes.push({ id, from: athlete.sport, to });
      if (!options.dryRun) await writer.saveAthlete({ ...athlete, sport: canonicalSport(athlete.sport) ?? to } satisfies Athlete);
    }
    for (const [sport, count] of unknown) report.unknown.push({ schoolId: school.id, sport, count });
    // A sport item keeps the spelling of the athlete that made it (its key folds case): the
    // school page shows that name, so it moves to the list's name too.
    for (const item of await store.query(keys.catalogSchoolPartition(school.id), PER_SCHOOL, { beginsWith: keys.catalogSportPrefix })) {
      const stored = String(item.sport ?? '');
      const to = canonicalSport(stored);
      if (isSportName(stored) || to === null || keys.sportKey(to) !== keys.sportKey(stored)) continue;
      report.sportItems++;
      if (!options.dryRun)
        await store.write({
          update: { PK: String(item.PK), SK: String(item.SK) },
          expression: 'SET #sport = :sport',
          names: { '#sport': 'sport' },
          values: { ':sport': to },
          condition: { exists: true },
        });
    }
    if (report.athletes.length && report.schoolsRead % 50 === 0)
      say(`${report.schoolsRead} of ${schools.length} schools read, ${report.athletes.length} athletes to move`);
  }
  return report;
}

/** A school's list of sports, rewritten; the search snapshot's schools version moves so search
 * functions read the schools again. */
async function setSchoolSports(store: Store, schoolId: number, sports: string[]): Promise<void> {
  await store.transact([
    {
      update: keys.catalogSchool(schoolId),
      expression: 'SET #data.#sports = :sports',
      names: { '#data': 'data', '#sports': 'sports' },
      values: { ':sports': sports },
      condition: { exists: true },
    },
    {
      update: keys.searchManifest(),
      expression: 'SET #type = :type ADD #schools :one',
      names: { '#type': 'type', '#schools': 'schools' },
      values: { ':type': 'manifest', ':one': 1 },
    },
  ]);
  catalogWritten();
}

// ---- the search blocks -----------------------------------------------------------------------------

export interface SearchBlockMigrationReport {
  /** Blocks read and blocks written. */
  blocks: number;
  written: number;
  /** Rows in the written blocks, and chunks of the old snapshot deleted. */
  rows: number;
  chunksDeleted: number;
}

/** The manifest attribute of a chunk of the search snapshot before data version 6. */
const LEGACY_CHUNK_VERSION_PREFIX = 'chunk:';

/**
 * Every search block built from the athletes' listing. A block the catalog writes already keep
 * (written since this layout was deployed) is authoritative for the athletes it holds, which is
 * also what makes a second run change nothing; an athlete it lacks comes from the listing (an
 * athlete not written since, so the listing's copy, eventually consistent, is current). Each block
 * is put under the version it was read at: a catalog write meanwhile makes it read again.
 */
export async function migrateSearchBlocks(
  store: Store,
  options: { dryRun?: boolean; onProgress?: (message: string) => void } = {},
): Promise<SearchBlockMigrationReport> {
  const report: SearchBlockMigrationReport = { blocks: 0, written: 0, rows: 0, chunksDeleted: 0 };
  const [last] = await store.queryIndex(keys.catalogAthletesListing, 1, { descending: true });
  const lastId = Number((last?.data as Athlete | undefined)?.id ?? -1);
  for (let block = 0; block <= searchBlockOf(Math.max(lastId, 0)) && lastId >= 0; block++) {
    report.blocks++;
    const listed = await store.queryIndex(keys.catalogAthletesListing, SEARCH_BLOCK_SIZE, {
      from: keys.catalogAthleteListing(block * SEARCH_BLOCK_SIZE).GSI1SK,
      below: keys.catalogAthleteListing((block + 1) * SEARCH_BLOCK_SIZE).GSI1SK,
    });
    await retryOnConflict(
      async () => {
        const current = (await store.get([keys.searchBlock(block)])).get(keyString(keys.searchBlock(block)));
        const kept = searchBlockRows(current);
        const held = new Set(kept.map((r) => r.id));
        const rows: SearchRow[] = [...kept, ...listed.map((i) => searchRowOf(i.data as Athlete)).filter((r) => !held.has(r.id))].sort((a, b) => a.id - b.id);
        if (rows.length === kept.length) return;
        report.written++;
        report.rows += rows.length;
        if (options.dryRun) return;
        await store.transact(blockWrites(block, rows, current));
      },
      { attempts: 5, backoff: noBackoff, onExhausted: (conflict) => conflict },
    );
    if (block % 20 === 19) options.onProgress?.(`search blocks: ${block + 1} of ${searchBlockOf(lastId) + 1} read, ${report.written} written`);
  }
  report.chunksDeleted = await deleteLegacyChunks(store, options.dryRun ?? false);
  if (report.written || report.chunksDeleted) catalogWritten();
  return report;
}

function blockWrites(block: number, rows: SearchRow[], current: Item | undefined): Write[] {
  const version = Number(current?.version ?? 0);
  return [
    { put: searchBlockItem(block, rows, version + 1), condition: current ? { field: 'version', equals: version } : { notExists: true } },
    {
      update: keys.searchManifest(),
      expression: 'SET #type = :type, #v = :version',
      names: { '#type': 'type', '#v': blockVersionAttribute(block) },
      values: { ':type': 'manifest', ':version': version + 1 },
    },
  ];
}

/** The old snapshot's chunks and their versions in the manifest, removed. */
async function deleteLegacyChunks(store: Store, dryRun: boolean): Promise<number> {
  const chunks = await store.query(keys.searchPartition, 100_000, { beginsWith: keys.legacySearchChunkPrefix });
  const manifest = (await store.get([keys.searchManifest()])).get(keyString(keys.searchManifest())) ?? {};
  const fields = Object.keys(manifest).filter((f) => f.startsWith(LEGACY_CHUNK_VERSION_PREFIX));
  if (dryRun) return chunks.length;
  for (const chunk of chunks) await store.write({ delete: { PK: String(chunk.PK), SK: String(chunk.SK) } });
  for (let i = 0; i < fields.length; i += 100) {
    const names = Object.fromEntries(fields.slice(i, i + 100).map((f, n) => [`#c${n}`, f]));
    await store.write({ update: keys.searchManifest(), expression: `REMOVE ${Object.keys(names).join(', ')}`, names });
  }
  return chunks.length;
}

export interface CatalogMigrationReport {
  search: SearchBlockMigrationReport;
  sports: SportMigrationReport;
}

/** Every migration, in order (the sports' rewrites go through the search blocks). */
export async function migrateCatalog(
  store: Store,
  options: { dryRun?: boolean; onProgress?: (message: string) => void } = {},
): Promise<CatalogMigrationReport> {
  const search = await migrateSearchBlocks(store, options);
  const sports = await migrateSports(store, options);
  return { search, sports };
}
