// Existence checks against the (cached) catalog, for 404s on unknown ids.
import type { Athlete, Collective } from '../../shared/catalog-types';
import { loadCatalog } from './catalog-repo';
import { NotFound } from './errors';

export async function requireAthlete(id: number): Promise<Athlete> {
  const athlete = (await loadCatalog()).athletes.find((a) => a.id === id);
  if (!athlete) throw new NotFound(`Athlete ${id}`);
  return athlete;
}

export async function requireCollective(id: number): Promise<Collective> {
  const collective = (await loadCatalog()).collectives.find((c) => c.id === id);
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
