// The store port on DynamoDB Local and in memory: every conformance case (test/support/store-cases.ts)
// has the same outcome on both, and the one each case expects, so a repository tested over the
// memory store behaves as it does on the table. The bulk load and the reads too: Query ranges and GSI1.
import { resetDdbClient } from '#lambdas/platform/dynamodb';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { dynamoBulkStore, dynamoStore } from '#lambdas/platform/store';
import type { BulkStore, Store } from '#lambdas/platform/store';
import { createTestTable, type TestTable } from '../support/dynamo';
import { comparable, expected, runCase, storeCases } from '../support/store-cases';

let table: TestTable;

beforeAll(async () => {
  resetDdbClient();
  table = await createTestTable({ seedCatalog: false });
});

afterAll(async () => {
  await table.drop();
});

describe('the store port on DynamoDB Local and in memory', () => {
  const memory = createMemoryStore();
  const cases = storeCases('conform:');
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const [onTable, inMemory] = [await runCase(dynamoStore, c), await runCase(memory, c)];
    expect(onTable).toEqual(inMemory);
    expect(onTable).toEqual(expected(c));
  });

  async function reads(store: Store, bulk: BulkStore) {
    const items = ['b', 'a', 'c', 'ab', 'ba'].map((sk, i) => ({ PK: 'reads:1', SK: sk, GSI1PK: 'reads:list', GSI1SK: `${sk}#${i}`, n: i }));
    await bulk.putBatch(items);
    const sks = (list: Array<Record<string, unknown>>, field = 'SK') => list.map((i) => i[field]);
    return comparable({
      all: sks(await store.query('reads:1', 10)),
      limited: sks(await store.query('reads:1', 2, { descending: true })),
      prefix: sks(await store.query('reads:1', 10, { beginsWith: 'a' })),
      below: sks(await store.query('reads:1', 10, { below: 'b' })),
      from: sks(await store.query('reads:1', 10, { from: 'ab', below: 'c' })),
      index: sks(await store.queryIndex('reads:list', 10), 'GSI1SK'),
      indexLimited: sks(await store.queryIndex('reads:list', 2, { descending: true, beginsWith: 'b' }), 'GSI1SK'),
      got: [...(await store.get([items[0], items[0], { PK: 'reads:1', SK: 'zzz' }])).keys()],
    });
  }

  it('loads and reads alike: a batch put, Query ranges, limits and order, GSI1, BatchGet of a key named twice', async () => {
    const memoryStore = createMemoryStore();
    const [onTable, inMemory] = [await reads(dynamoStore, dynamoBulkStore), await reads(memoryStore, memoryStore)];
    expect(onTable).toEqual(inMemory);
    expect(onTable).toEqual({
      all: ['a', 'ab', 'b', 'ba', 'c'],
      limited: ['c', 'ba'],
      prefix: ['a', 'ab'],
      below: ['a', 'ab'],
      from: ['ab', 'b', 'ba'],
      index: ['a#1', 'ab#3', 'b#0', 'ba#4', 'c#2'],
      indexLimited: ['ba#4', 'b#0'],
      got: ['reads:1|b'],
    });
  });
});
