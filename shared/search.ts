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

// ---- The search index (the search function holds one in memory; lambdas/common/search-index.ts) --
// Same semantics as searchAthletes/searchSchools above (case-insensitive substring of the name,
// the school or the sport, 'Track & Field' finding 'Track and Field'; schools on name only), with
// results in catalog (id) order and paginated, at a cost that depends on the page, not on the
// catalog: athletes are grouped by school and by sport, and names have n-gram posting lists (every
// 1-, 2- and 3-character substring), so a query reads the rarest posting list of its name part
// and the groups of the schools and sports it matches, merged in id order until the page is full.

/** How far `total` counts matches before it stops (then `totalIsCapped`). */
export const SEARCH_COUNT_CAP = 1_000;

export interface SearchPageResult<T> {
  items: T[];
  /** The id to continue after, or null at the end. */
  nextAfter: number | null;
  total: number;
  totalIsCapped: boolean;
}

/** Searchable athletes need what a result shows; schools their name (and what a result shows). */
type SearchableAthlete = Pick<Athlete, 'id' | 'name' | 'school' | 'sport'>;
type SearchableSchool = Pick<School, 'id' | 'name'>;

function lowerBound(list: Int32Array, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A sorted stream of positions (indexes into the id-ordered athletes), optionally verified. */
interface Cursor {
  list: Int32Array;
  at: number;
  verify: boolean;
}

export class SearchIndex<A extends SearchableAthlete, S extends SearchableSchool> {
  private readonly athletes: A[];
  private readonly ids: Int32Array;
  private readonly names: string[];
  private readonly grams = new Map<string, Int32Array>();
  private readonly bySchool = new Map<string, Int32Array>();
  private readonly bySport = new Map<string, Int32Array>();
  private readonly schools: Array<{ school: S; name: string }>;

  constructor(athletes: Iterable<A>, schools: Iterable<S>) {
    this.athletes = [...athletes].sort((a, b) => a.id - b.id);
    this.ids = Int32Array.from(this.athletes, (a) => a.id);
    this.names = this.athletes.map((a) => (a.name ?? '').toLowerCase());
    const grams = new Map<string, number[]>();
    const bySchool = new Map<string, number[]>();
    const bySport = new Map<string, number[]>();
    const push = (map: Map<string, number[]>, key: string, position: number) => {
      const list = map.get(key);
      if (list) list.push(position);
      else map.set(key, [position]);
    };
    this.names.forEach((name, position) => {
      const seen = new Set<string>();
      for (let n = 1; n <= 3; n++) for (let i = 0; i + n <= name.length; i++) seen.add(name.slice(i, i + n));
      for (const gram of seen) push(grams, gram, position);
      push(bySchool, (this.athletes[position].school ?? '').toLowerCase(), position);
      push(bySport, this.athletes[position].sport ?? '', position);
    });
    for (const [k, v] of grams) this.grams.set(k, Int32Array.from(v));
    for (const [k, v] of bySchool) this.bySchool.set(k, Int32Array.from(v));
    for (const [k, v] of bySport) this.bySport.set(k, Int32Array.from(v));
    this.schools = [...schools].sort((a, b) => a.id - b.id).map((school) => ({ school, name: school.name.toLowerCase() }));
  }

  get size(): number {
    return this.athletes.length;
  }

  /** The posting list every name containing `q` is on (a superset), or null when none can match. */
  private nameCandidates(q: string): Int32Array | null {
    if (q.length <= 3) return this.grams.get(q) ?? null;
    let best: Int32Array | null = null;
    for (let i = 0; i + 3 <= q.length; i++) {
      const list = this.grams.get(q.slice(i, i + 3));
      if (!list) return null;
      if (!best || list.length < best.length) best = list;
    }
    return best;
  }

  private streams(q: string): Cursor[] {
    const cursors: Cursor[] = [];
    const names = this.nameCandidates(q);
    // A list that only holds matches needs no check; a longer query's posting list does.
    if (names) cursors.push({ list: names, at: 0, verify: q.length > 3 });
    for (const [school, list] of this.bySchool) if (school.includes(q)) cursors.push({ list, at: 0, verify: false });
    for (const [sport, list] of this.bySport) if (sport.toLowerCase().includes(q) || sport.replace(/ and /i, ' & ').toLowerCase().includes(q)) cursors.push({ list, at: 0, verify: false });
    return cursors;
  }

  /** Positions of matches from `start`, in order, at most `max` of them (a k-way merge). */
  private *matches(q: string, start: number): Generator<number> {
    const cursors = this.streams(q).filter((c) => {
      c.at = lowerBound(c.list, start);
      return c.at < c.list.length;
    });
    // A binary heap of cursors by their current position.
    const heap = cursors;
    const less = (a: Cursor, b: Cursor) => a.list[a.at] < b.list[b.at];
    const down = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l], heap[m])) m = l;
        if (r < heap.length && less(heap[r], heap[m])) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    };
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
    let last = -1;
    while (heap.length > 0) {
      const top = heap[0];
      const position = top.list[top.at];
      const ok = !top.verify || this.names[position].includes(q);
      top.at++;
      if (top.at >= top.list.length) {
        heap[0] = heap[heap.length - 1];
        heap.pop();
      }
      if (heap.length > 0) down(0);
      if (ok && position !== last) {
        last = position;
        yield position;
      }
    }
  }

  /** Athletes matching `query` after the athlete id `after`, `limit` of them. */
  searchAthletes(query: string, options: { after?: number | null; limit: number }): SearchPageResult<A> {
    const q = norm(query);
    const start = options.after == null ? 0 : lowerBound(this.ids, options.after + 1);
    if (!q) {
      const items = this.athletes.slice(start, start + options.limit);
      const more = start + options.limit < this.athletes.length;
      return { items, nextAfter: more && items.length ? items[items.length - 1].id : null, total: this.athletes.length, totalIsCapped: false };
    }
    const items: A[] = [];
    let more = false;
    for (const position of this.matches(q, start)) {
      if (items.length === options.limit) {
        more = true;
        break;
      }
      items.push(this.athletes[position]);
    }
    let total = 0;
    for (const _position of this.matches(q, 0)) if (++total > SEARCH_COUNT_CAP) break;
    return { items, nextAfter: more ? items[items.length - 1].id : null, total: Math.min(total, SEARCH_COUNT_CAP), totalIsCapped: total > SEARCH_COUNT_CAP };
  }

  /** Schools matching `query` on name, after the school id `after`. */
  searchSchools(query: string, options: { after?: number | null; limit: number }): SearchPageResult<S> {
    const q = norm(query);
    const matching = q ? this.schools.filter((s) => s.name.includes(q)) : this.schools;
    const from = options.after == null ? 0 : matching.findIndex((s) => s.school.id > options.after!);
    const rest = from === -1 ? [] : matching.slice(from);
    const items = rest.slice(0, options.limit).map((s) => s.school);
    const more = rest.length > options.limit;
    return { items, nextAfter: more ? items[items.length - 1].id : null, total: matching.length, totalIsCapped: false };
  }
}
