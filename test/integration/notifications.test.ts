// Notifications and the audit log on DynamoDB Local (docs/decisions/0025): actions write their
// events in their own transactions; the sender (the same code the sender function and local mode
// run) emails the outbox through a recording mailer; the notifications function serves the bell,
// seen, preferences, one-click unsubscribe and the collective's audit log and CSV, each to its
// owner only.
import { handler as onboarding } from '#lambdas/onboarding/onboarding.handler';
import { handler as notifications } from '#lambdas/notifications/notifications.handler';
import { handler as cards } from '#lambdas/cards/cards.handler';
import { createSender } from '#lambdas/notifications/sender';
import { resetNotifySettings, unsubscribeQuery } from '#lambdas/notifications/notify-settings';
import type { Email, Mailer } from '#lambdas/platform/mailer';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore } from '#lambdas/platform/store';
import { hashEmail } from '#lambdas/identity/buyers';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestTable, type TestTable } from '../support/dynamo';
import { useRecordingIdentityAdmin } from '../support/identity-admin';
import { claimsFor, invoke } from '../support/invoke';

jest.setTimeout(60_000);

const SECRET = 'integration-notifications-signing-key-0123456789';

describe('notifications on DynamoDB Local', () => {
  let table: TestTable;
  let uploads: string;
  const sent: Email[] = [];
  const mailer: Mailer = {
    async send(email) {
      sent.push(email);
      return `msg-${sent.length}`;
    },
  };
  const sender = createSender({
    store: dynamoStore,
    mailer: () => mailer,
    now: () => new Date(),
    site: () => 'https://drift.example',
    secret: async () => SECRET,
  });
  const deliverAll = async () => {
    for (let pass = 0; pass < 3; pass++) for (const key of await sender.sweep()) await sender.deliver(key);
  };
  const athlete = claimsFor.athlete(10);
  const collective = claimsFor.collective(1);

  beforeAll(async () => {
    table = await createTestTable();
    useRecordingIdentityAdmin();
    uploads = await mkdtemp(path.join(tmpdir(), 'drift-notify-'));
    process.env.UPLOADS_DIR = uploads;
    await writeFile(
      path.join(uploads, '00000000-0000-4000-8000-000000000026.png'),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('card')]),
    );
    process.env.NOTIFY_SIGNING_SECRET = SECRET;
    process.env.SITE_URL = 'https://drift.example';
    resetNotifySettings();
  });
  afterAll(async () => {
    delete process.env.NOTIFY_SIGNING_SECRET;
    delete process.env.SITE_URL;
    delete process.env.UPLOADS_DIR;
    resetNotifySettings();
    await rm(uploads, { recursive: true, force: true });
    await table.drop();
  });

  it('emails an invite once, keeps no copy of its link, and tells the collective in the bell', async () => {
    const created = await invoke(onboarding, 'POST /api/collectives/{id}/invites', {
      pathParameters: { id: '1' },
      claims: collective,
      body: JSON.stringify({ athleteId: 10, email: 'riley@example.com' }),
    });
    expect(created.status).toBe(201);
    await deliverAll();
    await deliverAll();
    const invites = sent.filter((e) => e.to[0] === 'riley@example.com');
    expect(invites).toHaveLength(1);
    expect(invites[0].text).toContain(`https://drift.example/claim/${created.body.code}`);
    expect(invites[0].unsubscribeUrl).toBeUndefined();
    // The notice on the address keeps no copy of the code once the email went.
    const stored = await dynamoStore.query(keys.notifyPartition(`E${hashEmail('riley@example.com')}`), 10);
    expect(JSON.stringify(stored)).not.toContain(created.body.code);
    // Nor the address: it was kept only until the email was decided.
    expect(JSON.stringify(stored)).not.toContain('riley@example.com');
    expect(stored[0]).toMatchObject({ email: 'sent', transactional: true });
    // The collective's bell has the invite; its address is not known yet, so no email to it.
    const bell = await invoke(notifications, 'GET /api/me/notifications', { claims: collective });
    expect(bell.status).toBe(200);
    expect(bell.body.items.map((n: { category: string }) => n.category)).toEqual(['invite_sent']);
    expect(bell.body.unread).toBe(1);
  });

  it('tells the athlete of a card to approve by bell and email, once, with a working one-click unsubscribe', async () => {
    // The athlete's account reads its bell once: its address is recorded.
    expect((await invoke(notifications, 'GET /api/me/notifications', { claims: athlete })).body).toMatchObject({ items: [], unread: 0 });
    const set = await invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/sets', {
      pathParameters: { id: '1', athleteId: '10' },
      claims: collective,
      body: JSON.stringify({ name: 'Notify set' }),
    });
    const card = await invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/cards', {
      pathParameters: { id: '1', athleteId: '10' },
      claims: collective,
      body: JSON.stringify({
        name: 'Notify',
        edition: 'Gold',
        image: '/api/uploads/local/00000000-0000-4000-8000-000000000026.png',
        description: 'x',
        priceCents: 500,
        editionSize: 10,
        unlock: null,
        setId: set.body.id,
      }),
    });
    expect(card.status).toBe(201);
    const submit = () =>
      invoke(cards, 'POST /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/submit', {
        pathParameters: { id: '1', athleteId: '10', cardId: String(card.body.id) },
        claims: collective,
      });
    expect((await submit()).status).toBe(200);
    // A retried submit (the same request again) records nothing more.
    expect((await submit()).status).toBe(200);
    sent.length = 0;
    await deliverAll();
    await deliverAll();
    expect(sent.map((e) => [e.to[0], e.subject])).toEqual([['athlete10@example.com', 'A card waits for your approval: “Notify”']]);
    const bell = await invoke(notifications, 'GET /api/me/notifications', { claims: athlete });
    expect(bell.body.unread).toBe(1);
    expect(bell.body.items[0]).toMatchObject({ category: 'card_submitted', unread: true, link: '/athlete?tab=approvals' });

    // Seen: the badge goes to 0 and the entry is read.
    const seen = await invoke(notifications, 'POST /api/me/notifications/seen', { claims: athlete, body: JSON.stringify({ upTo: bell.body.items[0].id }) });
    expect(seen.body).toEqual({ unread: 0 });
    expect((await invoke(notifications, 'GET /api/me/notifications', { claims: athlete })).body.items[0].unread).toBe(false);

    // One-click unsubscribe: a forged token changes nothing; the signed one turns the category off.
    const url = new URL(sent[0].unsubscribeUrl!);
    const forged = await invoke(notifications, 'POST /api/notifications/unsubscribe', {
      query: { r: 'A10', c: 'card_submitted', t: 'x'.repeat(32) },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
    expect(Object.fromEntries(url.searchParams)).toEqual(Object.fromEntries(new URLSearchParams(unsubscribeQuery(SECRET, 'A10', 'card_submitted'))));
    const done = await invoke(notifications, 'POST /api/notifications/unsubscribe', {
      query: Object.fromEntries(url.searchParams),
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.body).toEqual({ category: 'card_submitted', label: 'A card waits for your approval' });
    const prefs = await invoke(notifications, 'GET /api/me/notification-preferences', { claims: athlete });
    expect(prefs.body.categories.find((c: { category: string }) => c.category === 'card_submitted')).toMatchObject({ email: false });
    expect(prefs.body.address).toBe('athlete10@example.com');
  });

  it('saves preferences with field errors named, for the account only', async () => {
    const bad = await invoke(notifications, 'PUT /api/me/notification-preferences', {
      claims: athlete,
      body: JSON.stringify({ email: {}, timeZone: 'Mars/Olympus', quietHours: { start: 22, end: 22 } }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      timeZone: 'Choose your time zone from the list.',
      quietHours: 'Quiet hours must start and end at different hours.',
    });
    const saved = await invoke(notifications, 'PUT /api/me/notification-preferences', {
      claims: athlete,
      body: JSON.stringify({ email: { payout_paid: false, card_submitted: true }, timeZone: 'America/Chicago', quietHours: { start: 21, end: 7 } }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ timeZone: 'America/Chicago', quietHours: { start: 21, end: 7 }, audiences: ['athlete', 'fan'] });
    expect(saved.body.categories.find((c: { category: string }) => c.category === 'payout_paid').email).toBe(false);
    expect((await invoke(notifications, 'GET /api/me/notifications', {})).status).toBe(401);
  });

  it('serves the collective its own audit log and a month of it as CSV, and no one else', async () => {
    const page = await invoke(notifications, 'GET /api/collectives/{id}/audit', { pathParameters: { id: '1' }, claims: collective });
    expect(page.status).toBe(200);
    expect(page.body.items.map((e: { action: string }) => e.action)).toEqual(['card.submitted', 'card.created', 'set.created', 'invite.created']);
    expect(page.body.items[0]).toMatchObject({
      actor: { role: 'collective', label: 'collective1@example.com' },
      before: { state: 'draft' },
      after: { state: 'pending' },
    });
    const month = page.body.items[0].at.slice(0, 7);
    const csv = await invoke(notifications, 'GET /api/collectives/{id}/audit/csv', { pathParameters: { id: '1' }, query: { month }, claims: collective });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe('at,action,summary,actor_role,actor,subject_type,subject_id,athlete_id,before,after,event_id');
    expect(lines).toHaveLength(5);
    expect((await invoke(notifications, 'GET /api/collectives/{id}/audit', { pathParameters: { id: '1' }, claims: claimsFor.collective(2) })).status).toBe(403);
    expect((await invoke(notifications, 'GET /api/collectives/{id}/audit', { pathParameters: { id: '1' }, claims: athlete })).status).toBe(403);
    const badMonth = await invoke(notifications, 'GET /api/collectives/{id}/audit/csv', {
      pathParameters: { id: '1' },
      query: { month: '2026-13' },
      claims: collective,
    });
    expect(badMonth.status).toBe(400);
  });
});
