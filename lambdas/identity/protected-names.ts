// The name guard's lookups (shared/platform/name-guard.ts; decision 0026): which athlete, school or
// collective a fan's or donor's name is too close to. Bounded reads only, whatever the catalog's size:
// - athletes by the folded-name index (keys.catalogFoldedName, written with every athlete): one
//   BatchGetItem per 100 runs of the name's fold, so as many reads as the name is long; then the
//   profile of an athlete found, for its name as shown;
// - schools and collectives (a few hundred): their two partitions, one Query each, at most
//   DIRECTORY_MAX items (as the collective applications read them).
import type { Collective, School } from '#shared/catalog/catalog-types';
import { athleteFoldCandidates, nameGuardMessage, tooCloseTo, type ProtectedName } from '#shared/platform/name-guard';
import { ValidationError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Store } from '#lambdas/platform/store';

/** Schools and collectives one read takes at most (about one collective per school). */
export const DIRECTORY_MAX = 1_000;

/** BatchGetItem's limit on keys per call. */
const BATCH = 100;

/** The athletes' ids a name index item lists (a number set, or a list in older items). */
const idsOf = (ids: unknown): number[] =>
  Object.prototype.toString.call(ids) === '[object Set]' ? [...(ids as Set<number>)].map(Number) : Array.isArray(ids) ? ids.map(Number) : [];

/** Every school and every collective (two consistent Queries of one partition each, bounded). */
export async function schoolsAndCollectives(store: Store): Promise<{ schools: School[]; collectives: Collective[] }> {
  const [schools, collectives] = await Promise.all(
    [
      { pk: keys.catalogSchoolsPartition, prefix: keys.catalogSchoolPrefix },
      { pk: keys.catalogCollectivesPartition, prefix: keys.catalogCollectivePrefix },
    ].map(async ({ pk, prefix }) => {
      const items = await store.query(pk, DIRECTORY_MAX + 1, { beginsWith: prefix });
      if (items.length > DIRECTORY_MAX) throw new Error(`${pk}: more than ${DIRECTORY_MAX} items in one read`);
      return items.map((i) => i.data);
    }),
  );
  return { schools: schools as School[], collectives: collectives as Collective[] };
}

/** The athletes whose folded name this name contains (their names as shown), by the folded index. */
export async function athletesWithin(store: Store, name: string): Promise<ProtectedName[]> {
  const candidates = athleteFoldCandidates(name).map((fold) => keys.catalogFoldedName(fold));
  const batches: Array<typeof candidates> = [];
  for (let i = 0; i < candidates.length; i += BATCH) batches.push(candidates.slice(i, i + BATCH));
  const found = (await Promise.all(batches.map((b) => store.get(b)))).flatMap((m) => [...m.values()]);
  const ids = [...new Set(found.flatMap((item) => idsOf(item.ids)))].slice(0, BATCH);
  if (ids.length === 0) return [];
  const profiles = await store.get(ids.map((id) => keys.catalogAthlete(id)));
  return ids.flatMap((id) => {
    const data = profiles.get(keyString(keys.catalogAthlete(id)))?.data as { name?: unknown } | undefined;
    return typeof data?.name === 'string' ? [{ name: data.name, kind: 'athlete' as const }] : [];
  });
}

/** The protected name (staff word, the minors' label, an athlete, a school, a collective) a fan's or
 * donor's name is too close to, or null. */
export async function protectedNameMatch(store: Store, name: string): Promise<ProtectedName | null> {
  // The most particular answer first: "Drift State University" is a school's name before it holds "drift".
  const [athletes, { schools, collectives }] = await Promise.all([athletesWithin(store, name), schoolsAndCollectives(store)]);
  // The index found them within the name's fold already (a long name by its first characters).
  if (athletes.length > 0) return athletes[0]!;
  return tooCloseTo(name, [
    ...schools.map((s) => ({ name: s.name, kind: 'school' as const })),
    ...collectives.map((c) => ({ name: c.name, kind: 'collective' as const })),
  ]);
}

/** Refuses (a field error on `field`) a fan's or donor's name too close to a protected name. */
export async function guardPublicName(store: Store, name: string, field: string): Promise<void> {
  const match = await protectedNameMatch(store, name);
  if (match) throw new ValidationError({ [field]: nameGuardMessage(match) });
}
