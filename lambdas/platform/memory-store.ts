// An in-memory IngestStore: the same conditional, all-or-nothing semantics as the DynamoDB store,
// for the property tests (with random yields between operations, so concurrent deliveries
// interleave) and the benchmark loader (which folds the engine over 100k orders in memory).
import type { Condition, IngestStore, Item, Key, Write } from './store';
import { StoreConflict, keyString } from './store';

export interface MemoryStore extends IngestStore {
  items: Map<string, Item>;
  /** Every item, sorted by key (what a Scan would return). */
  all(): Item[];
}

function holds(item: Item | undefined, condition: Condition | { absentField: string } | undefined): boolean {
  if (!condition) return true;
  if ('notExists' in condition) return item === undefined;
  if ('absentField' in condition) return item === undefined || item[condition.absentField] === undefined;
  if (condition.equals === 0) return item === undefined || item[condition.field] === undefined;
  return item !== undefined && item[condition.field] === condition.equals;
}

const keyOfWrite = (w: Write): Key => ('put' in w ? (w.put as unknown as Key) : 'delete' in w ? w.delete : 'update' in w ? w.update : w.check);

export function createMemoryStore(options: { yieldBetween?: () => Promise<void> } = {}): MemoryStore {
  const items = new Map<string, Item>();
  const pause = options.yieldBetween ?? (() => Promise.resolve());
  return {
    items,
    all: () => [...items.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => structuredClone(v)),
    async get(keys) {
      await pause();
      const found = new Map<string, Item>();
      for (const k of keys) {
        const item = items.get(keyString(k));
        if (item) found.set(keyString(k), structuredClone(item));
      }
      return found;
    },
    async transact(writes) {
      await pause();
      const touched = writes.map((w) => keyString(keyOfWrite(w)));
      if (new Set(touched).size !== touched.length) throw new Error(`a transaction touches one item twice: ${touched.join(', ')}`);
      const failed = writes.flatMap((w, i) => (holds(items.get(keyString(keyOfWrite(w))), w.condition) ? [] : [i]));
      if (failed.length) throw new StoreConflict(failed);
      for (const w of writes) {
        const key = keyString(keyOfWrite(w));
        if ('put' in w) items.set(key, structuredClone(w.put));
        else if ('delete' in w) items.delete(key);
        else if ('update' in w) {
          const item: Item = structuredClone(items.get(key) ?? { PK: w.update.PK, SK: w.update.SK });
          for (const [field, value] of Object.entries(w.set ?? {})) item[field] = structuredClone(value);
          for (const [field, value] of Object.entries(w.add ?? {})) item[field] = Number(item[field] ?? 0) + value;
          for (const field of w.remove ?? []) delete item[field];
          items.set(key, item);
        }
      }
    },
    async query(pk, limit, range = {}) {
      await pause();
      const lower = range.from ?? range.beginsWith;
      const inRange = (sk: string) =>
        (range.beginsWith === undefined || sk.startsWith(range.beginsWith)) &&
        (lower === undefined || sk >= lower) &&
        (range.below === undefined || sk < range.below);
      const found = [...items.values()].filter((i) => i.PK === pk && inRange(String(i.SK))).sort((a, b) => (String(a.SK) < String(b.SK) ? -1 : 1));
      if (range.descending) found.reverse();
      return found.slice(0, limit).map((i) => structuredClone(i));
    },
  };
}
