// GET /api/catalog: the whole catalog (athletes, schools, collectives, merch), which the server
// answers only for small deployments (413 catalog_too_large beyond 100 athletes). The public and fan
// pages read the per-entity routes instead (lib/athlete-profile.ts and each feature's api/ files);
// what is left here is for screens not yet moved off it, plus parseId and the shared error text.
import useSWR, { mutate } from 'swr';
import type { Athlete, Catalog, School } from '@shared/catalog-types';
import { CATALOG_KEY } from '@/config/api';
import { apiFetch } from './api-client';

export const getCatalog = () => apiFetch<Catalog>(CATALOG_KEY);

/**
 * Puts the catalog into SWR's cache before the first render of a deep link (main.tsx through the
 * route's screens), so the screen renders with it at once; index.html's boot script has already
 * requested it, so this fetch is answered by that preload.
 */
export async function primeCatalog(): Promise<void> {
  const catalog = await getCatalog();
  await mutate(CATALOG_KEY, catalog, { revalidate: false });
}

export function useCatalog() {
  // The catalog changes rarely: no refetch on focus, and keep it across route changes.
  return useSWR<Catalog>(CATALOG_KEY, getCatalog, { revalidateOnFocus: false, revalidateIfStale: false });
}

/** Parses a route id; anything that is not a positive integer is unknown. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function findAthlete(catalog: Catalog | undefined, id: string | undefined): Athlete | undefined {
  const n = parseId(id);
  return n === null ? undefined : catalog?.athletes.find((a) => a.id === n);
}

export function findSchool(catalog: Catalog | undefined, id: string | number | undefined): School | undefined {
  const n = typeof id === 'number' ? id : parseId(id);
  return n === null ? undefined : catalog?.schools.find((s) => s.id === n);
}

export const CATALOG_ERROR = 'Failed to load the catalog. Please try again later.';
