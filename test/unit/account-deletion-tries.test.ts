// The deletion code's limits under concurrency (issue 32 item 3; lambdas/sales/account-deletion.ts):
// a try is counted by a conditional write (tries below MAX_TRIES) before the code is compared, so
// 40 wrong codes sent at once compare at most MAX_TRIES, and the rest are told "Too many wrong
// codes"; two requests for a code at the same moment send one email. The store yields between
// operations at random, so the tries interleave as concurrent requests do.
import { MAX_TRIES, confirmDeletion, requestDeletion } from '#lambdas/sales/account-deletion';
import { hashEmail } from '#lambdas/identity/buyers';
import type { Principal } from '#lambdas/platform/auth';
import { HttpError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import { useRecordingIdentityAdmin } from '../support/identity-admin';

const EMAIL = 'racing.fan@example.com';
const principal: Principal = {
  sub: 'sub-racing',
  username: 'racingfan',
  email: EMAIL,
  emailVerified: true,
  groups: ['buyer'],
  athleteId: null,
  collectiveId: null,
};
const NOW = new Date('2026-11-20T12:00:00.000Z');

function racingStore() {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return createMemoryStore({ yieldBetween: () => (rand() < 0.5 ? Promise.resolve() : new Promise((r) => setImmediate(r))) });
}

const messageOf = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'rejected' && outcome.reason instanceof HttpError ? String(outcome.reason.fields?.code ?? outcome.reason.message) : 'accepted';

beforeAll(() => useRecordingIdentityAdmin());

it('compares at most MAX_TRIES of 40 wrong codes sent at once', async () => {
  const store = racingStore();
  const sent: string[] = [];
  await requestDeletion(store, { principal, email: EMAIL, now: NOW, mail: { send: async (m) => sent.push(m.text) } });
  const code = /is (\d{6})\./.exec(sent[0])![1];
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '1');
  let compared = 0;
  const outcomes = await Promise.allSettled(
    Array.from({ length: 40 }, () =>
      confirmDeletion(
        store,
        { principal, email: EMAIL, code: wrong, now: () => '2026-11-20T12:01:00.000Z' },
        { accept: async () => undefined, compared: () => compared++ },
      ),
    ),
  );
  expect(compared).toBeLessThanOrEqual(MAX_TRIES);
  const messages = outcomes.map(messageOf);
  expect(messages.filter((m) => m.startsWith('That code is not correct')).length).toBe(compared);
  expect(messages.filter((m) => m.startsWith('Too many wrong codes')).length).toBe(40 - compared);
  // And the right code, now, is refused too: the five tries are spent.
  const item = (await store.get([keys.personDeletion(hashEmail(EMAIL))])).get(keyString(keys.personDeletion(hashEmail(EMAIL))));
  expect(item?.tries).toBe(compared);
  await expect(
    confirmDeletion(store, { principal, email: EMAIL, code, now: () => '2026-11-20T12:02:00.000Z' }, { accept: async () => undefined }),
  ).rejects.toMatchObject({ fields: { code: 'Too many wrong codes: ask for a new one' } });
});

it('sends one code for two requests at the same moment', async () => {
  const store = racingStore();
  const sent: string[] = [];
  const mail = { send: async (m: { text: string }) => sent.push(m.text) };
  const outcomes = await Promise.allSettled([
    requestDeletion(store, { principal, email: EMAIL, now: NOW, mail }),
    requestDeletion(store, { principal, email: EMAIL, now: NOW, mail }),
  ]);
  expect(sent).toHaveLength(1);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
  // The code stored is the one sent.
  const code = /is (\d{6})\./.exec(sent[0])![1];
  let compared = 0;
  await confirmDeletion(
    store,
    { principal, email: EMAIL, code, now: () => '2026-11-20T12:01:00.000Z' },
    { accept: async () => undefined, compared: () => compared++ },
  ).catch((error: unknown) => {
    // The redaction has no privacy request store behind it here; the code was accepted before it.
    expect(String(error)).toMatch(/no account request|Cognito|request/);
  });
  expect(compared).toBe(1);
});
