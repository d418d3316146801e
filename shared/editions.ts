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
export function allocateLine(prev: LineSerials | undefined, cardId: number, units: number, issued: number, editionSize: number | null, locked: boolean): LineAllocation {
  const line: LineSerials = prev ? { ...prev, active: [...prev.active], retired: [...prev.retired] } : { cardId, active: [], retired: [], oversold: 0, whileLocked: 0 };
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

/** '#12 / 500', or '#12-14 / 500' for a range. */
export function serialLabel([from, to]: SerialRange, editionSize: number): string {
  return from === to ? `#${from} / ${editionSize}` : `#${from}-${to} / ${editionSize}`;
}
