// Sport roster rules: search by name or jersey number, a position filter, jersey-then-name order.
import type { Athlete } from '@shared/catalog-types';
import { compareRoster, searchRoster } from '@shared/search';

export const ALL_POSITIONS = 'All Positions';

export function sportRoster(athletes: Athlete[], schoolId: number, sport: string): Athlete[] {
  const wanted = sport.trim().toLowerCase();
  return athletes.filter((a) => a.schoolId === schoolId && a.sport.toLowerCase() === wanted);
}

export function positionsOf(athletes: Athlete[]): string[] {
  return [...new Set(athletes.map((a) => a.position).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

export function filterRoster(athletes: Athlete[], query: string, position: string): Athlete[] {
  return searchRoster(athletes, query)
    .filter((a) => position === ALL_POSITIONS || a.position === position)
    .sort(compareRoster);
}
