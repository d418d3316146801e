// The athletes' folded-name index (keys.catalogFoldedName; decision 0026) written for a catalog
// stored before it: every athlete's id added to its folded name's item, as the catalog writer adds
// it with every athlete write since. Run by `npm run catalog-migrate`. Idempotent: an athlete its
// item lists already is left as it is, so a second run writes nothing.
//
// Queries only (never a Scan): the athletes' listing on GSI1 (CATALOG#ATHLETES, in id order, a page
// at a time); then each page's profiles read consistently by key (the listing is eventually
// consistent) and each write made in a transaction with a check of the profile's version, so an
// athlete renamed meanwhile keeps what its own write indexed.
import type { Athlete } from '#shared/catalog/catalog-types';
import { athleteFoldKey } from '#shared/platform/name-guard';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, keyString } from '#lambdas/platform/store';
import type { Item, Key, Store } from '#lambdas/platform/store';

const ATHLETES_PAGE = 1_000;
/** BatchGetItem's limit on keys per call. */
const BATCH = 100;

export interface FoldedNamesReport {
  athletesRead: number;
  /** Athletes added to their folded name's item (or that would be, in a dry run). */
  indexed: number;
}

async function getAll(store: Store, wanted: Key[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (let i = 0; i < wanted.length; i += BATCH) for (const [k, v] of await store.get(wanted.slice(i, i + BATCH))) found.set(k, v);
  return found;
}

const holds = (item: Item | undefined, id: number): boolean => {
  const ids = item?.ids;
  return Object.prototype.toString.call(ids) === '[object Set]' ? (ids as Set<number>).has(id) : Array.isArray(ids) && ids.map(Number).includes(id);
};

/** Whether the index is there (local mode: data seeded before it has none): the first listed
 * athlete's folded name lists it. */
export async function hasFoldedIndex(store: Store): Promise<boolean> {
  const [first] = await store.queryIndex(keys.catalogAthletesListing, 1);
  if (!first) return true;
  const athlete = first.data as Athlete;
  const key = keys.catalogFoldedName(athleteFoldKey(athlete.name));
  return holds((await store.get([key])).get(keyString(key)), Number(athlete.id));
}

export async function indexFoldedNames(store: Store, options: { dryRun?: boolean; onProgress?: (message: string) => void } = {}): Promise<FoldedNamesReport> {
  const report: FoldedNamesReport = { athletesRead: 0, indexed: 0 };
  let from: string | undefined;
  for (;;) {
    const page = await store.queryIndex(keys.catalogAthletesListing, ATHLETES_PAGE, from ? { from } : {});
    // `from` is inclusive: the page after the first starts with the last athlete already read.
    const listed = (from ? page.filter((p) => String(p.GSI1SK) !== from) : page).map((p) => Number((p.data as Athlete).id));
    report.athletesRead += listed.length;
    const profiles = await getAll(store, listed.map(keys.catalogAthlete));
    const athletes = listed.flatMap((id) => {
      const item = profiles.get(keyString(keys.catalogAthlete(id)));
      const fold = item ? athleteFoldKey(String((item.data as Athlete).name ?? '')) : '';
      return fold ? [{ id, fold, version: Number(item!.version ?? 0) }] : [];
    });
    const folds = await getAll(store, [...new Set(athletes.map((a) => a.fold))].map(keys.catalogFoldedName));
    for (const a of athletes) {
      if (holds(folds.get(keyString(keys.catalogFoldedName(a.fold))), a.id)) continue;
      report.indexed++;
      if (options.dryRun) continue;
      try {
        await store.transact([
          { check: keys.catalogAthlete(a.id), condition: { field: 'version', equals: a.version } },
          {
            update: keys.catalogFoldedName(a.fold),
            expression: 'SET #type = :type ADD #ids :id',
            names: { '#type': 'type', '#ids': 'ids' },
            values: { ':type': 'name', ':id': new Set([a.id]) },
          },
        ]);
      } catch (error) {
        // Written meanwhile: the athlete's own write indexed its name as it is now.
        if (!(error instanceof StoreConflict)) throw error;
      }
    }
    if (report.athletesRead % 5_000 < listed.length) options.onProgress?.(`${report.athletesRead} athletes read, ${report.indexed} folded names indexed`);
    if (page.length < ATHLETES_PAGE) return report;
    from = String(page[page.length - 1]!.GSI1SK);
  }
}
