// The store port: what every repository needs of the table, as one small interface (consistent
// reads of a few items, one all-or-nothing transaction, one write on its own, a Query of one
// partition or of GSI1; apart, a bulk load), its conditions, the one conflict predicate and the
// one retry loop.
// DynamoDB implements it in production (dynamoStore, below); an in-memory store implements it for
// the property tests, the repositories' unit tests and the benchmark loader
// (lambdas/platform/memory-store.ts), so they all run the repositories' own code.
// docs/decisions/0004-write-discipline.md says who uses what.
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './dynamodb';
import { RetryLater } from './errors';
import { GSI1 } from './keys';

export type Item = Record<string, unknown>;
export interface Key {
  PK: string;
  SK: string;
}
export type Scalar = string | number | boolean;

/**
 * A condition in DynamoDB's expression language, for what the structured conditions cannot say
 * (paths inside maps and lists, `contains`). `names` and `values` are its placeholders; in an
 * expression update they are shared with the update's. The memory store evaluates the subset
 * lambdas/platform/memory-expressions.ts lists.
 */
export interface ConditionExpression {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** A write's condition, on the item as it is before the write. A comparison with an absent field
 * is false, except `isNot` (an absent field differs from any value), as in DynamoDB. */
export type Condition =
  /** The item is absent. */
  | { notExists: true }
  /** The item is present. */
  | { exists: true }
  /** An optimistic lock: the numeric `field` still equals what was read (0: the field is absent). */
  | { field: string; equals: number }
  /** The field is absent (or the whole item). */
  | { absentField: string }
  /** The field is present and equals / differs from / is below the value. */
  | { field: string; is: Scalar }
  | { field: string; isNot: Scalar }
  | { field: string; below: Scalar }
  | { and: Condition[] }
  | { or: Condition[] }
  | ConditionExpression;

/**
 * An update in DynamoDB's expression language (SET with nested paths, `if_not_exists`,
 * `list_append`; REMOVE of a map key or a list element; ADD to a number or a set; DELETE from a
 * set), for what `set`/`add`/`remove` cannot say. Its DynamoDB form is exactly this expression.
 */
export interface ExpressionUpdate {
  update: Key;
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
  condition?: Condition;
  set?: never;
  add?: never;
  remove?: never;
}

export type Write =
  | { put: Item; condition?: Condition }
  | { delete: Key; condition?: Condition }
  | { update: Key; set?: Item; add?: Record<string, number>; remove?: string[]; condition?: Condition; expression?: never }
  | ExpressionUpdate
  | { check: Key; condition: Condition };

/** A range of one partition's sort keys (of GSI1SK on the index). */
export interface QueryRange {
  beginsWith?: string;
  /** Sort keys strictly below / at or above these (with `beginsWith`, inside its range). */
  below?: string;
  from?: string;
  descending?: boolean;
}

export interface Store {
  /** Consistent reads of items by key: the map holds the items found, by keyString. */
  get(keys: Key[]): Promise<Map<string, Item>>;
  /** Writes all or nothing: StoreConflict when a condition fails or a concurrent transaction wins. */
  transact(writes: Write[]): Promise<void>;
  /** One put, update or delete on its own (half a transaction's cost): StoreConflict when its
   * condition fails. Answers the item after an update (undefined after a put or a delete). */
  write(write: Write): Promise<Item | undefined>;
  /** Up to `limit` items of one partition, in sort key order (consistent). */
  query(pk: string, limit: number, range?: QueryRange): Promise<Item[]>;
  /** Up to `limit` items of one GSI1 partition, in GSI1SK order (eventually consistent in DynamoDB). */
  queryIndex(gsi1pk: string, limit: number, range?: QueryRange): Promise<Item[]>;
}

/** The store but single writes: what a repository that writes by transactions only needs (the
 * card lifecycle's, lambdas/cards/cards-repo.ts), so its bundle can leave the single writes out. */
export type TransactionalStore = Omit<Store, 'write'>;

/** A bulk load (seeding, tools; never a request path's write), apart from Store so the functions'
 * bundles do not carry BatchWriteItem: up to 25 items put in one request, unconditionally and not
 * all or nothing. */
export interface BulkStore {
  putBatch(items: Item[]): Promise<void>;
}

/** The port's name when only ingestion used it (test/unit/ingestion.property.test.ts still says it). */
export type IngestStore = Store;

/** A write refused: `failed` lists the writes whose condition failed (empty: a conflict with
 * another transaction in flight). Nothing was written. */
export class StoreConflict extends Error {
  constructor(readonly failed: number[]) {
    super(failed.length ? `conditions failed on writes ${failed.join(', ')}` : 'transaction conflict');
    this.name = 'StoreConflict';
  }
}

/**
 * The one conflict predicate: DynamoDB's refusals as the port's errors. A failed condition
 * (ConditionalCheckFailed), a transaction cancelled by failed conditions or by a concurrent
 * transaction (TransactionCanceled, TransactionConflict) is a StoreConflict; a transaction
 * cancelled for another reason (throttling, a service error) is RetryLater; anything else is
 * answered as it is.
 */
export function storeError(error: unknown): unknown {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'ConditionalCheckFailedException') return new StoreConflict([0]);
  if (name === 'TransactionConflictException') return new StoreConflict([]);
  if (name !== 'TransactionCanceledException') return error;
  const reasons = ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
  const hard = reasons.find((r) => r !== 'None' && r !== 'ConditionalCheckFailed' && r !== 'TransactionConflict');
  if (hard) return new RetryLater(`storage refused the write (${hard}); retry later`);
  return new StoreConflict(reasons.flatMap((r, i) => (r === 'ConditionalCheckFailed' ? [i] : [])));
}

// ---- retries ------------------------------------------------------------------------------------

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits before another attempt: `baseMs` doubled per attempt, at most `capMs`, times a random
 * factor in [0.5, 1.5) so writers that collided once do not collide again in step. */
export function jitteredBackoff(baseMs: number, capMs: number, sleep: (ms: number) => Promise<void> = sleepMs): (attempt: number) => Promise<void> {
  return (attempt) => sleep(Math.min(capMs, baseMs * 2 ** attempt) * (0.5 + Math.random()));
}

/** Another attempt at once (a write that decides again from what it reads, and the catalog's). */
export const noBackoff = (): Promise<void> => Promise.resolve();

export interface RetryOptions {
  /** At most this many attempts (Infinity: bounded by `deadline` only). */
  attempts: number;
  /** No new attempt after a conflict past this time (ms since the epoch). */
  deadline?: number;
  /** The wait after attempt `attempt` (from 1) conflicted, before the next one. */
  backoff: (attempt: number) => Promise<void>;
  /** Each conflict, before the decision to retry (metrics, logs). */
  onConflict?: (conflict: StoreConflict, attempt: number) => void;
  /** The error thrown when a conflict leaves no attempt (or no time). */
  onExhausted: (conflict: StoreConflict, attempt: number) => Error;
}

/**
 * The one retry loop: runs `attempt` (1, 2, ...) until it answers without a StoreConflict. Each
 * attempt reads afresh and decides again; any other error ends the loop at once.
 */
export async function retryOnConflict<T>(run: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (!(error instanceof StoreConflict)) throw error;
      options.onConflict?.(error, attempt);
      if (attempt >= options.attempts || (options.deadline !== undefined && Date.now() > options.deadline)) throw options.onExhausted(error, attempt);
      await options.backoff(attempt);
    }
  }
}

// ---- DynamoDB -----------------------------------------------------------------------------------

export const keyString = (k: Key): string => `${k.PK}|${k.SK}`;

/** The version condition of an optimistic lock: `field` still equals what was read (0: absent). */
export const versionIs = (version: number, field = 'version'): Condition => ({ field, equals: version });

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Placeholders of one request: a field's own name where it can be (#version = :version). */
class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};

  name(field: string): string {
    let alias = IDENTIFIER.test(field) ? `#${field}` : '#f0';
    for (let n = 1; alias in this.names && this.names[alias] !== field; n++) alias = `#f${n}`;
    this.names[alias] = field;
    return alias;
  }

  value(field: string, value: unknown): string {
    const base = IDENTIFIER.test(field) ? `:${field}` : ':v';
    let alias = base;
    for (let n = 1; alias in this.values; n++) alias = `${base}${n}`;
    this.values[alias] = value;
    return alias;
  }

  /** An expression's own placeholders (a clash with another meaning is a bug of the caller). */
  merge(names: Record<string, string> = {}, values: Record<string, unknown> = {}): void {
    for (const [alias, field] of Object.entries(names)) {
      if (alias in this.names && this.names[alias] !== field) throw new Error(`placeholder ${alias} names both ${this.names[alias]} and ${field}`);
      this.names[alias] = field;
    }
    for (const [alias, value] of Object.entries(values)) {
      if (alias in this.values && this.values[alias] !== value) throw new Error(`placeholder ${alias} holds two values`);
      this.values[alias] = value;
    }
  }

  parts() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

const composite = (c: Condition) => 'and' in c || 'or' in c || 'expression' in c;

/** A condition as DynamoDB's ConditionExpression. */
function conditionText(c: Condition, p: Placeholders): string {
  if ('notExists' in c) return 'attribute_not_exists(PK)';
  if ('exists' in c) return 'attribute_exists(PK)';
  if ('absentField' in c) return `attribute_not_exists(${p.name(c.absentField)})`;
  if ('expression' in c) {
    p.merge(c.names, c.values);
    return c.expression;
  }
  if ('and' in c || 'or' in c) {
    const parts = 'and' in c ? c.and : c.or;
    return parts
      .map((part) => (composite(part) && parts.length > 1 ? `(${conditionText(part, p)})` : conditionText(part, p)))
      .join('and' in c ? ' AND ' : ' OR ');
  }
  if ('equals' in c && c.equals === 0) return `attribute_not_exists(${p.name(c.field)})`;
  const [op, value] = 'equals' in c ? ['=', c.equals] : 'is' in c ? ['=', c.is] : 'isNot' in c ? ['<>', c.isNot] : ['<', c.below];
  return `${p.name(c.field)} ${op} ${p.value(c.field, value)}`;
}

/** A key as DynamoDB wants it: the table's key attributes only (key builders may add GSI keys). */
const tableKey = (k: Key): Key => ({ PK: k.PK, SK: k.SK });

/** A write as one item of a TransactWriteItems request (a single write sends the same body). */
export function toTransactItem(write: Write, table: string): TransactItem {
  const p = new Placeholders();
  const withCondition = (condition: Condition | undefined) => {
    const ConditionExpression = condition ? conditionText(condition, p) : undefined;
    return { ...(ConditionExpression ? { ConditionExpression } : {}), ...p.parts() };
  };
  if ('put' in write) return { Put: { TableName: table, Item: write.put, ...withCondition(write.condition) } };
  if ('delete' in write) return { Delete: { TableName: table, Key: tableKey(write.delete), ...withCondition(write.condition) } };
  if ('check' in write) {
    const ConditionExpression = conditionText(write.condition, p);
    return { ConditionCheck: { TableName: table, Key: tableKey(write.check), ConditionExpression, ...p.parts() } };
  }
  if ('expression' in write && write.expression !== undefined) {
    p.merge(write.names, write.values);
    return { Update: { TableName: table, Key: tableKey(write.update), UpdateExpression: write.expression, ...withCondition(write.condition) } };
  }
  const clauses: string[] = [];
  let n = 0;
  const sets = Object.entries(write.set ?? {}).map(([field, value]) => {
    p.names[`#s${n}`] = field;
    p.values[`:s${n}`] = value;
    return `#s${n} = :s${n++}`;
  });
  if (sets.length) clauses.push(`SET ${sets.join(', ')}`);
  const adds = Object.entries(write.add ?? {}).map(([field, value]) => {
    p.names[`#a${n}`] = field;
    p.values[`:a${n}`] = value;
    return `#a${n} :a${n++}`;
  });
  if (adds.length) clauses.push(`ADD ${adds.join(', ')}`);
  const removes = (write.remove ?? []).map((field) => {
    p.names[`#r${n}`] = field;
    return `#r${n++}`;
  });
  if (removes.length) clauses.push(`REMOVE ${removes.join(', ')}`);
  return { Update: { TableName: table, Key: tableKey(write.update), UpdateExpression: clauses.join(' '), ...withCondition(write.condition) } };
}

/** Every page of a Query of the table (consistent) or of GSI1, up to `limit` items. */
async function queryItems(index: boolean, pk: string, limit: number, range: QueryRange): Promise<Item[]> {
  const [pkName, skName] = index ? ['GSI1PK', 'GSI1SK'] : ['PK', 'SK'];
  const values: Record<string, unknown> = { ':pk': pk };
  const conditions = [`${pkName} = :pk`];
  const lower = range.from ?? range.beginsWith;
  const upper = range.below ?? (range.beginsWith ? `${range.beginsWith}\uffff` : undefined);
  if (lower !== undefined && upper !== undefined) {
    conditions.push(`${skName} BETWEEN :lo AND :hi`);
    Object.assign(values, { ':lo': lower, ':hi': upper });
  } else if (lower !== undefined) {
    conditions.push(`${skName} >= :lo`);
    values[':lo'] = lower;
  } else if (upper !== undefined) {
    conditions.push(`${skName} < :hi`);
    values[':hi'] = upper;
  }
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        ...(index ? { IndexName: GSI1 } : { ConsistentRead: true }),
        KeyConditionExpression: conditions.join(' AND '),
        ExpressionAttributeValues: values,
        Limit: limit - items.length,
        ScanIndexForward: !range.descending,
        ExclusiveStartKey: startKey,
      }),
    );
    // BETWEEN includes its upper bound: `below` is exclusive.
    items.push(...(page.Items ?? []).filter((i) => range.below === undefined || String(i[skName]) < range.below));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  return items;
}

/** Consistent reads of items by key (BatchGetItem, at most 100 distinct keys): one call. */
async function batchGet(table: string, keys: Key[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  // BatchGetItem refuses a list that names a key twice.
  let pending: Array<Record<string, unknown>> = [...new Map(keys.map((k) => [keyString(k), { PK: k.PK, SK: k.SK } as Record<string, unknown>])).values()];
  for (let attempt = 0; pending.length > 0; attempt++) {
    // Unprocessed keys (throttling, or an answer past 16 MB), not conflicts: retried here with their own backoff.
    if (attempt > 8) throw new RetryLater('storage is throttling reads; retry later');
    if (attempt > 0) await sleepMs(20 * 2 ** attempt);
    const result = await ddb().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }));
    for (const item of result.Responses?.[table] ?? []) found.set(keyString(item as Key), item);
    pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Array<Record<string, unknown>>;
  }
  return found;
}

/** BatchGetItem's limit on keys per call. */
const MAX_BATCH_KEYS = 100;

interface GetBatch {
  keys: Map<string, Key>;
  result: Promise<Map<string, Item>>;
}
/** The batch still gathering keys, per table (one event loop turn). */
const gathering = new Map<string, GetBatch>();

/**
 * Store.get on the Orders table: consistent reads by key, and reads asked for in the same turn of
 * the event loop go out as one BatchGetItem (up to 100 distinct keys), as DataLoader does: the
 * webhook's marker, order and products are one call, and in one process concurrent requests share
 * calls. Every read is still consistent and made after it was asked for, so each caller sees what
 * its own call alone would have; a caller gets only the keys it asked for.
 */
function getFromTable(keys: Key[]): Promise<Map<string, Item>> {
  const table = tableName();
  const distinct = new Map(keys.map((k) => [keyString(k), k]));
  if (distinct.size === 0) return Promise.resolve(new Map());
  if (distinct.size > MAX_BATCH_KEYS) return batchGet(table, [...distinct.values()]);
  let batch = gathering.get(table);
  const added = batch ? [...distinct.keys()].filter((k) => !batch!.keys.has(k)).length : distinct.size;
  if (!batch || batch.keys.size + added > MAX_BATCH_KEYS) {
    const next: GetBatch = { keys: new Map(), result: Promise.resolve(new Map()) };
    next.result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      if (gathering.get(table) === next) gathering.delete(table);
      return batchGet(table, [...next.keys.values()]);
    });
    gathering.set(table, next);
    batch = next;
  }
  for (const [k, key] of distinct) batch.keys.set(k, key);
  return batch.result.then((found) => new Map([...distinct.keys()].flatMap((k) => (found.has(k) ? [[k, found.get(k)!] as const] : []))));
}

/** Writes all or nothing (TransactWriteItems): Store.transact on the Orders table. */
async function transactOnTable(writes: Write[]): Promise<void> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: writes.map((w) => toTransactItem(w, tableName())) }));
  } catch (error) {
    throw storeError(error);
  }
}

const queryTable = (pk: string, limit: number, range: QueryRange = {}) => queryItems(false, pk, limit, range);
const queryTableIndex = (gsi1pk: string, limit: number, range: QueryRange = {}) => queryItems(true, gsi1pk, limit, range);

/** The store on the Orders table. */
export const dynamoStore: Store = {
  get: getFromTable,
  transact: transactOnTable,
  async write(write) {
    const item = toTransactItem(write, tableName());
    try {
      if (item.Put) await ddb().send(new PutCommand(item.Put));
      else if (item.Delete) await ddb().send(new DeleteCommand(item.Delete));
      else if (item.Update) return (await ddb().send(new UpdateCommand({ ...item.Update, ReturnValues: 'ALL_NEW' }))).Attributes;
      else throw new Error('a condition check is part of a transaction only');
      return undefined;
    } catch (error) {
      throw storeError(error);
    }
  },
  query: queryTable,
  queryIndex: queryTableIndex,
};

/** The same store without single writes, for a repository that writes by transactions only
 * (TransactionalStore): a bundle that uses only this one leaves out PutItem, UpdateItem and
 * DeleteItem (3.1 KiB of the cards function's). */
export const dynamoTransactionalStore: TransactionalStore = { get: getFromTable, transact: transactOnTable, query: queryTable, queryIndex: queryTableIndex };

/** The bulk load on the Orders table. */
export const dynamoBulkStore: BulkStore = {
  async putBatch(items) {
    if (items.length > 25) throw new Error(`a batch holds at most 25 items, not ${items.length}`);
    let pending = items.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      // Unprocessed items (throttling), not conflicts: retried here with their own backoff.
      if (attempt > 10) throw new Error('BatchWrite: items still unprocessed after 10 attempts');
      if (attempt > 0) await sleepMs(20 * 2 ** attempt);
      const result = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  },
};
