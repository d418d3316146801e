// Property: the outbox (lambdas/notifications/event-writes.ts, sender.ts) sends each notice at most
// once and at most one email per category per hour per person, whatever happens to the events and
// their deliveries. Each run writes events, each event's transaction applied one to three times
// (a retried or duplicated action), and delivers the outbox as SQS would: each due key one to three
// times, some at once (with random yields between the store's operations), while the clock moves on
// in random steps over two days. SES refuses some calls (an answer: retried later) and loses some
// (no answer: it may have sent, so never again). Once everything is decided:
// - every notice is decided (sent alone or in a digest, skipped, failed or unconfirmed), none left
//   pending or held, and no digest left;
// - each notice's title is in at most one email, and in exactly one when it is marked sent;
// - a notice SES may have taken (unconfirmed) is in at most one email;
// - per recipient and category, emails are at least an hour apart;
// - no email starts inside the recipient's quiet hours (in its time zone); no email to an opted-out
//   category or a suppressed address;
// - each recipient's unread count equals its notices.
import fc from 'fast-check';
import type { DriftEvent, Recipient } from '#shared/notifications/events';
import { inQuietHours, type Category } from '#shared/notifications/notification-rules';
import { eventWrites } from '#lambdas/notifications/event-writes';
import { emailField } from '#lambdas/notifications/preferences';
import { recipientKey } from '#lambdas/notifications/recipients';
import { createSender } from '#lambdas/notifications/sender';
import { hashEmail } from '#lambdas/identity/buyers';
import * as keys from '#lambdas/platform/keys';
import type { Email, Mailer } from '#lambdas/platform/mailer';
import { createMemoryStore, type MemoryStore } from '#lambdas/platform/memory-store';
import { StoreConflict, keyString } from '#lambdas/platform/store';

jest.setTimeout(120_000);

const START = Date.parse('2026-11-20T12:00:00.000Z');
const CATEGORIES: Category[] = ['card_submitted', 'payout_paid', 'unlock_reached'];
// Four people: two athletes with email on, one in Tokyo with quiet hours, a fan who turned payout
// emails off, and a collective whose address bounced.
const PEOPLE: Array<{ recipient: Recipient; address: string; timeZone: string; quiet: { start: number; end: number } | null; off: Category[] }> = [
  { recipient: { kind: 'athlete', athleteId: 1 }, address: 'one@example.com', timeZone: 'America/Chicago', quiet: { start: 22, end: 8 }, off: [] },
  { recipient: { kind: 'athlete', athleteId: 2 }, address: 'two@example.com', timeZone: 'Asia/Tokyo', quiet: { start: 9, end: 17 }, off: [] },
  {
    recipient: { kind: 'fan', buyerKey: hashEmail('fan@example.com') },
    address: 'fan@example.com',
    timeZone: 'Europe/Paris',
    quiet: null,
    off: ['payout_paid'],
  },
  { recipient: { kind: 'collective', collectiveId: 1 }, address: 'bounced@example.com', timeZone: 'America/New_York', quiet: null, off: [] },
  // Someone invited, with no account yet: transactional emails (no preferences, spacing or quiet hours).
  { recipient: { kind: 'address', email: 'invitee@example.com' }, address: 'invitee@example.com', timeZone: 'UTC', quiet: null, off: [] },
];
const TRANSACTIONAL = PEOPLE.length - 1;

interface Ev {
  person: number;
  category: number;
  /** Minutes after the previous event. */
  gap: number;
  /** Times the action's transaction is applied (duplicates must fail). */
  copies: number;
}
type Step = { kind: 'deliver'; copies: number; concurrent: boolean } | { kind: 'tick'; minutes: number };

const evArb = fc.record({
  person: fc.nat(PEOPLE.length - 1),
  category: fc.nat(CATEGORIES.length - 1),
  gap: fc.nat(90),
  copies: fc.integer({ min: 1, max: 3 }),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deliver' as const), copies: fc.integer({ min: 1, max: 3 }), concurrent: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), minutes: fc.integer({ min: 1, max: 240 }) }) },
);

const reached = { sent: 0, digests: 0, held: 0, refused: 0, lost: 0, runs: 0 };

async function runCase(events: Ev[], steps: Step[], seed: number): Promise<void> {
  let random = seed;
  const rand = () => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random / 2 ** 31;
  };
  const store: MemoryStore = createMemoryStore({ yieldBetween: () => (rand() < 0.5 ? Promise.resolve() : new Promise((r) => setImmediate(r))) });
  let clock = START;
  const now = () => new Date(clock);
  const sent: Array<{ email: Email; at: number }> = [];
  const mailer: Mailer = {
    async send(email) {
      const roll = rand();
      if (roll < 0.08) {
        reached.refused++;
        throw Object.assign(new Error('Throttling'), { $metadata: { httpStatusCode: 400 } });
      }
      // Lost: SES took it, the answer never came back.
      if (roll < 0.12) {
        reached.lost++;
        sent.push({ email, at: clock });
        throw new Error('socket hang up');
      }
      sent.push({ email, at: clock });
      return `msg-${sent.length}`;
    },
  };
  const sender = createSender({ store, mailer: () => mailer, now, site: () => 'https://drift.example', secret: async () => 'x'.repeat(32) });

  // The people's addresses and preferences; the collective's address bounced.
  for (const p of PEOPLE.slice(0, TRANSACTIONAL)) {
    const r = recipientKey(p.recipient);
    await store.write({
      put: {
        ...keys.notifyPrefs(r),
        address: p.address,
        timeZone: p.timeZone,
        quietHours: p.quiet,
        ...Object.fromEntries(p.off.map((c) => [emailField(c), false])),
      },
    });
  }
  await store.write({ put: { ...keys.suppressedAddress(hashEmail('bounced@example.com')), reason: 'bounce' } });

  // The events, each with a unique title, written as their actions would (duplicates refused).
  const titles = new Map<string, { person: number; category: Category }>();
  let t = START;
  for (const [i, e] of events.entries()) {
    t += e.gap * 60_000;
    const category = CATEGORIES[e.category];
    const title = `T${i}`;
    titles.set(title, { person: e.person, category });
    const event: DriftEvent = {
      id: `ev-${i}`,
      at: new Date(t).toISOString(),
      actor: { role: 'system', sub: null, label: 'Drift' },
      action: 'test.event',
      summary: title,
      subject: { type: 'card', id: String(i) },
      auditCollectiveId: 1,
      notices: [
        {
          category,
          recipients: [PEOPLE[e.person].recipient],
          title,
          body: `Body of ${title}`,
          link: '/x',
          ...(e.person === TRANSACTIONAL ? { transactional: true } : {}),
        },
      ],
    };
    for (let c = 0; c < e.copies; c++) {
      try {
        await store.transact(eventWrites(event));
        expect(c).toBe(0);
      } catch (error) {
        expect(error).toBeInstanceOf(StoreConflict);
        expect(c).toBeGreaterThan(0);
      }
    }
  }

  const deliverDue = async (copies: number, concurrent: boolean) => {
    const due = await sender.sweep();
    const calls = due.flatMap((k) => Array.from({ length: copies }, () => k));
    if (concurrent) await Promise.all(calls.map((k) => sender.deliver(k)));
    else for (const k of calls) await sender.deliver(k);
  };
  for (const step of steps) {
    if (step.kind === 'tick') clock += step.minutes * 60_000;
    else await deliverDue(step.copies, step.concurrent);
  }
  // Then time runs on until nothing is left to decide (two days at most: every hour and quiet hours end).
  for (let hour = 0; hour < 60; hour++) {
    await deliverDue(2, true);
    clock += 60 * 60_000;
  }
  await deliverDue(1, false);

  // ---- the properties ----
  const notes = store.all().filter((i) => i.type === 'note');
  expect(notes).toHaveLength(events.length);
  expect(store.all().filter((i) => i.type === 'digest')).toEqual([]);
  const inEmails = new Map<string, number>();
  for (const { email } of sent)
    for (const title of titles.keys())
      if (new RegExp(`\\b${title}\\b`).test(`${email.subject}\n${email.text}`)) inEmails.set(title, (inEmails.get(title) ?? 0) + 1);
  for (const n of notes) {
    expect(['sent', 'skipped', 'failed', 'unconfirmed', 'digested']).toContain(n.email);
    expect(n.GSI1PK).toBeUndefined();
    const count = inEmails.get(String(n.title)) ?? 0;
    expect(count).toBeLessThanOrEqual(1);
    if (n.email === 'sent') expect(count).toBe(1);
    if (n.email === 'skipped' || n.email === 'failed') expect(count).toBe(0);
    const { person, category } = titles.get(String(n.title))!;
    if (PEOPLE[person].off.includes(category) || PEOPLE[person].address === 'bounced@example.com') expect(n.email).toBe('skipped');
    if (n.email === 'sent') reached.sent++;
    if (n.digest) reached.held++;
  }
  // At most one email per category per hour per person, none inside quiet hours.
  const last = new Map<string, number>();
  for (const { email, at } of sent) {
    const person = PEOPLE.find((p) => p.address === email.to[0])!;
    expect(person).toBeDefined();
    if (person === PEOPLE[TRANSACTIONAL]) {
      expect(email.unsubscribeUrl).toBeUndefined();
      continue;
    }
    expect(email.unsubscribeUrl).toMatch(/^https:\/\/drift\.example\/api\/notifications\/unsubscribe\?r=/);
    const category = email.tags?.category as Category;
    const k = `${email.to[0]}|${category}`;
    if (last.has(k)) expect(at - last.get(k)!).toBeGreaterThanOrEqual(3_600_000);
    last.set(k, at);
    expect(inQuietHours(new Date(at).toISOString(), person.timeZone, person.quiet)).toBe(false);
    if (email.tags?.digest) reached.digests++;
  }
  // Unread counts equal the notices.
  for (const p of PEOPLE.slice(0, TRANSACTIONAL)) {
    const r = recipientKey(p.recipient);
    const state = store.items.get(keyString(keys.notifyState(r)));
    expect(Number(state?.unread ?? 0)).toBe(events.filter((e) => e.person === PEOPLE.indexOf(p)).length);
  }
  reached.runs++;
}

describe('the outbox', () => {
  it('sends every notice at most once, one email per category per hour, never in quiet hours', async () => {
    await fc.assert(fc.asyncProperty(fc.array(evArb, { minLength: 1, maxLength: 14 }), fc.array(stepArb, { maxLength: 12 }), fc.nat(2 ** 30), runCase), {
      numRuns: 100,
    });
    // The runs met what the property is about.
    expect(reached.sent).toBeGreaterThan(20);
    // Notices held (for the hour or quiet hours) and sent later, alone or several in one digest.
    expect(reached.held).toBeGreaterThan(0);
    expect(reached.refused).toBeGreaterThan(0);
    expect(reached.lost).toBeGreaterThan(0);
  });
});
