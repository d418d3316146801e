// Bounces and complaints (lambdas/notifications/notify-bounces.handler.ts): a permanent bounce or a
// complaint suppresses the address (by its hash), a transient bounce does not; the sender then skips
// the address and keeps the in-app entry.
import { recordSesEvent, suppressionsOf } from '#lambdas/notifications/notify-bounces.handler';
import { createSender } from '#lambdas/notifications/sender';
import { eventWrites } from '#lambdas/notifications/event-writes';
import { hashEmail } from '#lambdas/identity/buyers';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';

describe('SES events', () => {
  it('suppresses permanent bounces and complaints only', () => {
    expect(suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'a@example.com' }] } })).toEqual({
      addresses: ['a@example.com'],
      reason: 'bounce',
    });
    expect(suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'a@example.com' }] } })).toBeNull();
    expect(suppressionsOf({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'b@example.com' }] } })).toEqual({
      addresses: ['b@example.com'],
      reason: 'complaint',
    });
    expect(suppressionsOf({ eventType: 'Delivery' })).toBeNull();
  });

  it('never mails a suppressed address again; the notice stays in-app', async () => {
    const store = createMemoryStore();
    await store.write({ put: { ...keys.notifyPrefs('A7'), address: 'gone@example.com' } });
    expect(
      await recordSesEvent(store, { eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'Gone@Example.com' }] } }),
    ).toBe(1);
    expect(store.items.get(keyString(keys.suppressedAddress(hashEmail('gone@example.com'))))).toMatchObject({ reason: 'bounce' });
    // Only the hash of the address is stored for the suppression.
    expect(JSON.stringify(store.items.get(keyString(keys.suppressedAddress(hashEmail('gone@example.com')))))).not.toContain('gone@');
    const at = '2026-11-20T12:00:00.000Z';
    await store.transact(
      eventWrites({
        id: 'ev-1',
        at,
        actor: { role: 'system', sub: null, label: 'Drift' },
        action: 'test',
        summary: 'test',
        subject: { type: 'card', id: '1' },
        auditCollectiveId: null,
        notices: [{ category: 'payout_paid', recipients: [{ kind: 'athlete', athleteId: 7 }], title: 'Paid', body: 'Paid', link: null }],
      }),
    );
    const sent: unknown[] = [];
    const sender = createSender({
      store,
      mailer: () => ({ send: async (e) => (sent.push(e), 'id') }),
      now: () => new Date(at),
      site: () => 'https://drift.example',
      secret: async () => 'x'.repeat(32),
    });
    for (const key of await sender.sweep()) expect(await sender.deliver(key)).toBe('skipped');
    expect(sent).toEqual([]);
    expect(store.items.get(keyString(keys.note('A7', at, 'ev-1')))).toMatchObject({ email: 'skipped', reason: 'suppressed', title: 'Paid' });
  });
});
