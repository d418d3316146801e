// The storage the ingestion engine needs, as a small interface: consistent reads of a few items,
// one all-or-nothing conditional transaction, and a Query of one partition. DynamoDB implements
// it in production (dynamoIngestStore); an in-memory store implements it for the property tests
// and the benchmark loader (lambdas/platform/memory-store.ts), so both run the engine's own code.
import { BatchGetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './dynamodb';
import { RetryLater } from './errors';

export type Item = Record<string, unknown>;
export interface Key {
  PK: string;
  SK: string;
}

/** A write's condition: the item is absent, or its numeric `field` equals a value (0: absent). */
export type Condition = { notExists: true } | { field: string; equals: number };

export type Write =
  | { put: Item; condition?: Condition }
  | { delete: Key; condition?: Condition }
  | { update: Key; set?: Item; add?: Record<string, number>; remove?: string[]; condition?: Condition }
  | { check: Key; condition: Condition | { absentField: string } };

/** A transaction refused: `failed` lists the writes whose condition failed (empty: a conflict
 * with another transaction in flight). Nothing was written. */
export class StoreConflict extends Error {
  constructor(readonly failed: number[]) {
    super(failed.length ? `conditions failed on writes ${failed.join(', ')}` : 'transaction conflict');
    this.name = 'StoreConflict';
  }
}

/** A range of one partition's sort keys. */
export interface QueryRange {
  beginsWith?: string;
  /** Sort keys strictly below / at or above these (with `beginsWith`, inside its range). */
  below?: string;
  from?: string;
  descending?: boolean;
}

export interface IngestStore {
  get(keys: Key[]): Promise<Map<string, Item>>;
  transact(writes: Write[]): Promise<void>;
  query(pk: string, limit: number, range?: QueryRange): Promise<Item[]>;
}

export const keyString = (k: Key): string => `${k.PK}|${k.SK}`;

/** The version condition of an optimistic lock: `field` still equals what was read (0: absent). */
export const versionIs = (version: number, field = 'version'): Condition => ({ field, equals: version });

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function conditionExpression(
  condition: Condition | { absentField: string } | undefined,
  names: Record<string, string>,
  values: Record<string, unknown>,
): string | undefined {
  if (!condition) return undefined;
  if ('notExists' in condition) return 'attribute_not_exists(PK)';
  if ('absentField' in condition) {
    names['#cf'] = condition.absentField;
    return 'attribute_not_exists(#cf)';
  }
  names['#cf'] = condition.field;
  if (condition.equals === 0) return 'attribute_not_exists(#cf)';
  values[':cv'] = condition.equals;
  return '#cf = :cv';
}

function expressionParts(names: Record<string, string>, values: Record<string, unknown>) {
  return {
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** A key as DynamoDB wants it: the table's key attributes only (key builders may add GSI keys). */
const tableKey = (k: Key): Key => ({ PK: k.PK, SK: k.SK });

export function toTransactItem(write: Write, table: string): TxItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if ('put' in write) {
    const ConditionExpression = conditionExpression(write.condition, names, values);
    return { Put: { TableName: table, Item: write.put, ...(ConditionExpression ? { ConditionExpression } : {}), ...expressionParts(names, values) } };
  }
  if ('delete' in write) {
    const ConditionExpression = conditionExpression(write.condition, names, values);
    return {
      Delete: { TableName: table, Key: tableKey(write.delete), ...(ConditionExpression ? { ConditionExpression } : {}), ...expressionParts(names, values) },
    };
  }
  if ('check' in write) {
    const ConditionExpression = conditionExpression(write.condition, names, values)!;
    return { ConditionCheck: { TableName: table, Key: tableKey(write.check), ConditionExpression, ...expressionParts(names, values) } };
  }
  const clauses: string[] = [];
  let n = 0;
  const sets = Object.entries(write.set ?? {}).map(([field, value]) => {
    names[`#s${n}`] = field;
    values[`:s${n}`] = value;
    return `#s${n} = :s${n++}`;
  });
  if (sets.length) clauses.push(`SET ${sets.join(', ')}`);
  const adds = Object.entries(write.add ?? {}).map(([field, value]) => {
    names[`#a${n}`] = field;
    values[`:a${n}`] = value;
    return `#a${n} :a${n++}`;
  });
  if (adds.length) clauses.push(`ADD ${adds.join(', ')}`);
  const removes = (write.remove ?? []).map((field) => {
    names[`#r${n}`] = field;
    return `#r${n++}`;
  });
  if (removes.length) clauses.push(`REMOVE ${removes.join(', ')}`);
  const ConditionExpression = conditionExpression(write.condition, names, values);
  return {
    Update: {
      TableName: table,
      Key: tableKey(write.update),
      UpdateExpression: clauses.join(' '),
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...expressionParts(names, values),
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The store on the Orders table. */
export const dynamoIngestStore: IngestStore = {
  async get(keys) {
    const found = new Map<string, Item>();
    let pending: Array<Record<string, unknown>> = keys.map((k) => ({ PK: k.PK, SK: k.SK }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new RetryLater('storage is throttling reads; retry later');
      if (attempt > 0) await sleep(20 * 2 ** attempt);
      const result = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }));
      for (const item of result.Responses?.[tableName()] ?? []) found.set(keyString(item as Key), item);
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Array<Record<string, unknown>>;
    }
    return found;
  },
  async transact(writes) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: writes.map((w) => toTransactItem(w, tableName())) }));
    } catch (error) {
      const name = (error as { name?: string })?.name;
      if (name === 'TransactionConflictException') throw new StoreConflict([]);
      if (name !== 'TransactionCanceledException') throw error;
      const reasons = ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
      // Throttling or a service error cancels a transaction too: that is not a conflict to retry here.
      const hard = reasons.find((r) => r !== 'None' && r !== 'ConditionalCheckFailed' && r !== 'TransactionConflict');
      if (hard) throw new RetryLater(`storage refused the write (${hard}); retry later`);
      throw new StoreConflict(reasons.flatMap((r, i) => (r === 'ConditionalCheckFailed' ? [i] : [])));
    }
  },
  async query(pk, limit, range = {}) {
    const values: Record<string, unknown> = { ':pk': pk };
    const conditions = ['PK = :pk'];
    const lower = range.from ?? range.beginsWith;
    const upper = range.below ?? (range.beginsWith ? `${range.beginsWith}\uffff` : undefined);
    if (lower !== undefined && upper !== undefined) {
      conditions.push('SK BETWEEN :lo AND :hi');
      Object.assign(values, { ':lo': lower, ':hi': upper });
    } else if (lower !== undefined) {
      conditions.push('SK >= :lo');
      values[':lo'] = lower;
    } else if (upper !== undefined) {
      conditions.push('SK < :hi');
      values[':hi'] = upper;
    }
    const items: Item[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await ddb().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: conditions.join(' AND '),
          ExpressionAttributeValues: values,
          Limit: limit - items.length,
          ScanIndexForward: !range.descending,
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      // BETWEEN includes its upper bound: `below` is exclusive.
      items.push(...(page.Items ?? []).filter((i) => range.below === undefined || String(i.SK) < range.below));
      startKey = page.LastEvaluatedKey;
    } while (startKey && items.length < limit);
    return items;
  },
};
