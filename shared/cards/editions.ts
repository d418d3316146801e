// Editions and serial numbers. A card with an edition size N issues serials #1..#N to counted units,
// exactly once, in the order units are counted:
// - a serial is never reused: a refunded or cancelled unit retires its serial (it stays issued, so
//   the edition's remaining count is N minus serials issued, and a sold-out edition stays sold out);
// - when a line loses units, its oversold units (those that got no serial) go first, then its
//   serials from the highest down;
// - a unit counted when every serial is issued is oversold: it is counted in the figures and
//   flagged to the collective, never dropped.
// Open editions (no size) issue no serials.

export type SerialRange = [from: number, to: number];

/** What a closed moment drop that sold nothing says wherever its print run or edition would show:
 * its edition size is its print run, 0, and "Gold edition of 0" or "Print run: 0" read as a card
 * that exists and cannot be had (issue 32). */
export const NO_COPIES_SOLD = 'No copies sold in this drop';

/** A closed drop's print run as every screen writes it: 'Print run: 1,234', or NO_COPIES_SOLD
 * (a print run shows only when it is more than 0). */
export const printRunText = (printRun: number): string => (printRun > 0 ? `Print run: ${printRun.toLocaleString('en-US')}` : NO_COPIES_SOLD);

/** The serials one order line holds for its card. */
export interface LineSerials {
  cardId: number;
  active: SerialRange[];
  retired: SerialRange[];
  /** Units counted without a serial because the edition was sold out. */
  oversold: number;
  /** Units counted while the card was still locked by its unlock rule. */
  whileLocked: number;
}

export const rangeCount = (ranges: SerialRange[]): number => ranges.reduce((n, [a, b]) => n + (b - a + 1), 0);

function pushRange(ranges: SerialRange[], from: number, to: number): SerialRange[] {
  const last = ranges[ranges.length - 1];
  if (last && last[1] + 1 === from) return [...ranges.slice(0, -1), [last[0], to]];
  return [...ranges, [from, to]];
}

/** Takes `count` serials off the top of `active` (highest first). */
function takeFromTop(active: SerialRange[], count: number): { active: SerialRange[]; taken: SerialRange[] } {
  const rest = active.map((r) => [...r] as SerialRange);
  const taken: SerialRange[] = [];
  let left = count;
  while (left > 0 && rest.length > 0) {
    const top = rest[rest.length - 1];
    const n = Math.min(left, top[1] - top[0] + 1);
    taken.unshift([top[1] - n + 1, top[1]]);
    if (n === top[1] - top[0] + 1) rest.pop();
    else top[1] -= n;
    left -= n;
  }
  return { active: rest, taken };
}

export interface LineAllocation {
  next: LineSerials;
  /** Serials issued for the card after this line (the card's high-water mark). */
  issued: number;
  added: SerialRange[];
  retired: SerialRange[];
}

/**
 * Brings one line to `units` counted units of its card. `issued` is the card's high-water mark
 * before; `editionSize` null means an open edition; `locked` whether the card is locked now.
 */
export function allocateLine(
  prev: LineSerials | undefined,
  cardId: number,
  units: number,
  issued: number,
  editionSize: number | null,
  locked: boolean,
): LineAllocation {
  const line: LineSerials = prev
    ? { ...prev, active: [...prev.active], retired: [...prev.retired] }
    : { cardId, active: [], retired: [], oversold: 0, whileLocked: 0 };
  const held = rangeCount(line.active) + line.oversold;
  if (units > held) {
    const add = units - held;
    const give = editionSize === null ? 0 : Math.max(0, Math.min(add, editionSize - issued));
    const added: SerialRange[] = give > 0 ? [[issued + 1, issued + give]] : [];
    if (give > 0) line.active = pushRange(line.active, issued + 1, issued + give);
    if (editionSize !== null) line.oversold += add - give;
    if (locked) line.whileLocked += add;
    return { next: line, issued: issued + give, added, retired: [] };
  }
  if (units < held) {
    let remove = held - units;
    const fromOversold = Math.min(remove, line.oversold);
    line.oversold -= fromOversold;
    remove -= fromOversold;
    const { active, taken } = takeFromTop(line.active, remove);
    line.active = active;
    for (const [a, b] of taken) line.retired = [...line.retired, [a, b]];
    line.whileLocked = Math.min(line.whileLocked, units);
    return { next: line, issued, added: [], retired: taken };
  }
  return { next: line, issued, added: [], retired: [] };
}

/** The serial label of every screen: '#12 / 500', '#12–14 / 500' for a range (an en dash, as
 * ranges are written); no N while it is not known ('#12': a moment drop before its close, whose
 * sale lines carry 0 for the size). */
export function serialLabel([from, to]: SerialRange, editionSize: number | null): string {
  const serials = from === to ? `#${from}` : `#${from}–${to}`;
  return !editionSize ? serials : `${serials} / ${editionSize}`;
}

const expand = (ranges: SerialRange[]): number[] => ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, k) => a + k));

/** Serial numbers as sorted, merged ranges. */
function compress(serials: Iterable<number>): SerialRange[] {
  const out: SerialRange[] = [];
  for (const n of [...serials].sort((x, y) => x - y)) {
    const last = out[out.length - 1];
    if (last && n <= last[1] + 1) last[1] = Math.max(last[1], n);
    else out.push([n, n]);
  }
  return out;
}

/** Serials per card id: what a fan holds of an athlete's cards. */
export type CardSerials = Record<string, SerialRange[]>;

/** Applies `remove` then `add` (per card) to `held`; cards left without serials are dropped. */
export function moveSerials(held: CardSerials, remove: CardSerials, add: CardSerials): CardSerials {
  const out: CardSerials = {};
  for (const card of new Set([...Object.keys(held), ...Object.keys(remove), ...Object.keys(add)])) {
    const set = new Set(expand(held[card] ?? []));
    for (const n of expand(remove[card] ?? [])) set.delete(n);
    for (const n of expand(add[card] ?? [])) set.add(n);
    if (set.size) out[card] = compress(set);
  }
  return out;
}

/** The active serials of an order's lines, per card. */
export function serialsOfLines(lines: Record<string, LineSerials>): CardSerials {
  const out: CardSerials = {};
  for (const line of Object.values(lines)) if (line.active.length) out[line.cardId] = compress([...expand(out[line.cardId] ?? []), ...expand(line.active)]);
  return out;
}
