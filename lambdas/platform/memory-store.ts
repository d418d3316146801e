// An in-memory Store: the same conditional, all-or-nothing semantics as the DynamoDB store
// (test/integration/store.test.ts runs the same writes on both and compares), for the property
// tests (with random yields between operations, so concurrent deliveries interleave), the
// repositories' unit tests and the benchmark loader (which folds the engine over 100k orders in
// memory).
import { applyUpdate, conditionHolds, sameValue } from './memory-expressions';
import type { BulkStore, Condition, Item, Key, QueryRange, Store, Write } from './store';
import { StoreConflict, keyString } from './store';

export interface MemoryStore extends Store, BulkStore {
  items: Map<string, Item>;
  /** Every item, sorted by key (what a Scan would return). */
  all(): Item[];
}

/** A structured condition, as DynamoDB evaluates its expression (store.ts conditionText). */
function holds(item: Item | undefined, condition: Condition | undefined): boolean {
  if (!condition) return true;
  if ('notExists' in condition) return item === undefined;
  if ('exists' in condition) return item !== undefined;
  if ('absentField' in condition) return item?.[condition.absentField] === undefined;
  if ('expression' in condition) return conditionHolds(condition.expression, condition.names, condition.values, item);
  if ('and' in condition) return condition.and.every((c) => holds(item, c));
  if ('or' in condition) return condition.or.some((c) => holds(item, c));
  const value = item?.[condition.field];
  if ('equals' in condition) return condition.equals === 0 ? value === undefined : value === condition.equals;
  if ('is' in condition) return value !== undefined && sameValue(value, condition.is);
  if ('isNot' in condition) return value === undefined || !sameValue(value, condition.isNot);
  return (typeof value === 'number' && typeof condition.below === 'number') || (typeof value === 'string' && typeof condition.below === 'string')
    ? value < condition.below
    : false;
}

/** An expression update's condition: its placeholders are the update's. */
function holdsFor(write: Write, item: Item | undefined): boolean {
  const condition = write.condition;
  if (condition && 'expression' in condition && 'expression' in write && write.expression !== undefined)
    return conditionHolds(condition.expression, { ...write.names, ...condition.names }, { ...write.values, ...condition.values }, item);
  return holds(item, condition);
}

const keyOfWrite = (w: Write): Key => ('put' in w ? (w.put as unknown as Key) : 'delete' in w ? w.delete : 'update' in w ? w.update : w.check);

/** The item after a write (undefined: deleted or left absent). Throws on an update DynamoDB refuses. */
function after(w: Write, before: Item | undefined): Item | undefined {
  if ('put' in w) return structuredClone(w.put);
  if ('delete' in w) return undefined;
  if ('check' in w) return before;
  const key = { PK: w.update.PK, SK: w.update.SK };
  if ('expression' in w && w.expression !== undefined) return applyUpdate(w.expression, w.names, w.values, key, before);
  const item: Item = structuredClone(before ?? key);
  for (const [field, value] of Object.entries(w.set ?? {})) item[field] = structuredClone(value);
  for (const [field, value] of Object.entries(w.add ?? {})) item[field] = Number(item[field] ?? 0) + value;
  for (const field of w.remove ?? []) delete item[field];
  return item;
}

function inRange(sk: string, range: QueryRange): boolean {
  const lower = range.from ?? range.beginsWith;
  return (
    (range.beginsWith === undefined || sk.startsWith(range.beginsWith)) &&
    (lower === undefined || sk >= lower) &&
    (range.below === undefined || sk < range.below)
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function createMemoryStore(options: { yieldBetween?: () => Promise<void> } = {}): MemoryStore {
  const items = new Map<string, Item>();
  const pause = options.yieldBetween ?? (() => Promise.resolve());

  /** Applies writes all or nothing; the items after them, by key. */
  function commit(writes: Write[]): Map<string, Item | undefined> {
    const touched = writes.map((w) => keyString(keyOfWrite(w)));
    if (new Set(touched).size !== touched.length) throw new Error(`a transaction touches one item twice: ${touched.join(', ')}`);
    const failed = writes.flatMap((w, i) => (holdsFor(w, items.get(touched[i])) ? [] : [i]));
    if (failed.length) throw new StoreConflict(failed);
    const next = new Map(writes.map((w, i) => [touched[i], after(w, items.get(touched[i]))]));
    for (const [key, item] of next) {
      if (item) items.set(key, item);
      else items.delete(key);
    }
    return next;
  }

  function select(index: boolean, pk: string, limit: number, range: QueryRange): Item[] {
    const [pkName, skName] = index ? ['GSI1PK', 'GSI1SK'] : ['PK', 'SK'];
    const found = [...items.values()]
      .filter((i) => i[pkName] === pk && i[skName] !== undefined && inRange(String(i[skName]), range))
      .sort((a, b) => compare(String(a[skName]), String(b[skName])) || compare(keyString(a as unknown as Key), keyString(b as unknown as Key)));
    if (range.descending) found.reverse();
    return found.slice(0, limit).map((i) => structuredClone(i));
  }

  return {
    items,
    all: () => [...items.entries()].sort(([a], [b]) => compare(a, b)).map(([, v]) => structuredClone(v)),
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
      commit(writes);
    },
    async write(write) {
      await pause();
      if ('check' in write) throw new Error('a condition check is part of a transaction only');
      const item = commit([write]).get(keyString(keyOfWrite(write)));
      return 'update' in write && item ? structuredClone(item) : undefined;
    },
    async putBatch(batch) {
      await pause();
      for (const item of batch) items.set(keyString(item as unknown as Key), structuredClone(item));
    },
    async query(pk, limit, range = {}) {
      await pause();
      return select(false, pk, limit, range);
    },
    async queryIndex(gsi1pk, limit, range = {}) {
      await pause();
      return select(true, gsi1pk, limit, range);
    },
  };
}
