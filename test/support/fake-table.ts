// Handler tests: the reads of a table answered from items in memory, behind aws-sdk-client-mock, so
// a handler that reads several catalog items (a profile, a roster page, a collective) gets what a
// table holding those items would answer. GetItem, BatchGetItem and Query (key conditions, GSI1,
// Limit, ScanIndexForward, ExclusiveStartKey and the FilterExpression shapes the repositories
// use) are evaluated; install it first in beforeEach: specific `ddb.on(Command, input)` mocks
// defined afterwards take precedence.
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AwsStub } from 'aws-sdk-client-mock';
import { catalogItems } from '#lambdas/catalog/catalog-items';
import { invalidateCatalogCache } from '#lambdas/catalog/catalog-repo';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';

type Item = Record<string, unknown>;
type Names = Record<string, string> | undefined;
type Values = Record<string, unknown> | undefined;

const key = (i: Item) => `${i.PK}|${i.SK}`;

function name(token: string, names: Names): string {
  return token.startsWith('#') ? (names?.[token] ?? token) : token;
}

function valueAt(item: Item, path: string, names: Names): unknown {
  let value: unknown = item;
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[name(part.trim(), names)];
  return value;
}

/** Splits on a keyword at parenthesis depth 0. */
function splitTop(text: string, keyword: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (depth === 0 && text.startsWith(` ${keyword} `, i)) {
      parts.push(text.slice(start, i));
      start = i + keyword.length + 2;
      i = start - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

function holds(item: Item, expression: string, names: Names, values: Values): boolean {
  const ors = splitTop(expression, 'OR');
  if (ors.length > 1) return ors.some((e) => holds(item, e, names, values));
  const ands = splitTop(expression, 'AND');
  if (ands.length > 1 && !/BETWEEN/.test(expression)) return ands.every((e) => holds(item, e, names, values));
  const e = expression.trim();
  if (e.startsWith('(') && e.endsWith(')')) return holds(item, e.slice(1, -1), names, values);
  let m = /^contains\(([^,]+),\s*(:\w+)\)$/.exec(e);
  if (m) {
    const v = valueAt(item, m[1], names);
    const wanted = values?.[m[2]];
    return typeof v === 'string' ? v.includes(String(wanted)) : Array.isArray(v) || v instanceof Set ? [...(v as Iterable<unknown>)].includes(wanted) : false;
  }
  m = /^begins_with\(([^,]+),\s*(:\w+)\)$/.exec(e);
  if (m) return String(valueAt(item, m[1], names) ?? '\u0000').startsWith(String(values?.[m[2]]));
  m = /^attribute_(not_)?exists\(([^)]+)\)$/.exec(e);
  if (m) return (valueAt(item, m[2], names) === undefined) === Boolean(m[1]);
  m = /^(\S+)\s+BETWEEN\s+(:\w+)\s+AND\s+(:\w+)$/.exec(e);
  if (m) {
    const v = String(valueAt(item, m[1], names));
    return v >= String(values?.[m[2]]) && v <= String(values?.[m[3]]);
  }
  m = /^(\S+)\s*(=|<=|>=|<|>)\s*(:\w+)$/.exec(e);
  if (m) {
    const v = valueAt(item, m[1], names) as string | number;
    const w = values?.[m[3]] as string | number;
    if (v === undefined) return false;
    return m[2] === '=' ? v === w : m[2] === '<=' ? v <= w : m[2] === '>=' ? v >= w : m[2] === '<' ? v < w : v > w;
  }
  throw new Error(`fake table: unsupported expression ${e}`);
}

export interface FakeTable {
  items: Map<string, Item>;
  put(item: Item): void;
}

/** Answers Get, BatchGet and Query from `initial` (and items `put` later). */
export function installFakeTable(ddb: AwsStub<any, any, any>, initial: Item[]): FakeTable {
  const items = new Map(initial.map((i) => [key(i), structuredClone(i)]));
  ddb.on(GetCommand).callsFake((input: { Key: Item }) => {
    const item = items.get(key(input.Key));
    return { Item: item ? structuredClone(item) : undefined };
  });
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Item[] }> }) => {
    const [table, request] = Object.entries(input.RequestItems)[0];
    return { Responses: { [table]: request.Keys.flatMap((k) => (items.has(key(k)) ? [structuredClone(items.get(key(k))!)] : [])) }, UnprocessedKeys: {} };
  });
  ddb
    .on(QueryCommand)
    .callsFake(
      (input: {
        IndexName?: string;
        KeyConditionExpression: string;
        FilterExpression?: string;
        ExpressionAttributeNames?: Names;
        ExpressionAttributeValues?: Values;
        Limit?: number;
        ScanIndexForward?: boolean;
        ExclusiveStartKey?: Item;
      }) => {
        const [pkName, skName] = input.IndexName ? ['GSI1PK', 'GSI1SK'] : ['PK', 'SK'];
        const [pkClause, ...rest] = splitTop(input.KeyConditionExpression, 'AND');
        const skClause = rest.join(' AND ');
        let matching = [...items.values()]
          .filter((i) => i[pkName] !== undefined && i[skName] !== undefined)
          .filter((i) => holds(i, pkClause, input.ExpressionAttributeNames, input.ExpressionAttributeValues))
          .filter((i) => !skClause || holds(i, skClause, input.ExpressionAttributeNames, input.ExpressionAttributeValues))
          .sort((a, b) => (String(a[skName]) < String(b[skName]) ? -1 : String(a[skName]) > String(b[skName]) ? 1 : 0));
        if (input.ScanIndexForward === false) matching.reverse();
        if (input.ExclusiveStartKey) {
          const start = String(input.ExclusiveStartKey[skName]);
          matching = matching.filter((i) => (input.ScanIndexForward === false ? String(i[skName]) < start : String(i[skName]) > start));
        }
        const evaluated = input.Limit ? matching.slice(0, input.Limit) : matching;
        const more = evaluated.length < matching.length;
        const last = evaluated[evaluated.length - 1];
        const returned = input.FilterExpression
          ? evaluated.filter((i) => holds(i, input.FilterExpression!, input.ExpressionAttributeNames, input.ExpressionAttributeValues))
          : evaluated;
        return {
          Items: returned.map((i) => structuredClone(i)),
          Count: returned.length,
          ScannedCount: evaluated.length,
          ...(more && last ? { LastEvaluatedKey: { PK: last.PK, SK: last.SK, ...(input.IndexName ? { GSI1PK: last.GSI1PK, GSI1SK: last.GSI1SK } : {}) } } : {}),
        };
      },
    );
  return { items, put: (item) => items.set(key(item), structuredClone(item)) };
}

/** A mock reset to hold the sample catalog's items (profiles, collectives, members, the product
 * index...) as the table holds them and nothing else, the catalog cache emptied: the start of a
 * handler test. */
export function installSampleCatalog(ddb: AwsStub<any, any, any>): FakeTable {
  ddb.reset();
  invalidateCatalogCache();
  return installFakeTable(ddb, catalogItems(SAMPLE_CATALOG));
}

/** The webhook handler's table: the sample catalog (no order or marker yet), every write accepted;
 * deliveries signed with `secret`, logs silent. */
export function installWebhookTable(ddb: AwsStub<any, any, any>, secret: string): FakeTable {
  process.env.SHOPIFY_WEBHOOK_SECRET = secret;
  process.env.LOG_LEVEL = 'silent';
  const table = installSampleCatalog(ddb);
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(PutCommand).resolves({});
  return table;
}
