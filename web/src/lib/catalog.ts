// GET /api/catalog: the one catalog every screen reads (athletes, schools, collectives, merch).
// Shared by several features, so it lives here rather than inside one feature.
import useSWR from 'swr';
import type { Athlete, Catalog, School } from '@shared/catalog-types';
import { apiFetch } from './api-client';

export const CATALOG_KEY = '/catalog';

export const getCatalog = () => apiFetch<Catalog>(CATALOG_KEY);

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
