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
