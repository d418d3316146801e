// The store port (lambdas/platform/store.ts): its conditions and updates on the memory store (the
// same cases run against DynamoDB Local in test/integration/store.test.ts), the DynamoDB form of
// a condition, the one conflict predicate and the one retry loop.
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { RetryLater } from '#lambdas/platform/errors';
import { StoreConflict, jitteredBackoff, noBackoff, retryOnConflict, storeError, toTransactItem, versionIs } from '#lambdas/platform/store';
import { expected, runCase, storeCases } from '../support/store-cases';

describe('memory store: conditions and updates', () => {
  const store = createMemoryStore();
  it.each(storeCases('store-case:').map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    expect(await runCase(store, c)).toEqual(expected(c));
  });

  it('answers GSI1 partitions in GSI1SK order, with a range, a limit and descending', async () => {
    const index = createMemoryStore();
    await index.transact(
      ['c', 'a', 'b', 'ab']
        .map((sk, i) => ({ put: { PK: `index:${i}`, SK: 'X', GSI1PK: 'LIST', GSI1SK: sk } }))
        .concat([{ put: { PK: 'index:9', SK: 'X', GSI1PK: 'OTHER', GSI1SK: 'a' } }]),
    );
    const sks = async (...args: Parameters<typeof index.queryIndex>) => (await index.queryIndex(...args)).map((i) => i.GSI1SK);
    expect(await sks('LIST', 10)).toEqual(['a', 'ab', 'b', 'c']);
    expect(await sks('LIST', 2, { descending: true })).toEqual(['c', 'b']);
    expect(await sks('LIST', 10, { beginsWith: 'a' })).toEqual(['a', 'ab']);
    expect(await sks('LIST', 1, { descending: true, beginsWith: 'a' })).toEqual(['ab']);
  });

  it('refuses a transaction that touches one item twice', async () => {
    const key = { PK: 'twice', SK: 'X' };
    await expect(createMemoryStore().transact([{ put: { ...key } }, { delete: key }])).rejects.toThrow(/touches one item twice/);
  });
});

describe('conditions in DynamoDB form', () => {
  const form = (condition: Parameters<typeof toTransactItem>[0]['condition']) => toTransactItem({ put: { PK: 'P', SK: 'S' }, condition }, 'T').Put!;

  it('names a field by its own name', () => {
    expect(form(versionIs(3))).toMatchObject({
      ConditionExpression: '#version = :version',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': 3 },
    });
    expect(form(versionIs(0))).toMatchObject({ ConditionExpression: 'attribute_not_exists(#version)' });
    expect(form({ notExists: true })).toEqual({ TableName: 'T', Item: { PK: 'P', SK: 'S' }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(form({ field: 'pos:Wide Receiver', is: 1 })).toMatchObject({
      ConditionExpression: '#f0 = :v',
      ExpressionAttributeNames: { '#f0': 'pos:Wide Receiver' },
    });
  });

  it('joins and/or, in parentheses when nested, with a placeholder per value', () => {
    expect(form({ or: [{ notExists: true }, { field: 'since', below: '2026' }] })).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK) OR #since < :since',
    });
    expect(form({ and: [{ field: 'state', is: 'a' }, { or: [{ field: 'state', isNot: 'b' }, { exists: true }] }] })).toMatchObject({
      ConditionExpression: '#state = :state AND (#state <> :state1 OR attribute_exists(PK))',
      ExpressionAttributeValues: { ':state': 'a', ':state1': 'b' },
    });
  });

  it('keeps a structured update’s own placeholders apart from its condition’s', () => {
    const item = toTransactItem({ update: { PK: 'P', SK: 'S' }, set: { version: 2 }, condition: versionIs(1) }, 'T').Update!;
    expect(item).toMatchObject({
      UpdateExpression: 'SET #s0 = :s0',
      ConditionExpression: '#version = :version',
      ExpressionAttributeNames: { '#s0': 'version', '#version': 'version' },
      ExpressionAttributeValues: { ':s0': 2, ':version': 1 },
    });
  });

  it('sends an expression update as it is written', () => {
    const item = toTransactItem(
      {
        update: { PK: 'P', SK: 'S' },
        expression: 'REMOVE #d.#m[2]',
        names: { '#d': 'data', '#m': 'members' },
        values: { ':id': 4 },
        condition: { expression: '#d.#m[2] = :id' },
      },
      'T',
    ).Update!;
    expect(item).toEqual({
      TableName: 'T',
      Key: { PK: 'P', SK: 'S' },
      UpdateExpression: 'REMOVE #d.#m[2]',
      ConditionExpression: '#d.#m[2] = :id',
      ExpressionAttributeNames: { '#d': 'data', '#m': 'members' },
      ExpressionAttributeValues: { ':id': 4 },
    });
  });
});

describe('the conflict predicate', () => {
  const named = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, ...extra });

  it('makes failed conditions and concurrent transactions a StoreConflict, other cancellations RetryLater', () => {
    expect(storeError(named('ConditionalCheckFailedException'))).toEqual(new StoreConflict([0]));
    expect(storeError(named('TransactionConflictException'))).toEqual(new StoreConflict([]));
    const cancelled = storeError(named('TransactionCanceledException', { CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }] }));
    expect(cancelled).toBeInstanceOf(StoreConflict);
    expect((cancelled as StoreConflict).failed).toEqual([1]);
    expect((storeError(named('TransactionCanceledException', { CancellationReasons: [{ Code: 'TransactionConflict' }] })) as StoreConflict).failed).toEqual([]);
    expect(storeError(named('TransactionCanceledException', { CancellationReasons: [{ Code: 'ThrottlingError' }] }))).toBeInstanceOf(RetryLater);
    const other = named('ResourceNotFoundException');
    expect(storeError(other)).toBe(other);
  });
});

describe('retryOnConflict', () => {
  it('runs again after a conflict, waiting between attempts, and answers the first success', async () => {
    const waits: number[] = [];
    const seen: number[] = [];
    const result = await retryOnConflict(
      async (attempt) => {
        seen.push(attempt);
        if (attempt < 3) throw new StoreConflict([0]);
        return 'done';
      },
      { attempts: 5, backoff: async (a) => void waits.push(a), onConflict: (_c, a) => seen.push(-a), onExhausted: () => new Error('exhausted') },
    );
    expect(result).toBe('done');
    expect(seen).toEqual([1, -1, 2, -2, 3]);
    expect(waits).toEqual([1, 2]);
  });

  it('throws the caller’s error when the attempts run out, without a last wait', async () => {
    let waits = 0;
    const run = jest.fn(async () => {
      throw new StoreConflict([]);
    });
    await expect(
      retryOnConflict(run, {
        attempts: 4,
        backoff: async () => void waits++,
        onExhausted: (_c, attempt) => new RetryLater(`busy after ${attempt}`),
      }),
    ).rejects.toThrow('busy after 4');
    expect(run).toHaveBeenCalledTimes(4);
    expect(waits).toBe(3);
  });

  it('stops at the deadline when the attempts are unbounded', async () => {
    let now = 1_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const run = jest.fn(async () => {
        now += 40;
        throw new StoreConflict([]);
      });
      await expect(retryOnConflict(run, { attempts: Infinity, deadline: 1_100, backoff: noBackoff, onExhausted: () => new Error('late') })).rejects.toThrow(
        'late',
      );
      expect(run).toHaveBeenCalledTimes(3);
    } finally {
      clock.mockRestore();
    }
  });

  it('lets any other error through at once', async () => {
    const run = jest.fn(async () => {
      throw new Error('boom');
    });
    await expect(retryOnConflict(run, { attempts: 9, backoff: noBackoff, onExhausted: () => new Error('no') })).rejects.toThrow('boom');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('backs off exponentially up to a cap, jittered by a factor in [0.5, 1.5)', async () => {
    const slept: number[] = [];
    const random = jest.spyOn(Math, 'random');
    try {
      const backoff = jitteredBackoff(5, 200, async (ms) => void slept.push(ms));
      random.mockReturnValue(0.5);
      for (const attempt of [1, 2, 5, 6, 30]) await backoff(attempt);
      random.mockReturnValue(0);
      await backoff(1);
      random.mockReturnValue(0.999);
      await backoff(6);
    } finally {
      random.mockRestore();
    }
    expect(slept.slice(0, 5)).toEqual([10, 20, 160, 200, 200]);
    expect(slept[5]).toBe(5);
    expect(slept[6]).toBeCloseTo(299.8);
  });
});
