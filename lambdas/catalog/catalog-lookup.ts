// Existence checks for 404s on unknown ids: one GetItem each (an athlete's profile, a collective),
// never the whole catalog.
import type { Collective } from '#shared/catalog/catalog-types';
import type { AthleteProfile } from './catalog-items';
import { getAthleteProfile, getCollective } from './catalog-repo';
import type { ReadOptions } from './catalog-repo';
import { NotFound } from '#lambdas/platform/errors';

/** The athlete's profile (without cards: catalog-repo getAthlete reads those). */
export async function requireAthlete(id: number, options: ReadOptions = {}): Promise<AthleteProfile> {
  const athlete = await getAthleteProfile(id, options);
  if (!athlete) throw new NotFound(`Athlete ${id}`);
  return athlete;
}

export async function requireCollective(id: number, options: ReadOptions = {}): Promise<Collective> {
  const collective = await getCollective(id, options);
  if (!collective) throw new NotFound(`Collective ${id}`);
  return collective;
}

/** The collective an athlete belongs to (its payor), or null: the profile names it. */
export async function collectiveOfAthlete(athleteId: number): Promise<Collective | null> {
  const collectiveId = (await getAthleteProfile(athleteId))?.collectiveId;
  if (collectiveId === null || collectiveId === undefined) return null;
  const collective = await getCollective(collectiveId);
  return collective?.members.includes(athleteId) ? collective : null;
}
