// Search rules (SPEC section 5): case-insensitive substring matching. Athletes also match on
// their position ('guard' finds the guards) and on their jersey number ('23' or '#23': the
// athletes wearing 23) (issue 24); a sport is matched on its stored name and its display name
// (shared/catalog/sports.ts: 'Track & Field' finds 'Track and Field').
import type { Athlete, School } from './catalog-types';
import { sportSearchTexts } from './sports';

function contains(haystack: string | undefined, needle: string): boolean {
  return (haystack ?? '').toLowerCase().includes(needle);
}

function norm(query: string): string {
  return query.trim().toLowerCase();
}

/** The jersey number a query asks for ('23' or '#23'), or null (`q` normalised). */
export function jerseyQuery(q: string): string | null {
  const m = /^#?\s*(\d{1,3})$/.exec(q);
  return m ? m[1] : null;
}

/** Whether a sport matches a (normalised) query: its stored or its display name contains it. */
export const sportMatches = (sport: string | undefined, q: string): boolean => sportSearchTexts(sport ?? '').some((text) => text.includes(q));

/** Athletes match on name, school, sport, position or jersey number. An empty query matches everything. */
export function searchAthletes<A extends Pick<Athlete, 'name' | 'school' | 'sport' | 'position' | 'number'>>(athletes: A[], query: string): A[] {
  const q = norm(query);
  if (!q) return athletes;
  const jersey = jerseyQuery(q);
  return athletes.filter(
    (a) => contains(a.name, q) || contains(a.school, q) || sportMatches(a.sport, q) || contains(a.position, q) || (jersey !== null && a.number === jersey),
  );
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

// ---- The search index (the search function holds one in memory; lambdas/catalog/search-index.ts) --
// Same semantics as searchAthletes/searchSchools above (case-insensitive substring of the name,
// the school, the sport (its stored or display name) or the position, or the jersey number;
// schools on name only), with results in catalog (id) order and paginated, at a cost that depends
// on the page, not on the catalog: athletes are grouped by school, sport, position and jersey
// number, and names have n-gram posting lists (every 2- and 3-character substring), so a query
// reads the shortest posting list of its name part (a one-letter query checks names in order:
// nearly all match) and the groups it matches, merged in id order until the page is full. Compact:
// per athlete it keeps the lowercase name and its record (whatever the caller shows), positions in
// typed arrays keyed by numbers; school, sport and position names are shared strings.
// The search function answers from lambdas/catalog/search-index.ts (the same answers, read from
// blocks of the table); this class is the in-memory reference it is tested against.

/** How far `total` counts matches before it stops (then `totalIsCapped`). */
export const SEARCH_COUNT_CAP = 1_000;

export interface SearchPageResult<T> {
  items: T[];
  /** The id to continue after, or null at the end. */
  nextAfter: number | null;
  total: number;
  totalIsCapped: boolean;
}

/** What the index matches an athlete on, and the record it answers with. */
export interface SearchDoc<R> {
  id: number;
  name: string;
  school: string;
  sport: string;
  position: string;
  number: string;
  record: R;
}

/** Athletes as search documents whose record is the athlete itself. */
export const athleteDocs = <A extends Pick<Athlete, 'id' | 'name' | 'school' | 'sport' | 'position' | 'number'>>(athletes: Iterable<A>): Array<SearchDoc<A>> =>
  [...athletes].map((a) => ({ id: a.id, name: a.name, school: a.school, sport: a.sport, position: a.position, number: a.number, record: a }));

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

/**
 * The 2- and 3-character substrings of a name as numbers (UTF-16 code units packed: no string is
 * made per substring), a 2-gram tagged apart from the 3-grams; `includes` compares code units too.
 */
const BIGRAM = 2 ** 48;
function gramKeys(name: string, emit: (key: number) => void): void {
  for (let i = 0; i + 1 < name.length; i++) {
    const a = name.charCodeAt(i) * 65536 + name.charCodeAt(i + 1);
    emit(BIGRAM + a);
    if (i + 2 < name.length) emit(a * 65536 + name.charCodeAt(i + 2));
  }
}
function gramKey(q: string): number {
  return q.length === 2 ? BIGRAM + q.charCodeAt(0) * 65536 + q.charCodeAt(1) : (q.charCodeAt(0) * 65536 + q.charCodeAt(1)) * 65536 + q.charCodeAt(2);
}

/** Positions grouped by key: one typed array of postings and each key's range in it, built in
 * two passes (no growing arrays, no object per list); a position is listed once per key even
 * when a name holds the key twice. */
class Postings<K> {
  private readonly ranges = new Map<K, number>();
  private readonly starts: Int32Array;
  private readonly postings: Int32Array;

  constructor(count: number, keysOf: (position: number, emit: (key: K) => void) => void) {
    const sizes: number[] = [];
    for (let p = 0; p < count; p++) {
      keysOf(p, (k) => {
        const i = this.ranges.get(k);
        if (i === undefined) {
          this.ranges.set(k, sizes.length);
          sizes.push(1);
        } else sizes[i]++;
      });
    }
    this.starts = new Int32Array(sizes.length + 1);
    for (let i = 0; i < sizes.length; i++) this.starts[i + 1] = this.starts[i] + sizes[i];
    const postings = new Int32Array(this.starts[sizes.length]);
    const filled = Int32Array.from(this.starts.subarray(0, sizes.length));
    for (let p = 0; p < count; p++) {
      keysOf(p, (k) => {
        const i = this.ranges.get(k)!;
        if (filled[i] > this.starts[i] && postings[filled[i] - 1] === p) return;
        postings[filled[i]++] = p;
      });
    }
    // Compact away the room of duplicates within a name.
    let at = 0;
    for (let i = 0; i < sizes.length; i++) {
      const from = this.starts[i];
      this.starts[i] = at;
      postings.copyWithin(at, from, filled[i]);
      at += filled[i] - from;
    }
    this.starts[sizes.length] = at;
    this.postings = postings.slice(0, at);
  }

  get(key: K): Int32Array | undefined {
    const i = this.ranges.get(key);
    return i === undefined ? undefined : this.postings.subarray(this.starts[i], this.starts[i + 1]);
  }

  *entries(): Generator<[K, Int32Array]> {
    for (const [k, i] of this.ranges) yield [k, this.postings.subarray(this.starts[i], this.starts[i + 1])];
  }
}

export class SearchIndex<R, S extends SearchableSchool> {
  private readonly ids: Int32Array;
  private readonly records: R[];
  private readonly names: string[];
  private readonly grams: Postings<number>;
  private readonly bySchool: Map<string, Int32Array>;
  private readonly bySport: Map<string, Int32Array>;
  private readonly byPosition: Map<string, Int32Array>;
  private readonly byNumber: Map<string, Int32Array>;
  private readonly schools: Array<{ school: S; name: string }>;
  private allPositions: Int32Array | undefined;

  constructor(docs: Iterable<SearchDoc<R>>, schools: Iterable<S>) {
    const sorted = [...docs].sort((a, b) => a.id - b.id);
    this.ids = Int32Array.from(sorted, (d) => d.id);
    this.records = sorted.map((d) => d.record);
    this.names = sorted.map((d) => (d.name ?? '').toLowerCase());
    const schoolOf = sorted.map((d) => (d.school ?? '').toLowerCase());
    const sportOf = sorted.map((d) => d.sport ?? '');
    const positionOf = sorted.map((d) => (d.position ?? '').toLowerCase());
    const numberOf = sorted.map((d) => d.number ?? '');
    this.grams = new Postings<number>(sorted.length, (p, emit) => gramKeys(this.names[p], emit));
    // Few groups (schools, sports): a list each, ready for every query.
    this.bySchool = new Map(new Postings<string>(sorted.length, (p, emit) => emit(schoolOf[p])).entries());
    this.bySport = new Map(new Postings<string>(sorted.length, (p, emit) => emit(sportOf[p])).entries());
    this.byPosition = new Map(new Postings<string>(sorted.length, (p, emit) => emit(positionOf[p])).entries());
    this.byNumber = new Map(new Postings<string>(sorted.length, (p, emit) => emit(numberOf[p])).entries());
    this.schools = [...schools].sort((a, b) => a.id - b.id).map((school) => ({ school, name: school.name.toLowerCase() }));
  }

  get size(): number {
    return this.ids.length;
  }

  /** The catalog's sports and their athletes (the search page's filters). */
  sportCounts(): Array<{ sport: string; count: number }> {
    return [...this.bySport].filter(([sport]) => sport !== '').map(([sport, list]) => ({ sport, count: list.length }));
  }

  /** The indexed ids and records, in id order (a refresh rebuilds from them, not from a copy). */
  *entries(): Generator<[id: number, record: R]> {
    for (let p = 0; p < this.ids.length; p++) yield [this.ids[p], this.records[p]];
  }

  /** The posting list every name containing `q` is on (a superset: the shortest list of its
   * 2- or 3-grams), all positions for a one-character query, or null when none can match. */
  private nameCandidates(q: string): Int32Array | null {
    if (q.length === 1) return this.all;
    if (q.length === 2) return this.grams.get(gramKey(q)) ?? null;
    let best: Int32Array | null = null;
    for (let i = 0; i + 3 <= q.length; i++) {
      const list = this.grams.get(gramKey(q.slice(i, i + 3)));
      if (!list) return null;
      if (!best || list.length < best.length) best = list;
    }
    return best;
  }

  /** Every position (one-character queries check each name; most names hold most letters). */
  private get all(): Int32Array {
    this.allPositions ??= Int32Array.from(this.ids, (_, i) => i);
    return this.allPositions;
  }

  private streams(q: string): Cursor[] {
    const cursors: Cursor[] = [];
    const names = this.nameCandidates(q);
    // A 2- or 3-gram's list holds only matches; a longer query's list and the one-letter scan are checked.
    if (names) cursors.push({ list: names, at: 0, verify: q.length !== 2 && q.length !== 3 });
    for (const [school, list] of this.bySchool) if (school.includes(q)) cursors.push({ list, at: 0, verify: false });
    for (const [sport, list] of this.bySport) if (sportMatches(sport, q)) cursors.push({ list, at: 0, verify: false });
    for (const [position, list] of this.byPosition) if (position.includes(q)) cursors.push({ list, at: 0, verify: false });
    const jersey = jerseyQuery(q);
    const wearing = jersey === null ? undefined : this.byNumber.get(jersey);
    if (wearing) cursors.push({ list: wearing, at: 0, verify: false });
    return cursors;
  }

  /** Positions of matches from `start`, in order (a k-way merge of the streams). */
  private *matches(q: string, start: number): Generator<number> {
    const heap = this.streams(q).filter((c) => {
      c.at = lowerBound(c.list, start);
      return c.at < c.list.length;
    });
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
  searchAthletes(query: string, options: { after?: number | null; limit: number }): SearchPageResult<R> {
    const q = norm(query);
    const start = options.after == null ? 0 : lowerBound(this.ids, options.after + 1);
    if (!q) {
      const end = Math.min(this.ids.length, start + options.limit);
      const items = this.records.slice(start, end);
      return { items, nextAfter: end < this.ids.length && end > start ? this.ids[end - 1] : null, total: this.ids.length, totalIsCapped: false };
    }
    // One pass from the start gives the first page and the count; a later page counts separately.
    const positions: number[] = [];
    let more = false;
    let total = 0;
    for (const position of this.matches(q, start)) {
      if (positions.length < options.limit) positions.push(position);
      else more = true;
      if (start > 0 && more) break;
      if (++total > SEARCH_COUNT_CAP) break;
    }
    if (start > 0) {
      total = 0;
      for (const _position of this.matches(q, 0)) if (++total > SEARCH_COUNT_CAP) break;
    }
    return {
      items: positions.map((p) => this.records[p]),
      nextAfter: more ? this.ids[positions[positions.length - 1]] : null,
      total: Math.min(total, SEARCH_COUNT_CAP),
      totalIsCapped: total > SEARCH_COUNT_CAP,
    };
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
