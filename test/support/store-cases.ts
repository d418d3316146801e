// The store port's conformance cases: each sets up items, makes one write (or one transaction)
// and says what must come of it. test/unit/store.test.ts runs them on the memory store;
// test/integration/store.test.ts runs them on DynamoDB Local and in memory and requires the same
// outcome of both, so the repositories that run in memory in unit tests run as they do in AWS.
import type { Item, Key, Store, Write } from '#lambdas/platform/store';
import { StoreConflict, keyString } from '#lambdas/platform/store';
import { athleteGroupId } from '#shared/orders/contribution';

export interface StoreCase {
  name: string;
  /** Items there before the write (each case has its own partition). */
  before: Item[];
  /** One write on its own (`write`), or a transaction. */
  write?: Write;
  transact?: Write[];
  /** What comes of it: written, a conflict (the failed writes), or an error that is not a conflict. */
  outcome: 'ok' | { conflict: number[] } | 'error';
  /** The items afterwards (absent keys: undefined), when the case says. */
  after?: Array<Item | { absent: Key }>;
  /** What a single update answers (the item after it). */
  returns?: Item;
}

const k = (pk: string, sk = 'X') => ({ PK: pk, SK: sk });

/** Cases over partitions named `${prefix}<n>` (a prefix per run keeps runs apart). */
export function storeCases(prefix: string): StoreCase[] {
  let n = 0;
  const key = (sk = 'X') => k(`${prefix}${++n}`, sk);
  const cases: StoreCase[] = [];
  const conditionCase = (name: string, before: Item | null, condition: Write['condition'], ok: boolean) => {
    const at = key();
    cases.push({
      name,
      before: before ? [{ ...at, ...before }] : [],
      write: { put: { ...at, written: true }, condition },
      outcome: ok ? 'ok' : { conflict: [0] },
      after: [ok ? { ...at, written: true } : before ? { ...at, ...before } : { absent: at }],
    });
  };

  // ---- conditions ----
  conditionCase('notExists: absent item', null, { notExists: true }, true);
  conditionCase('notExists: present item', {}, { notExists: true }, false);
  conditionCase('exists: present item', {}, { exists: true }, true);
  conditionCase('exists: absent item', null, { exists: true }, false);
  conditionCase('version equals: same', { version: 3 }, { field: 'version', equals: 3 }, true);
  conditionCase('version equals: other', { version: 3 }, { field: 'version', equals: 2 }, false);
  conditionCase('version equals 0: no version yet', { other: 1 }, { field: 'version', equals: 0 }, true);
  conditionCase('version equals 0: absent item', null, { field: 'version', equals: 0 }, true);
  conditionCase('version equals 0: a version', { version: 1 }, { field: 'version', equals: 0 }, false);
  conditionCase('absentField: absent', { other: 1 }, { absentField: 'pending' }, true);
  conditionCase('absentField: present', { pending: new Set([athleteGroupId(1)]) }, { absentField: 'pending' }, false);
  conditionCase('is: equal string', { state: 'open' }, { field: 'state', is: 'open' }, true);
  conditionCase('is: other string', { state: 'claimed' }, { field: 'state', is: 'open' }, false);
  conditionCase('is: absent field', { other: 1 }, { field: 'state', is: 'open' }, false);
  conditionCase('is: absent item', null, { field: 'state', is: 'open' }, false);
  conditionCase('is: number', { collectiveId: 2 }, { field: 'collectiveId', is: 2 }, true);
  conditionCase('is: number as string', { collectiveId: 2 }, { field: 'collectiveId', is: '2' }, false);
  conditionCase('isNot: other value', { state: 'pending' }, { field: 'state', isNot: 'accepted' }, true);
  conditionCase('isNot: same value', { state: 'accepted' }, { field: 'state', isNot: 'accepted' }, false);
  conditionCase('isNot: absent field', { other: 1 }, { field: 'state', isNot: 'accepted' }, true);
  conditionCase('isNot: absent item', null, { field: 'state', isNot: 'accepted' }, true);
  conditionCase('below: lower', { since: '2026-01-02' }, { field: 'since', below: '2026-01-03' }, true);
  conditionCase('below: equal', { since: '2026-01-03' }, { field: 'since', below: '2026-01-03' }, false);
  conditionCase('below: absent field', { other: 1 }, { field: 'since', below: '2026-01-03' }, false);
  conditionCase('below: numbers', { n: 9 }, { field: 'n', below: 10 }, true);
  conditionCase('or: the first holds', null, { or: [{ notExists: true }, { field: 'since', below: '2026-01-03' }] }, true);
  conditionCase('or: the second holds', { since: '2026-01-01' }, { or: [{ notExists: true }, { field: 'since', below: '2026-01-03' }] }, true);
  conditionCase('or: neither holds', { since: '2026-01-05' }, { or: [{ notExists: true }, { field: 'since', below: '2026-01-03' }] }, false);
  conditionCase('or: absent item or same account', { sub: 'u1' }, { or: [{ notExists: true }, { field: 'sub', is: 'u1' }] }, true);
  conditionCase('or: another account', { sub: 'u2' }, { or: [{ notExists: true }, { field: 'sub', is: 'u1' }] }, false);
  conditionCase(
    'and: both hold',
    { collectiveId: 1, state: 'open' },
    {
      and: [
        { field: 'collectiveId', is: 1 },
        { field: 'state', is: 'open' },
      ],
    },
    true,
  );
  conditionCase(
    'and: one fails',
    { collectiveId: 2, state: 'open' },
    {
      and: [
        { field: 'collectiveId', is: 1 },
        { field: 'state', is: 'open' },
      ],
    },
    false,
  );
  conditionCase(
    'and of an or: nested',
    { state: 'open', since: '2026-01-01' },
    { and: [{ field: 'state', is: 'open' }, { or: [{ notExists: true }, { field: 'since', below: '2026-01-02' }] }] },
    true,
  );
  const members = { data: { members: [4, 7, 9] } };
  conditionCase(
    'expression: a list element equals',
    members,
    { expression: '#data.#members[1] = :id', names: { '#data': 'data', '#members': 'members' }, values: { ':id': 7 } },
    true,
  );
  conditionCase(
    'expression: a list element differs',
    members,
    { expression: '#data.#members[1] = :id', names: { '#data': 'data', '#members': 'members' }, values: { ':id': 9 } },
    false,
  );
  conditionCase(
    'expression: present and the list lacks the id',
    members,
    { expression: 'attribute_exists(PK) AND NOT contains(#data.#members, :id)', names: { '#data': 'data', '#members': 'members' }, values: { ':id': 5 } },
    true,
  );
  conditionCase(
    'expression: the list holds the id',
    members,
    { expression: 'attribute_exists(PK) AND NOT contains(#data.#members, :id)', names: { '#data': 'data', '#members': 'members' }, values: { ':id': 9 } },
    false,
  );
  conditionCase('expression: contains in a set', { ids: new Set([1, 2]) }, { expression: 'contains(ids, :id)', values: { ':id': 2 } }, true);

  // ---- single writes ----
  {
    const at = key();
    cases.push({
      name: 'write: ADD to a counter that is absent answers the new item',
      before: [],
      write: { update: at, add: { lastId: 1 } },
      outcome: 'ok',
      returns: { ...at, lastId: 1 },
      after: [{ ...at, lastId: 1 }],
    });
  }
  {
    const at = key();
    cases.push({
      name: 'write: an expression update of a present item answers the whole item',
      before: [{ ...at, content: 'a', date: 'd' }],
      write: { update: at, expression: 'SET content = :c, updatedAt = :u', values: { ':c': 'b', ':u': 'u' }, condition: { exists: true } },
      outcome: 'ok',
      returns: { ...at, content: 'b', date: 'd', updatedAt: 'u' },
    });
  }
  {
    const at = key();
    cases.push({
      name: 'write: an update of an absent item under exists is a conflict',
      before: [],
      write: { update: at, expression: 'SET content = :c', values: { ':c': 'b' }, condition: { exists: true } },
      outcome: { conflict: [0] },
      after: [{ absent: at }],
    });
  }
  {
    const at = key();
    cases.push({
      name: 'write: a delete under exists',
      before: [{ ...at, content: 'a' }],
      write: { delete: at, condition: { exists: true } },
      outcome: 'ok',
      after: [{ absent: at }],
    });
  }
  {
    const at = key();
    cases.push({
      name: 'write: a delete of an absent item under exists is a conflict',
      before: [],
      write: { delete: at, condition: { exists: true } },
      outcome: { conflict: [0] },
    });
  }
  {
    const at = key();
    cases.push({
      name: 'write: a structured update (set, add, remove) under a version',
      before: [{ ...at, version: 1, gone: 'x', n: 2 }],
      write: { update: at, set: { version: 2, name: 'b' }, add: { n: 3 }, remove: ['gone'], condition: { field: 'version', equals: 1 } },
      outcome: 'ok',
      returns: { ...at, version: 2, name: 'b', n: 5 },
    });
  }

  // ---- expression updates ----
  {
    const sportWrite = (at: Key, count: number): Write => ({
      update: at,
      expression: 'SET #type = if_not_exists(#type, :type), #schoolId = if_not_exists(#schoolId, :schoolId) ADD #count :count, #p0 :p0',
      names: { '#type': 'type', '#schoolId': 'schoolId', '#count': 'count', '#p0': 'pos:Wide Receiver' },
      values: { ':type': 'sport', ':schoolId': 2, ':count': count, ':p0': count },
    });
    const sport = key();
    cases.push({
      name: 'expression: if_not_exists and ADD create an absent item',
      before: [],
      transact: [sportWrite(sport, 1)],
      outcome: 'ok',
      after: [{ ...sport, type: 'sport', schoolId: 2, count: 1, 'pos:Wide Receiver': 1 }],
    });
    const other = key();
    cases.push({
      name: 'expression: if_not_exists keeps what is there, ADD adds',
      before: [{ ...other, type: 'kept', schoolId: 9, count: 4, 'pos:Wide Receiver': 2 }],
      transact: [sportWrite(other, -1)],
      outcome: 'ok',
      after: [{ ...other, type: 'kept', schoolId: 9, count: 3, 'pos:Wide Receiver': 1 }],
    });
  }
  {
    const name = key();
    cases.push({
      name: 'expression: ADD to a set, and SET beside it',
      before: [{ ...name, type: 'name', ids: new Set([3]) }],
      transact: [
        {
          update: name,
          expression: 'SET #type = :type ADD #ids :id',
          names: { '#type': 'type', '#ids': 'ids' },
          values: { ':type': 'name', ':id': new Set([5]) },
        },
      ],
      outcome: 'ok',
      after: [{ ...name, type: 'name', ids: new Set([3, 5]) }],
    });
    const last = key();
    cases.push({
      name: 'expression: DELETE the last element of a set removes the attribute',
      before: [{ ...last, type: 'name', ids: new Set([3]) }],
      transact: [{ update: last, expression: 'DELETE #ids :id', names: { '#ids': 'ids' }, values: { ':id': new Set([3]) } }],
      outcome: 'ok',
      after: [{ ...last, type: 'name' }],
    });
  }
  {
    const chunk = key();
    cases.push({
      name: 'expression: SET and REMOVE of keys inside a map',
      before: [{ ...chunk, entries: { '1': 'a', '2': 'b' } }],
      transact: [
        {
          update: chunk,
          expression: 'SET #entries.#id = :entry REMOVE #entries.#old',
          names: { '#entries': 'entries', '#id': '16', '#old': '1' },
          values: { ':entry': '[16]' },
        },
      ],
      outcome: 'ok',
      after: [{ ...chunk, entries: { '2': 'b', '16': '[16]' } }],
    });
    const noMap = key();
    cases.push({
      name: 'expression: SET inside a map that is not there is refused (not a conflict)',
      before: [{ ...noMap, type: 'search' }],
      transact: [{ update: noMap, expression: 'SET #entries.#id = :entry', names: { '#entries': 'entries', '#id': '16' }, values: { ':entry': 'x' } }],
      outcome: 'error',
      after: [{ ...noMap, type: 'search' }],
    });
    const nested = key();
    cases.push({
      name: 'expression: SET of a nested field under exists',
      before: [{ ...nested, data: { id: 2, colors: { primary: '#000000' } } }],
      write: {
        update: nested,
        expression: 'SET #data.#colors = :colors',
        names: { '#data': 'data', '#colors': 'colors' },
        values: { ':colors': { primary: '#FFFFFF' } },
        condition: { exists: true },
      },
      outcome: 'ok',
      returns: { ...nested, data: { id: 2, colors: { primary: '#FFFFFF' } } },
    });
  }
  {
    const collective = key();
    cases.push({
      name: 'expression: list_append under a condition with its own placeholders',
      before: [{ ...collective, data: { members: [4, 7] } }],
      transact: [
        {
          update: collective,
          expression: 'SET #data.#members = list_append(#data.#members, :new)',
          names: { '#data': 'data', '#members': 'members' },
          values: { ':new': [9], ':id': 9 },
          condition: { expression: 'attribute_exists(PK) AND NOT contains(#data.#members, :id)' },
        },
      ],
      outcome: 'ok',
      after: [{ ...collective, data: { members: [4, 7, 9] } }],
    });
    const removal = key();
    cases.push({
      name: 'expression: REMOVE of a list element pinned by a condition',
      before: [{ ...removal, data: { members: [4, 7, 9] } }],
      transact: [
        {
          update: removal,
          expression: 'REMOVE #data.#members[1]',
          names: { '#data': 'data', '#members': 'members' },
          values: { ':id': 7 },
          condition: { expression: '#data.#members[1] = :id' },
        },
      ],
      outcome: 'ok',
      after: [{ ...removal, data: { members: [4, 9] } }],
    });
    const moved = key();
    cases.push({
      name: 'expression: REMOVE of a list element whose index moved is a conflict',
      before: [{ ...moved, data: { members: [7, 4, 9] } }],
      transact: [
        {
          update: moved,
          expression: 'REMOVE #data.#members[1]',
          names: { '#data': 'data', '#members': 'members' },
          values: { ':id': 7 },
          condition: { expression: '#data.#members[1] = :id' },
        },
      ],
      outcome: { conflict: [0] },
      after: [{ ...moved, data: { members: [7, 4, 9] } }],
    });
  }

  // ---- transactions ----
  {
    const a = key();
    const b = key();
    cases.push({
      name: 'transact: one failed condition writes nothing and names the write',
      before: [{ ...b, version: 2 }],
      transact: [
        { put: { ...a, written: true }, condition: { notExists: true } },
        { update: b, set: { version: 3 }, condition: { field: 'version', equals: 1 } },
      ],
      outcome: { conflict: [1] },
      after: [{ absent: a }, { ...b, version: 2 }],
    });
    const c = key();
    const d = key();
    cases.push({
      name: 'transact: a condition check holds',
      before: [{ ...d, other: 1 }],
      transact: [{ delete: c }, { check: d, condition: { absentField: 'pending' } }],
      outcome: 'ok',
      after: [{ absent: c }, { ...d, other: 1 }],
    });
  }
  return cases;
}

export interface CaseResult {
  outcome: StoreCase['outcome'];
  returns?: Item;
  after: Array<Item | undefined>;
}

/** A value to compare: sets as sorted lists (a set cloned in another realm, as structuredClone's
 * in jest, does not compare with this realm's). */
export function comparable(value: unknown): unknown {
  if (Object.prototype.toString.call(value) === '[object Set]') return { set: [...(value as Set<unknown>)].sort() };
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]));
  return value;
}

/** Runs a case on a store: its setup, its write, what it answered and what the items are after. */
export async function runCase(store: Store, c: StoreCase): Promise<CaseResult> {
  if (c.before.length) await store.transact(c.before.map((put) => ({ put })));
  let outcome: StoreCase['outcome'] = 'ok';
  let returns: Item | undefined;
  try {
    if (c.write) returns = await store.write(c.write);
    else await store.transact(c.transact!);
  } catch (error) {
    outcome = error instanceof StoreConflict ? { conflict: error.failed } : 'error';
  }
  const keys = (c.after ?? []).map((a) => ('absent' in a ? (a.absent as Key) : { PK: String(a.PK), SK: String(a.SK) }));
  const found = keys.length ? await store.get(keys) : new Map<string, Item>();
  return comparable({ outcome, ...(c.returns ? { returns } : {}), after: keys.map((key) => found.get(keyString(key))) }) as CaseResult;
}

/** What a case expects, in the shape runCase answers. */
export function expected(c: StoreCase): CaseResult {
  return comparable({
    outcome: c.outcome,
    ...(c.returns ? { returns: c.returns } : {}),
    after: (c.after ?? []).map((a) => ('absent' in a ? undefined : a)),
  }) as CaseResult;
}
