// Notifications in Chromium against local mode (issue 26): the demo collective invites a new
// athlete (the invite is emailed), who claims it; the collective submits a card (twice, as a retried
// request) and the athlete's bell and the local mailbox show it once; the athlete approves and the
// collective's bell tells it; the athlete stops these emails from the email's link and the next
// card is in the bell but not mailed; a fan whose order is delivered twice by Shopify becomes a Top
// Fan and is told once, in the bell and by one email. Every actor is new, so no other browser test's
// emails share their hour.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { NotificationsResponse } from '#shared/notifications/notifications-api';
import type { CreatedInvite } from '#shared/onboarding/onboarding-api';
import type { OwnerCard } from '#shared/cards/cards-api';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { signShopify } from '#lambdas/orders/webhook-secret';
import { baseUrl, useBrowserPage } from '../support/browser';
import { PNG, api, codeFor, cognito, eventually, localSeedDone, signInUi, tokenOf, url } from '../support/e2e-api';
import { adultSignUp } from '../support/age-screen';

jest.setTimeout(300_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const run = Date.now().toString(36);
interface Mail {
  subject: string;
  text: string | null;
  headers: Array<{ name: string; value: string }>;
}
const mailTo = async (address: string): Promise<Mail[]> =>
  ((await (await fetch(url(`/local-mail/api/messages?to=${encodeURIComponent(address)}`))).json()) as { messages: Mail[] }).messages;

async function upload(token: string): Promise<string> {
  const ticket = await api<{ uploadUrl: string; method: string; headers: Record<string, string>; imageUrl: string }>('/uploads', token, 'POST', {
    contentType: 'image/png',
    size: PNG.length,
  });
  const res = await fetch(new URL(ticket.uploadUrl, baseUrl()), { method: ticket.method, headers: ticket.headers, body: PNG });
  if (!res.ok) throw new Error(`upload: ${res.status}`);
  return ticket.imageUrl;
}

async function account(name: string, email: string): Promise<string> {
  await cognito('SignUp', { Username: name, Password: 'secret123', ...adultSignUp(email) });
  await cognito('ConfirmSignUp', { Username: name, ConfirmationCode: await codeFor(email) });
  return tokenOf(name, 'secret123');
}

describe('notifications through the bell and the local mailbox', () => {
  const athleteEmail = `nova.${run}@example.com`;
  const athleteUser = `nova${run}`;
  const fanEmail = `fan.${run}@example.com`;
  let collective: string;
  let athlete: string;
  let athleteId: number;
  let setId: number;
  const base = () => `/collectives/1/athletes/${athleteId}`;
  const newCard = async (name: string) =>
    api<OwnerCard>(`${base()}/cards`, collective, 'POST', {
      name,
      edition: 'Base',
      image: await upload(collective),
      description: 'E2E card',
      priceCents: 500,
      editionSize: 50,
      unlock: null,
      setId,
    });

  beforeAll(async () => {
    await localSeedDone();
    collective = await tokenOf('collective', 'collective');
  });

  it('emails the invite, and tells the athlete of a card to approve in the bell and by one email', async () => {
    const created = await api<{ id: number }>('/collectives/1/athletes', collective, 'POST', {
      name: `Nova Quinn ${run}`,
      sport: 'Basketball',
      position: 'Guard',
      number: '8',
    });
    athleteId = created.id;
    const invite = await api<CreatedInvite>('/collectives/1/invites', collective, 'POST', { athleteId, email: athleteEmail });
    const invited = await eventually(
      () => mailTo(athleteEmail),
      (m) => m.length > 0,
    );
    expect(invited[0].subject).toBe(`Your athlete profile on Drift: Nova Quinn ${run}`);
    expect(invited[0].text).toContain(`/claim/${invite.code}`);
    athlete = await account(athleteUser, athleteEmail);
    await api(`/invites/${invite.code}/claim`, athlete, 'POST', {});
    athlete = await tokenOf(athleteUser, 'secret123');
    setId = (await api<{ id: number }>(`${base()}/sets`, collective, 'POST', { name: `Bell ${run}` })).id;
    const card = await newCard(`Bell card ${run}`);
    // Submitted twice at once (a retried request): one notice, one email.
    await Promise.all([api(`${base()}/cards/${card.id}/submit`, collective, 'POST'), api(`${base()}/cards/${card.id}/submit`, collective, 'POST')]);
    const subject = `A card waits for your approval: “Bell card ${run}”`;
    const mails = await eventually(
      () => mailTo(athleteEmail),
      (m) => m.some((x) => x.subject === subject),
    );
    expect(mails.filter((m) => m.subject === subject)).toHaveLength(1);

    await signInUi(page, athleteUser, 'secret123', '/athlete');
    const bell = page.getByRole('button', { name: /^Notifications, 1 unread$/ });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText(subject).waitFor();
    // Opening the bell reads what it shows.
    await page.getByRole('button', { name: /^Notifications$/ }).waitFor();
    // The local mailbox's page shows the same message.
    await page.goto(url(`/local-mail/?to=${encodeURIComponent(athleteEmail)}`));
    await page.getByText(subject).first().waitFor();
  });

  it('tells the collective that the athlete approved the card', async () => {
    const owned = await api<{ cards: OwnerCard[] }>(`/athletes/${athleteId}/cards`, athlete);
    const card = owned.cards.find((c) => c.name === `Bell card ${run}`)!;
    await api(`/athletes/${athleteId}/cards/${card.id}/approve`, athlete, 'POST', { imageHash: card.imageHash });
    await signInUi(page, 'collective', 'collective', '/collective');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText(`Nova Quinn ${run} approved “Bell card ${run}”`).waitFor();
  });

  it('stops a kind of email from the email’s link: the next one is in the bell, not in the mailbox', async () => {
    const mail = (await mailTo(athleteEmail)).find((m) => m.subject.startsWith('A card waits'))!;
    expect(mail.headers).toEqual(
      expect.arrayContaining([
        { name: 'List-Unsubscribe', value: expect.stringMatching(/^<http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?r=A\d+&c=card_submitted&t=/) },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]),
    );
    const link = /Stop these emails: (\S+)/.exec(mail.text ?? '')![1];
    await page.goto(link);
    await page.getByRole('button', { name: 'Stop these emails' }).click();
    await page.getByText('Done: no more “A card waits for your approval” emails.').waitFor();

    const card = await newCard(`After unsubscribe ${run}`);
    await api(`${base()}/cards/${card.id}/submit`, collective, 'POST');
    const notices = await eventually(
      () => api<NotificationsResponse>('/me/notifications', athlete),
      (n) => n.items.some((i) => i.title.includes(`After unsubscribe ${run}`) && i.email !== 'waiting'),
    );
    expect(notices.items.find((i) => i.title.includes(`After unsubscribe ${run}`))).toMatchObject({ category: 'card_submitted', email: 'off' });
    expect((await mailTo(athleteEmail)).filter((m) => m.subject.startsWith('A card waits'))).toHaveLength(1);
  });

  it('tells a fan who became a Top Fan once, though Shopify delivered the order twice', async () => {
    // The card on sale in a set of its own, closed: holding it makes a Top Fan.
    const owned = await api<{ cards: OwnerCard[] }>(`/athletes/${athleteId}/cards`, athlete);
    const card = owned.cards.find((c) => c.name === `Bell card ${run}`)!;
    const published = await api<OwnerCard>(`${base()}/cards/${card.id}/publish`, collective, 'POST', {});
    await api(`${base()}/sets/${setId}/close`, collective, 'POST');
    const fan = await account(`fan${run}`, fanEmail);
    await api('/me/notifications', fan); // the fan's bell, read once: its address is known
    const body = orderPayload({
      id: String(8_000_000_000 + Math.floor(Math.random() * 1_000_000)),
      createdAt: new Date().toISOString(),
      email: fanEmail,
      lines: [{ id: '1', productId: published.shopifyProductId, title: published.name, quantity: 1, price: '5.00' }],
    });
    const deliver = (webhookId: string) =>
      fetch(url('/api/webhooks/shopify'), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/paid',
          'x-shopify-hmac-sha256': signShopify(body, process.env.SHOPIFY_WEBHOOK_SECRET ?? 'local-dev-shopify-secret'),
          'x-shopify-webhook-id': webhookId,
          'x-shopify-shop-domain': 'local.myshopify.com',
        },
        body,
      });
    const id = randomUUID();
    // The same delivery twice (a Shopify retry), and once more under another delivery id.
    expect((await Promise.all([deliver(id), deliver(id)])).map((r) => r.status)).toEqual([200, 200]);
    expect((await deliver(randomUUID())).status).toBe(200);
    const subject = `You are a Top Fan of Nova Quinn ${run}`;
    const mails = await eventually(
      () => mailTo(fanEmail),
      (m) => m.some((x) => x.subject === subject),
    );
    await new Promise((r) => setTimeout(r, 3000));
    expect((await mailTo(fanEmail)).filter((m) => m.subject === subject)).toHaveLength(1);
    expect(mails.length).toBeGreaterThan(0);
    const bell = await api<NotificationsResponse>('/me/notifications', fan);
    expect(bell.items.filter((i) => i.category === 'top_fan')).toHaveLength(1);
  });
});
