// Store.get on DynamoDB (lambdas/platform/store.ts): reads asked for in the same turn of the event
// loop go out as one consistent BatchGetItem of at most 100 distinct keys, and each caller gets
// only the items of the keys it asked for.
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoStore, keyString } from '#lambdas/platform/store';

const ddb = mockClient(DynamoDBDocumentClient);
type Keys = Array<{ PK: string; SK: string }>;
const keysOf = (call: number) => (ddb.commandCalls(BatchGetCommand)[call].args[0].input.RequestItems?.Orders?.Keys ?? []) as Keys;
const key = (n: number) => ({ PK: `P#${n}`, SK: 'S' });

beforeEach(() => {
  ddb.reset();
  // The table holds every even-numbered item.
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Keys; ConsistentRead: boolean }> }) => {
    const asked = input.RequestItems.Orders;
    expect(asked.ConsistentRead).toBe(true);
    return { Responses: { Orders: asked.Keys.filter((k) => Number(k.PK.slice(2)) % 2 === 0).map((k) => ({ ...k, n: Number(k.PK.slice(2)) })) } };
  });
});

describe('Store.get on DynamoDB', () => {
  it('sends reads asked for together as one call, each caller getting its own keys', async () => {
    const [a, b, c] = await Promise.all([dynamoStore.get([key(2), key(3)]), dynamoStore.get([key(4)]), dynamoStore.get([key(2), key(6)])]);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(keysOf(0).map((k) => k.PK)).toEqual(['P#2', 'P#3', 'P#4', 'P#6']);
    expect([...a.keys()]).toEqual([keyString(key(2))]);
    expect([...b.keys()]).toEqual([keyString(key(4))]);
    expect([...c.keys()].sort()).toEqual([keyString(key(2)), keyString(key(6))]);
  });

  it('starts another call past 100 distinct keys', async () => {
    const first = Array.from({ length: 60 }, (_, i) => key(i));
    const second = Array.from({ length: 60 }, (_, i) => key(100 + i));
    const [a, b] = await Promise.all([dynamoStore.get(first), dynamoStore.get(second)]);
    expect(ddb.commandCalls(BatchGetCommand).map((_, i) => keysOf(i).length)).toEqual([60, 60]);
    expect(a.size).toBe(30);
    expect(b.size).toBe(30);
  });

  it('reads asked for after an answer go out again (nothing is cached)', async () => {
    await dynamoStore.get([key(2)]);
    await dynamoStore.get([key(2)]);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(2);
  });

  it('fails every caller of a failed call', async () => {
    ddb.on(BatchGetCommand).rejects(new Error('unavailable'));
    const results = await Promise.allSettled([dynamoStore.get([key(1)]), dynamoStore.get([key(2)])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(1);
  });
});
