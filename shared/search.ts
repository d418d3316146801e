// Search rules (SPEC section 5): case-insensitive substring matching.
import type { Athlete, School } from './catalog-types';

function contains(haystack: string | undefined, needle: string): boolean {
  return (haystack ?? '').toLowerCase().includes(needle);
}

function norm(query: string): string {
  return query.trim().toLowerCase();
}

/** Athletes match on name, school or sport. An empty query matches everything. */
export function searchAthletes(athletes: Athlete[], query: string): Athlete[] {
  const q = norm(query);
  if (!q) return athletes;
  return athletes.filter((a) => contains(a.name, q) || contains(a.school, q) || contains(a.sport, q) || sportAlias(a.sport, q));
}

/** 'Track & Field' (the quick filter's label) also finds 'Track and Field'. */
function sportAlias(sport: string, q: string): boolean {
  return contains(sport.replace(/ and /i, ' & '), q);
}

/** Schools match on name only. */
export function searchSchools(schools: School[], query: string): School[] {
  const q = norm(query);
  if (!q) return schools;
  return schools.filter((s) => contains(s.name, q));
}

/** Collective athletes search: name, sport or position. */
export function searchCollectiveAthletes(athletes: Athlete[], query: string): Athlete[] {
  const q = norm(query);
  if (!q) return athletes;
  return athletes.filter((a) => contains(a.name, q) || contains(a.sport, q) || contains(a.position, q));
}

/** Sport roster search: name (case-insensitive) or jersey number as substring. */
export function searchRoster(athletes: Athlete[], query: string): Athlete[] {
  const q = norm(query);
  if (!q) return athletes;
  return athletes.filter((a) => contains(a.name, q) || (a.number ?? '').includes(q));
}

/** Roster order: by jersey number when both have one, else by name. */
export function compareRoster(a: Athlete, b: Athlete): number {
  const na = Number.parseInt(a.number, 10);
  const nb = Number.parseInt(b.number, 10);
  const hasA = Number.isFinite(na);
  const hasB = Number.isFinite(nb);
  if (hasA && hasB && na !== nb) return na - nb;
  if (hasA !== hasB) return hasA ? -1 : 1;
  return a.name.localeCompare(b.name);
}
