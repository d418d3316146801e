// Search at the size of every NCAA athlete (issue 27; docs/decisions/0023-search-blocks.md).
// The catalog's search data lives in blocks of SEARCH_BLOCK_SIZE consecutive athlete ids, each
// holding per athlete only what a query is matched on: the lowercase name, the school id, the
// sport, the position and the jersey number (a SearchRow), in a compact columnar encoding (this
// file) that the table keeps compressed (lambdas/catalog/search-writes.ts). The search function
// holds every block in memory (~34 bytes an athlete: ~18 MiB at 554,298 athletes), so any query is
// answered from memory by one pass in id order that stops when the page is full and 1,001 matches
// are counted: names by `indexOf` over each block's joined names (no n-gram lists to build or
// hold), schools, sports, positions and numbers by flags over small dictionaries. The records a
// page shows are read for that page only (the athletes' profiles).
// BlockSearch answers exactly what shared/catalog/search.ts SearchIndex answers (the reference),
// in the same order, a page at a time (test/unit/search-blocks.test.ts).
import type { Athlete, School } from './catalog-types';
import { SEARCH_COUNT_CAP, jerseyQuery, sportMatches, type SearchPageResult } from './search';

/** Athlete ids per block: block b holds ids b*SIZE .. b*SIZE + SIZE - 1. */
export const SEARCH_BLOCK_SIZE = 8192;
export const searchBlockOf = (athleteId: number) => Math.floor(athleteId / SEARCH_BLOCK_SIZE);

/** What a query is matched on, per athlete. `name` is the lowercase name. */
export interface SearchRow {
  id: number;
  name: string;
  schoolId: number;
  sport: string;
  position: string;
  number: string;
}

/** Names in a block are joined by this character; a name never holds it (it is a control character,
 * refused in names), and a query holding it matches no name. */
const SEP = '\u0000';

export function searchRowOf(a: Pick<Athlete, 'id' | 'name' | 'schoolId' | 'sport' | 'position' | 'number'>): SearchRow {
  return {
    id: a.id,
    name: (a.name ?? '').toLowerCase().replaceAll(SEP, '\ufffd'),
    schoolId: a.schoolId,
    sport: a.sport ?? '',
    position: a.position ?? '',
    number: a.number ?? '',
  };
}

// ---- the encoding ------------------------------------------------------------------------------
// Format 1, in two parts (stored apart: each compresses better alone). The columns: a 16-byte
// header (format, flags, reserved, the row count, the columns' and the text's byte lengths), then
// per row the id's gap from the previous id, the school id's change (zigzag) and the name's length
// in UTF-16 units, all as varints, then the sport, position and number codes into the block's
// dictionaries, a byte each, or two (little-endian) when a dictionary outgrows a byte (flag 1).
// The text: UTF-8, the dictionaries as JSON, NUL, the names joined by NUL.

const FORMAT = 1;
const HEADER = 16;
const WIDE_CODES = 1;

function dictionary(values: string[]): { list: string[]; index: number[] } {
  const codes = new Map<string, number>();
  const index = values.map((v) => {
    let code = codes.get(v);
    if (code === undefined) codes.set(v, (code = codes.size));
    return code;
  });
  return { list: [...codes.keys()], index };
}

class ByteWriter {
  private bytes = new Uint8Array(1024);
  length = 0;
  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
  byte(value: number): void {
    this.room(1);
    this.bytes[this.length++] = value;
  }
  varint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`cannot encode ${value}`);
    while (value >= 0x80) {
      this.byte((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    this.byte(value);
  }
  done(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);

/** A block's two parts. */
export interface EncodedBlock {
  columns: Uint8Array;
  text: Uint8Array;
}

/** The rows of one block (any order; ids in the block's range) as bytes. */
export function encodeSearchBlock(rows: readonly SearchRow[]): EncodedBlock {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const base = n ? searchBlockOf(sorted[0].id) * SEARCH_BLOCK_SIZE : 0;
  const sports = dictionary(sorted.map((r) => r.sport));
  const positions = dictionary(sorted.map((r) => r.position));
  const numbers = dictionary(sorted.map((r) => r.number));
  const wide = Math.max(sports.list.length, positions.list.length, numbers.list.length) > 256;
  const columns = new ByteWriter();
  let previousId = base - 1;
  let previousSchool = 0;
  for (const r of sorted) {
    if (searchBlockOf(r.id) * SEARCH_BLOCK_SIZE !== base || r.id === previousId) throw new Error(`athlete ${r.id} is not in the block of ${sorted[0].id} once`);
    columns.varint(r.id - previousId);
    columns.varint(zigzag(r.schoolId - previousSchool));
    columns.varint(r.name.length);
    previousId = r.id;
    previousSchool = r.schoolId;
  }
  for (const { index } of [sports, positions, numbers])
    for (const code of index) {
      columns.byte(code & 0xff);
      if (wide) columns.byte(code >> 8);
    }
  const text = new TextEncoder().encode(`${JSON.stringify([sports.list, positions.list, numbers.list])}${SEP}${sorted.map((r) => r.name).join(SEP)}`);
  const body = columns.done();
  const bytes = new Uint8Array(HEADER + body.length);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, FORMAT);
  view.setUint8(1, wide ? WIDE_CODES : 0);
  view.setUint32(4, n, true);
  view.setUint32(8, body.length, true);
  view.setUint32(12, text.length, true);
  bytes.set(body, HEADER);
  return { columns: bytes, text };
}

/** A block's columns as stored, with its dictionaries. */
interface RawBlock {
  n: number;
  ids: Int32Array;
  school: Uint32Array;
  /** starts[i]: where name i starts in `names`; starts[n] is past the end (names.length + 1). */
  starts: Int32Array;
  sport: Uint16Array;
  position: Uint16Array;
  number: Uint16Array;
  dicts: [string[], string[], string[]];
  names: string;
}

function readBlock(block: number, encoded: EncodedBlock): RawBlock {
  const bytes = encoded.columns;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < HEADER || view.getUint8(0) !== FORMAT) throw new Error(`unknown search block format ${bytes.length ? view.getUint8(0) : 'empty'}`);
  const wide = (view.getUint8(1) & WIDE_CODES) !== 0;
  const n = view.getUint32(4, true);
  const columnBytes = view.getUint32(8, true);
  const textBytes = view.getUint32(12, true);
  const ids = new Int32Array(n);
  const school = new Uint32Array(n);
  const starts = new Int32Array(n + 1);
  let at = HEADER;
  let id = block * SEARCH_BLOCK_SIZE - 1;
  let schoolId = 0;
  let start = 0;
  // Three varints a row, read inline (a cold start decodes every row of the catalog once).
  for (let i = 0; i < n; i++) {
    let b = bytes[at++];
    let value = b & 0x7f;
    for (let scale = 0x80; b >= 0x80; scale *= 0x80) value += ((b = bytes[at++]) & 0x7f) * scale;
    id += value;
    b = bytes[at++];
    value = b & 0x7f;
    for (let scale = 0x80; b >= 0x80; scale *= 0x80) value += ((b = bytes[at++]) & 0x7f) * scale;
    schoolId += value % 2 === 0 ? value / 2 : -(value + 1) / 2;
    b = bytes[at++];
    value = b & 0x7f;
    for (let scale = 0x80; b >= 0x80; scale *= 0x80) value += ((b = bytes[at++]) & 0x7f) * scale;
    ids[i] = id;
    school[i] = schoolId;
    starts[i] = start;
    start += value + 1;
  }
  starts[n] = start;
  const sport = new Uint16Array(n);
  const position = new Uint16Array(n);
  const number = new Uint16Array(n);
  for (const column of [sport, position, number]) {
    if (wide) for (let i = 0; i < n; i++, at += 2) column[i] = bytes[at] | (bytes[at + 1] << 8);
    else for (let i = 0; i < n; i++) column[i] = bytes[at++];
  }
  if (at !== HEADER + columnBytes || encoded.text.length !== textBytes) throw new Error('a search block whose parts do not add up');
  const text = new TextDecoder().decode(encoded.text);
  const split = text.indexOf(SEP);
  const dicts = JSON.parse(text.slice(0, split)) as [string[], string[], string[]];
  return { n, ids, school, starts, sport, position, number, dicts, names: text.slice(split + 1) };
}

/** The rows of a block's bytes, in id order (`block` says where its ids start). */
export function decodeSearchBlock(block: number, encoded: EncodedBlock): SearchRow[] {
  const raw = readBlock(block, encoded);
  const [sports, positions, numbers] = raw.dicts;
  return Array.from({ length: raw.n }, (_, i) => ({
    id: raw.ids[i],
    name: raw.names.slice(raw.starts[i], raw.starts[i + 1] - 1),
    schoolId: raw.school[i],
    sport: sports[raw.sport[i]],
    position: positions[raw.position[i]],
    number: numbers[raw.number[i]],
  }));
}

// ---- the engine -------------------------------------------------------------------------------

/** One block in memory: its ids in order, its names joined (with where each starts), and its
 * columns with codes into the engine's dictionaries. */
interface Block {
  ids: Int32Array;
  names: string;
  /** starts[i]: where name i starts in `names`; starts[n] is past the end (names.length + 1). */
  starts: Int32Array;
  school: Uint32Array;
  sport: Uint16Array;
  position: Uint16Array;
  number: Uint16Array;
}

/** Codes of strings, shared by every block (sports, positions, numbers: a few hundred each). */
class Codes {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(value, code);
      this.values.push(value);
    }
    return code;
  }
  get(value: string): number | undefined {
    return this.codes.get(value);
  }
  /** Flags by code: which values `test` accepts (null when none does). */
  flags(test: (value: string) => boolean): Uint8Array | null {
    let flags: Uint8Array | null = null;
    for (let code = 0; code < this.values.length; code++) if (test(this.values[code])) (flags ??= new Uint8Array(this.values.length))[code] = 1;
    return flags;
  }
}

/** A block's codes (into its own dictionary) as the engine's codes, in place. */
function toGlobal(codes: Codes, local: string[], column: Uint16Array, lower: boolean): Uint16Array {
  const map = new Uint16Array(local.length);
  for (let c = 0; c < local.length; c++) map[c] = codes.code(lower ? local[c].toLowerCase() : local[c]);
  for (let i = 0; i < column.length; i++) column[i] = map[column[i]];
  return column;
}

/** What a query matches, resolved against the dictionaries once per query. */
interface Matcher {
  q: string;
  /** Whether a name can hold the query at all. */
  names: boolean;
  schools: Uint8Array | null;
  sports: Uint8Array | null;
  positions: Uint8Array | null;
  /** The code of the jersey number asked for, or -1. */
  number: number;
}

function lowerBound(list: ArrayLike<number>, value: number, from = 0, to = list.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const norm = (query: string) => query.trim().toLowerCase();

export class BlockSearch<S extends Pick<School, 'id' | 'name'>> {
  private readonly blocks: Array<Block | undefined> = [];
  private readonly sports = new Codes();
  private readonly positions = new Codes();
  private readonly numbers = new Codes();
  private schools: Array<{ school: S; name: string }> = [];
  private athleteCount = 0;
  private sportTotals: Array<{ sport: string; count: number }> | null = null;

  /** The schools (search answers them by name; athletes match their school's name). */
  setSchools(schools: Iterable<S>): void {
    this.schools = [...schools].sort((a, b) => a.id - b.id).map((school) => ({ school, name: school.name.toLowerCase() }));
  }

  /** A block's parts (encodeSearchBlock), or null for a block that holds nobody. */
  setBlock(block: number, encoded: EncodedBlock | null): void {
    this.athleteCount -= this.blocks[block]?.ids.length ?? 0;
    this.sportTotals = null;
    if (!encoded) {
      this.blocks[block] = undefined;
      return;
    }
    const raw = readBlock(block, encoded);
    this.blocks[block] = {
      ids: raw.ids,
      names: raw.names,
      starts: raw.starts,
      school: raw.school,
      sport: toGlobal(this.sports, raw.dicts[0], raw.sport, false),
      position: toGlobal(this.positions, raw.dicts[1], raw.position, true),
      number: toGlobal(this.numbers, raw.dicts[2], raw.number, false),
    };
    this.athleteCount += raw.n;
  }

  /** Athletes held. */
  get size(): number {
    return this.athleteCount;
  }

  /** The catalog's sports and their athletes (the search page's filters). */
  sportCounts(): Array<{ sport: string; count: number }> {
    if (!this.sportTotals) {
      const counts = new Int32Array(this.sports.values.length);
      for (const block of this.blocks) if (block) for (const code of block.sport) counts[code]++;
      this.sportTotals = this.sports.values.flatMap((sport, code) => (sport !== '' && counts[code] > 0 ? [{ sport, count: counts[code] }] : []));
    }
    return this.sportTotals;
  }

  private matcher(q: string): Matcher {
    let schools: Uint8Array | null = null;
    for (const { school, name } of this.schools)
      if (name.includes(q)) {
        schools ??= new Uint8Array(this.schools[this.schools.length - 1].school.id + 1);
        schools[school.id] = 1;
      }
    const jersey = jerseyQuery(q);
    return {
      q,
      names: !q.includes(SEP),
      schools,
      sports: this.sports.flags((sport) => sportMatches(sport, q)),
      positions: this.positions.flags((position) => position.includes(q)),
      number: jersey === null ? -1 : (this.numbers.get(jersey) ?? -1),
    };
  }

  /** The row of `block` at or after `from` whose name holds the query, or the block's length. */
  private nextName(block: Block, q: string, from: number): number {
    const n = block.ids.length;
    if (from >= n) return n;
    const at = block.names.indexOf(q, block.starts[from]);
    if (at < 0) return n;
    // The row whose name holds position `at`: the last start at or before it.
    return lowerBound(block.starts, at + 1, from, n + 1) - 1;
  }

  /** The first `need` matches from the id `startId` on, in order (fewer at the end): one pass
   * over the blocks that stops as soon as it has them. */
  private collect(m: Matcher, startId: number, need: number): number[] {
    const out: number[] = [];
    const first = searchBlockOf(startId);
    const groups = m.schools !== null || m.sports !== null || m.positions !== null || m.number >= 0;
    const { schools, sports, positions, number } = m;
    for (let b = first; b < this.blocks.length && out.length < need; b++) {
      const block = this.blocks[b];
      if (!block) continue;
      const ids = block.ids;
      const n = ids.length;
      let i = b === first ? lowerBound(ids, startId) : 0;
      let hit = m.names ? this.nextName(block, m.q, i) : n;
      if (!groups) {
        while (hit < n && out.length < need) {
          out.push(ids[hit]);
          hit = this.nextName(block, m.q, hit + 1);
        }
        continue;
      }
      for (; i < n && out.length < need; i++) {
        if (i === hit) {
          out.push(ids[i]);
          hit = this.nextName(block, m.q, i + 1);
        } else if (
          (sports !== null && sports[block.sport[i]] === 1) ||
          (positions !== null && positions[block.position[i]] === 1) ||
          block.number[i] === number ||
          (schools !== null && schools[block.school[i]] === 1)
        )
          out.push(ids[i]);
      }
    }
    return out;
  }

  /** Ids of the athletes matching `query` after the athlete id `after`, `limit` of them (the
   * rules and the answer of SearchIndex.searchAthletes: `total` counts up to SEARCH_COUNT_CAP). */
  searchAthletes(query: string, options: { after?: number | null; limit: number }): SearchPageResult<number> {
    const q = norm(query);
    const startId = options.after == null ? 0 : options.after + 1;
    const { limit } = options;
    if (!q) {
      const ids = this.collectAll(startId, limit + 1);
      const more = ids.length > limit;
      return { items: ids.slice(0, limit), nextAfter: more ? ids[limit - 1] : null, total: this.athleteCount, totalIsCapped: false };
    }
    const m = this.matcher(q);
    // The page and one more (is there a next page?); the count up to the cap from the first match.
    const found = this.collect(m, startId, options.after == null ? Math.max(limit + 1, SEARCH_COUNT_CAP + 1) : limit + 1);
    const counted = options.after == null ? found.length : this.collect(m, 0, SEARCH_COUNT_CAP + 1).length;
    const more = found.length > limit;
    return {
      items: found.slice(0, limit),
      nextAfter: more ? found[limit - 1] : null,
      total: Math.min(counted, SEARCH_COUNT_CAP),
      totalIsCapped: counted > SEARCH_COUNT_CAP,
    };
  }

  /** The first `need` ids from `startId` on (the empty query). */
  private collectAll(startId: number, need: number): number[] {
    const out: number[] = [];
    const first = searchBlockOf(startId);
    for (let b = first; b < this.blocks.length && out.length < need; b++) {
      const block = this.blocks[b];
      if (!block) continue;
      for (let i = b === first ? lowerBound(block.ids, startId) : 0; i < block.ids.length && out.length < need; i++) out.push(block.ids[i]);
    }
    return out;
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
