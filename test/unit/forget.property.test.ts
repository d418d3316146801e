// Property (issue 32 item 2): for any interleaving of follows, notices, drops, settings, deliveries
// and one deletion, nothing reaches the deleted person. A fan (GONE) and a control fan (STAYING) both
// follow an athlete; three lanes run random operations at once over an in-memory store that yields
// at random between operations: GONE follows and unfollows (lambdas/community/follows.ts), reads the
// bell and saves settings (lambdas/notifications/inbox.ts); events write notices to GONE directly
// (event-writes.ts), invitations go to GONE's address (E<hash>), athletes' drops fan out to their
// followers (fanout.ts through the sender); the outbox is delivered (sender.ts) as the clock moves;
// and once, the person is forgotten (lambdas/notifications/forget-person.ts), as the account's
// deletion does. Then time runs on until the outbox is empty. Whatever the order:
// - no email to GONE was claimed after the tombstone was written (the claim is the sender's last
//   word before SES), and no email to GONE carries an event issued after the deletion returned;
// - nothing names GONE in the store (its tombstone is keyed by a keyed hash): no notice, state, settings, digest, follow or
//   follower entry, whatever raced the deletion;
// - STAYING is told of every drop (the run exercised the fan-out), and GONE of the drops before.
import fc from 'fast-check';
import type { DriftEvent } from '#shared/notifications/events';
import { eventWrites } from '#lambdas/notifications/event-writes';
import { forgetPerson } from '#lambdas/notifications/forget-person';
import { inbox } from '#lambdas/notifications/inbox';
import { createSender } from '#lambdas/notifications/sender';
import { settleEventWrites } from '#lambdas/notifications/settle-hooks';
import { follows } from '#lambdas/community/follows';
import { hashEmail } from '#lambdas/identity/buyers';
import { forgottenKey } from '#lambdas/identity/forgotten';
import type { Principal } from '#lambdas/platform/auth';
import { HttpError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import type { Email, Mailer } from '#lambdas/platform/mailer';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import type { Item } from '#lambdas/platform/store';

jest.mock('#lambdas/catalog/catalog-repo', () => ({
  getAthleteProfile: async (id: number) => ({ id, name: `Athlete ${id}`, image: null }),
  getSchool: async (id: number) => ({ id, name: `School ${id}`, logo: null }),
}));

jest.setTimeout(180_000);

const START = Date.parse('2026-11-20T12:00:00.000Z');
const GONE_EMAIL = 'gone.fan@example.com';
const STAYING_EMAIL = 'staying.fan@example.com';
const GONE = hashEmail(GONE_EMAIL);
const STAYING = hashEmail(STAYING_EMAIL);
const ATHLETE = 1;
const principalOf = (email: string): Principal => ({
  sub: `sub-${email}`,
  username: email,
  email,
  emailVerified: true,
  groups: ['buyer'],
  athleteId: null,
  collectiveId: null,
});

type Op =
  | { kind: 'follow' }
  | { kind: 'unfollow' }
  | { kind: 'notice' }
  | { kind: 'invite' }
  | { kind: 'drop' }
  | { kind: 'read' }
  | { kind: 'settings' }
  | { kind: 'deliver'; concurrent: boolean }
  | { kind: 'tick'; minutes: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'follow' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'unfollow' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'notice' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'invite' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'read' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'settings' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deliver' as const), concurrent: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), minutes: fc.integer({ min: 1, max: 120 }) }) },
);

const reached = { runs: 0, goneEmails: 0, goneRefused: 0, raced: 0 };

async function runCase(lanes: Op[][], deletionLane: number, deletionAfter: number, seed: number): Promise<void> {
  let random = seed;
  const rand = () => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random / 2 ** 31;
  };
  const store = createMemoryStore({ yieldBetween: () => (rand() < 0.5 ? Promise.resolve() : new Promise((r) => setImmediate(r))) });
  let clock = START;
  const now = () => new Date(clock);

  // Seen as the store commits (items.set runs inside the commit): when the tombstone landed, and
  // every claim of an email to GONE (a notice or a digest moving to "sending") after it.
  let tombstoneAt: number | null = null;
  let commits = 0;
  const lateClaims: string[] = [];
  const set = store.items.set.bind(store.items);
  store.items.set = (key: string, item: Item) => {
    commits++;
    if (key === `${forgottenKey(GONE).PK}|FORGOTTEN` && tombstoneAt === null) tombstoneAt = commits;
    const gone = [keys.notifyPartition(`F${GONE}`), keys.notifyPartition(`E${GONE}`)].includes(String(item.PK));
    if (gone && tombstoneAt !== null && (item.email === 'sending' || item.state === 'sending')) lateClaims.push(key);
    return set(key, item);
  };

  const sent: Email[] = [];
  const mailer: Mailer = {
    async send(email) {
      sent.push(email);
      return `msg-${sent.length}`;
    },
  };
  const sender = createSender({ store, mailer: () => mailer, now, site: () => 'https://drift.example', secret: async () => 'x'.repeat(32) });
  const fanFollows = follows(store);
  const bell = inbox(store);

  // The athlete and its cards (each drop is of its own card, named by it), both fans following it,
  // both with their address and email on.
  await store.write({ put: { ...keys.catalogAthlete(ATHLETE), data: { id: ATHLETE, name: 'Athlete 1', schoolId: null, collectiveId: null } } });
  for (const [bk, email] of [
    [GONE, GONE_EMAIL],
    [STAYING, STAYING_EMAIL],
  ] as const) {
    await fanFollows.add(bk, 'athlete', ATHLETE);
    await store.write({ put: { ...keys.notifyPrefs(`F${bk}`), recipient: `F${bk}`, address: email, timeZone: 'UTC', quietHours: null } });
  }

  let deleted = false;
  let serial = 0;
  /** Events issued (their mark, in titles and card names) and whether they were issued after the deletion returned. */
  const issued = new Map<string, { late: boolean; drop: boolean }>();
  const mark = (drop: boolean) => {
    const m = `[e${++serial}]`;
    issued.set(m, { late: deleted, drop });
    return m;
  };
  const refused = (error: unknown) => {
    // A deleted account's request: 410, nothing written.
    if (error instanceof HttpError && error.status === 410) {
      reached.goneRefused++;
      return;
    }
    throw error;
  };
  const event = (m: string, notice: DriftEvent['notices']): DriftEvent => ({
    id: `ev-${m.slice(2, -1)}`,
    at: now().toISOString(),
    actor: { role: 'system', sub: null, label: 'Drift' },
    action: 'test.event',
    summary: m,
    subject: { type: 'card', id: m },
    auditCollectiveId: null,
    notices: notice,
  });
  const deliverDue = async (concurrent: boolean) => {
    const due = await sender.sweep();
    if (concurrent) await Promise.all(due.map((k) => sender.deliver(k)));
    else for (const k of due) await sender.deliver(k);
  };

  async function run(op: Op): Promise<void> {
    switch (op.kind) {
      case 'follow':
        return void (await fanFollows.add(GONE, 'athlete', ATHLETE).catch(refused));
      case 'unfollow':
        return void (await fanFollows.remove(GONE, 'athlete', ATHLETE));
      case 'read':
        return void (await bell.list(principalOf(GONE_EMAIL), undefined).catch(refused));
      case 'settings':
        return void (await bell.savePreferences(principalOf(GONE_EMAIL), { email: {}, timeZone: 'Europe/Paris', quietHours: null }).catch(refused));
      case 'notice': {
        const m = mark(false);
        return store.transact(
          eventWrites(event(m, [{ category: 'top_fan', recipients: [{ kind: 'fan', buyerKey: GONE }], title: `Top fan ${m}`, body: m, link: null }])),
        );
      }
      case 'invite': {
        const m = mark(false);
        return store.transact(
          eventWrites(
            event(m, [
              {
                category: 'invite_sent',
                recipients: [{ kind: 'address', email: GONE_EMAIL }],
                title: `Invitation ${m}`,
                body: m,
                link: null,
                transactional: true,
              },
            ]),
          ),
        );
      }
      case 'drop': {
        const m = mark(true);
        const cardId = serial;
        await store.write({ put: { ...keys.catalogCard(ATHLETE, cardId), data: { id: cardId, name: `Card ${m}` } } });
        const at = now().toISOString();
        const endsAt = new Date(clock + 30 * 60_000).toISOString();
        return store.transact(settleEventWrites({ kind: 'drop-started', athleteId: ATHLETE, cardId, at, startsAt: at, endsAt }));
      }
      case 'deliver':
        return deliverDue(op.concurrent);
      case 'tick':
        clock += op.minutes * 60_000;
        return;
    }
  }

  await Promise.all(
    lanes.map(async (ops, lane) => {
      for (const [i, op] of ops.entries()) {
        if (lane === deletionLane && i === Math.min(deletionAfter, ops.length)) {
          await forgetPerson(store, { buyerKey: GONE, email: GONE_EMAIL, sub: 'sub-gone' }, { now: now() });
          deleted = true;
        }
        await run(op);
      }
      if (lane === deletionLane && deletionAfter >= ops.length) {
        await forgetPerson(store, { buyerKey: GONE, email: GONE_EMAIL, sub: 'sub-gone' }, { now: now() });
        deleted = true;
      }
    }),
  );
  // Time runs on until the outbox is empty (the drops' closing reminders, digests, leases).
  for (let step = 0; step < 40; step++) {
    await deliverDue(true);
    clock += 30 * 60_000;
  }
  await deliverDue(false);

  // ---- the properties ----
  expect(tombstoneAt).not.toBeNull();
  expect(lateClaims).toEqual([]);
  const toGone = sent.filter((e) => e.to.includes(GONE_EMAIL));
  const marksIn = (e: Email) => [...issued.keys()].filter((m) => `${e.subject}\n${e.text}`.includes(m));
  expect(toGone.flatMap(marksIn).filter((m) => issued.get(m)!.late)).toEqual([]);
  const left = store
    .all()
    .filter((i) => [i.PK, i.SK, i.GSI1PK, i.GSI1SK].some((v) => typeof v === 'string' && (v.includes(GONE) || v.includes(GONE_EMAIL))))
    .map((i) => `${String(i.PK)}|${String(i.SK)}`);
  expect(left).toEqual([]);
  expect(store.items.has(`${forgottenKey(GONE).PK}|FORGOTTEN`)).toBe(true);
  // The control fan was told of every drop (in-app: the notice is there), by the same fan-out.
  const stayingNotes = store.all().filter((i) => i.PK === keys.notifyPartition(`F${STAYING}`) && i.type === 'note');
  for (const [m, e] of issued) if (e.drop) expect([m, stayingNotes.some((n) => String(n.title).includes(m))]).toEqual([m, true]);
  expect(store.all().filter((i) => i.type === 'fanout')).toEqual([]);
  reached.goneEmails += toGone.length;
  if (toGone.length && issued.size) reached.raced++;
  reached.runs++;
}

describe('a deleted person', () => {
  it('is reached by nothing, whatever races the deletion or comes after it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { maxLength: 8 }), { minLength: 2, maxLength: 3 }),
        fc.nat(2),
        fc.nat(8),
        fc.nat(2 ** 30),
        async (lanes, deletionLane, deletionAfter, seed) => runCase(lanes, deletionLane % lanes.length, deletionAfter, seed),
      ),
      { numRuns: 80 },
    );
    // The runs met what the property is about: emails to the person before the deletion, requests
    // of theirs refused after it.
    expect(reached.goneEmails).toBeGreaterThan(0);
    expect(reached.goneRefused).toBeGreaterThan(0);
  });
});
