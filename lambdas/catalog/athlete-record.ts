// An athlete as its writers read it (the catalog's edits, admin-repo.ts; the card lifecycle,
// lambdas/cards): its profile, cards and sets and the profile's version, from one consistent Query
// of its partition over the store port. The version is the lock of every write of the athlete, so
// it is read with the data it guards: two reads (the athlete, then the profile) could pair an old
// athlete with a newer version and let a write built on the old one overwrite a concurrent edit.
import type { Athlete } from '#shared/catalog/catalog-types';
import { athleteFromItems } from './catalog-items';
import { LIMITS } from './catalog-repo';
import * as keys from '#lambdas/platform/keys';
import type { TransactionalStore } from '#lambdas/platform/store';

export interface AthleteRecord {
  /** The athlete with its cards and sets, or null without a profile. */
  athlete: Athlete | null;
  /** The profile item's version as stored (undefined when it has none). */
  version: unknown;
}

export async function readAthleteRecord(store: Pick<TransactionalStore, 'query'>, id: number): Promise<AthleteRecord> {
  const partition = keys.catalogAthletePartition(id);
  const items = await store.query(partition, LIMITS.athleteItems + 1);
  if (items.length > LIMITS.athleteItems) throw new Error(`${partition}: more than ${LIMITS.athleteItems} items in one read`);
  const profile = items.find((i) => i.SK === keys.catalogAthlete(id).SK);
  return { athlete: athleteFromItems(items), version: profile?.version };
}
