// The athlete's business in Chromium against local mode: approvals of cards the collective
// submitted through the API, the Payouts tab and a statement after a sale and a paid payout, an
// invite claimed by an account signed up in the browser, and a profile request from /create-profile
// that the collective accepts. (NIL Go's alert, on money paid rather than earned: nil-go.test.ts.)
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AthletePayoutsResponse, PayoutBatchView } from '#shared/money/payouts-api';
import type { CheckoutResponse } from '#shared/sales/sales-api';
import type { CreatedInvite, ProfileRequestsResponse } from '#shared/onboarding/onboarding-api';
import type { OwnerCard, OwnerCardsResponse } from '#shared/cards/cards-api';
import { baseUrl, useBrowserPage } from '../support/browser';
import { PNG, api, codeFor, cognito, eventually, signInUi, signUpUi, tokenOf as signInToken, url } from '../support/e2e-api';
import { adultSignUp } from '../support/age-screen';

jest.setTimeout(120_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const run = `${Date.now().toString(36)}`;

const tokens = new Map<string, string>();
async function tokenOf(username: string, password: string): Promise<string> {
  const cached = tokens.get(username);
  if (cached) return cached;
  const token = await signInToken(username, password);
  tokens.set(username, token);
  return token;
}
const collective = () => tokenOf('collective', 'collective');
const athlete = () => tokenOf('athlete', 'athlete');

async function upload(token: string): Promise<string> {
  const ticket = await api<{ uploadUrl: string; method: string; headers: Record<string, string>; imageUrl: string }>('/uploads', token, 'POST', {
    contentType: 'image/png',
    size: PNG.length,
  });
  const res = await fetch(new URL(ticket.uploadUrl, baseUrl()), { method: ticket.method, headers: ticket.headers, body: PNG });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ticket.imageUrl;
}

let openSetId: number | null = null;
/** A card of athlete 1 made and submitted by the collective: pending the athlete's approval. */
async function submittedCard(name: string, priceCents: number, editionSize: number | null): Promise<OwnerCard> {
  const token = await collective();
  if (openSetId === null) {
    const owned = await api<OwnerCardsResponse>('/collectives/1/athletes/1/cards', token);
    openSetId =
      owned.sets.find((s) => s.closedAt === null)?.id ??
      (await api<{ id: number }>('/collectives/1/athletes/1/sets', token, 'POST', { name: `E2E ${run}` })).id;
  }
  const image = await upload(token);
  const card = await api<OwnerCard>('/collectives/1/athletes/1/cards', token, 'POST', {
    name,
    edition: 'Base',
    image,
    description: 'E2E card',
    priceCents,
    editionSize,
    unlock: null,
    setId: openSetId,
  });
  return api<OwnerCard>(`/collectives/1/athletes/1/cards/${card.id}/submit`, token, 'POST');
}

const signIn = (username: string, password: string, next = '') => signInUi(page, username, password, next);

const today = () => new Date().toISOString().slice(0, 10);

describe("the athlete's business in the browser", () => {
  it('approves a pending card and rejects another with a reason', async () => {
    const approveMe = await submittedCard(`Approve me ${run}`, 1200, 50);
    const rejectMe = await submittedCard(`Reject me ${run}`, 1500, 20);
    await signIn('athlete', 'athlete');
    await page.goto(url('/athlete?tab=approvals'));
    await page.getByRole('list', { name: 'Cards waiting for your approval' }).waitFor();
    await page.getByRole('img', { name: `Card image of ${approveMe.name}` }).waitFor();
    await page.getByRole('button', { name: `Approve ${approveMe.name}` }).click();
    await page.getByText(`Approved ${approveMe.name}. The collective can now publish it.`).waitFor();

    await page.getByRole('button', { name: `Reject ${rejectMe.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${rejectMe.name}` });
    await dialog.getByRole('button', { name: 'Reject card' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel(/^Reason/).fill('The jersey number is wrong');
    await dialog.getByRole('button', { name: 'Reject card' }).click();
    await page.getByText(`Rejected ${rejectMe.name}. The collective sees your reason.`).waitFor();
    await page.getByRole('table', { name: 'Cards you decided on, newest first' }).getByText('The jersey number is wrong', { exact: false }).waitFor();

    const after = await api<OwnerCardsResponse>('/collectives/1/athletes/1/cards', await collective());
    expect(after.cards.find((c) => c.id === approveMe.id)?.state).toBe('approved');
    expect(after.cards.find((c) => c.id === approveMe.id)?.approval?.imageHash).toBe(approveMe.imageHash);
    const rejected = after.cards.find((c) => c.id === rejectMe.id);
    expect(rejected?.state).toBe('rejected');
    expect(rejected?.rejectionReason).toBe('The jersey number is wrong');
  });

  it('shows the payouts and a statement after a sale and a paid payout', async () => {
    const athleteToken = await athlete();
    const before = await api<AthletePayoutsResponse>('/athletes/1/payouts', athleteToken);
    // Other browser tests on this local mode may have left athlete 1 owed nothing or less (a refund
    // after a payout: new earnings pay a negative balance back first). Sell until something is owed.
    let sale = await api<CheckoutResponse>('/checkout', null, 'POST', { athleteId: 1, cardId: 1, quantity: 2 });
    let earned = before.earnedCents;
    for (let attempt = 0; ; attempt++) {
      const settled = await eventually(
        () => api<AthletePayoutsResponse>('/athletes/1/payouts', athleteToken),
        (p) => p.earnedCents > earned,
      );
      if (settled.balanceCents > 0) break;
      if (attempt === 5) throw new Error(`athlete 1 is still owed nothing (balance ${settled.balanceCents} cents)`);
      earned = settled.earnedCents;
      sale = await api<CheckoutResponse>('/checkout', null, 'POST', { athleteId: 1, cardId: 1, quantity: 10 });
    }
    await eventually(
      () => api<{ items: Array<{ orderName: string }> }>('/athletes/1/orders?limit=5', athleteToken),
      (o) => o.items.some((l) => l.orderName === sale.orderName),
    );
    // A period not over yet pays up to the batch's creation, so the sale settled a moment ago is in
    // it (the seed's batch paid through Stripe already took the seeded allocation).
    const periodEnd = new Date(Date.now() + 1000).toISOString();
    const periodStart = new Date(Date.now() - 300 * 86_400_000).toISOString();
    const batch = await api<PayoutBatchView>('/collectives/1/payouts/batches', await collective(), 'POST', {
      periodStart,
      periodEnd,
      idempotencyKey: `e2e-batch-${run}`,
    });
    const reference = `E2E-PAID-${run}`;
    await api('/collectives/1/payouts/batches/' + batch.batchId + '/payouts/1', await collective(), 'POST', {
      status: 'paid',
      date: today(),
      reference,
      idempotencyKey: `e2e-paid-${run}`,
    });
    const after = await eventually(
      () => api<AthletePayoutsResponse>('/athletes/1/payouts', tokens.get('athlete')!),
      (p) => p.payouts.some((l) => l.paidReference === reference),
    );
    expect(after.paidOutCents).toBeGreaterThan(before.paidOutCents);

    await signIn('athlete', 'athlete');
    await page.goto(url('/athlete?tab=payouts'));
    const received = page.getByRole('table', { name: 'Payouts, newest first' });
    await received.getByText(reference).waitFor();
    await page.goto(url('/athlete?tab=statement'));
    // The lines of the month, a page at a time: the sale is on one of them.
    const lines = page.getByRole('table', { name: /^Statement lines/ });
    const next = page.getByRole('navigation', { name: 'Statement pages' }).getByRole('button', { name: 'Next' });
    await lines.waitFor();
    for (let i = 0; i < 20 && (await lines.getByText(sale.orderName, { exact: true }).count()) === 0; i++) {
      const shown = await lines.locator('caption').textContent();
      await next.click();
      await eventually(
        () => lines.locator('caption').textContent(),
        (caption) => caption !== shown,
      );
    }
    await lines.getByText(sale.orderName, { exact: true }).waitFor();
    // The browser's print of the tab shows the statement only.
    await page.emulateMedia({ media: 'print' });
    const visibility = (id: string) => page.evaluate(`getComputedStyle(document.getElementById('${id}')).visibility`);
    expect(await visibility('ap-statement')).toBe('visible');
    expect(await visibility('statement-title')).toBe('hidden');
    await page.emulateMedia({ media: 'screen' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv).toContain(sale.orderName);
    expect(csv).toContain('Closing balance');
  });

  it('claims an invite with an account signed up in the browser and lands on the athlete panel', async () => {
    const email = `invited.${run}@example.com`;
    const invite = await api<CreatedInvite>('/collectives/1/invites', await collective(), 'POST', { athleteId: 2, email });
    await page.goto(url(invite.claimPath));
    await page.getByRole('heading', { name: 'Claim your athlete profile' }).waitFor();
    await signUpUi(page, `invited${run}`, email);
    await page.waitForURL((u) => u.pathname === invite.claimPath);
    await page.getByRole('heading', { name: invite.athleteName }).waitFor();
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.waitForURL((u) => u.pathname === '/athlete');
    await page.getByRole('heading', { level: 1, name: invite.athleteName }).waitFor();
    await page.getByRole('tab', { name: /^Cards & approvals/ }).waitFor();
  });

  it('sends a profile request from /create-profile and shows it accepted once the collective accepts it', async () => {
    const email = `requester.${run}@example.com`;
    const username = `requester${run}`;
    await cognito('SignUp', { Username: username, Password: 'secret123', ...adultSignUp(email) });
    await cognito('ConfirmSignUp', { Username: username, ConfirmationCode: await codeFor(email) });
    const school = (await api<{ school: { name: string } }>('/collectives/1', await collective())).school.name;

    await page.goto(url('/create-profile'));
    await page.getByText(/Sign in to send your profile/).waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.getByLabel(/^Username or email/).fill(username);
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/create-profile');
    const name = `Rookie ${run}`;
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Sport/).selectOption('Soccer');
    await page.getByLabel(/^School/).selectOption({ label: school });
    await page.getByLabel(/^Position/).fill('Winger');
    await page.getByLabel(/^Profile image/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.getByText(/^Profile received/).waitFor();
    await page.getByRole('status').filter({ hasText: 'Pending' }).waitFor();

    const requests = await api<ProfileRequestsResponse>('/collectives/1/profile-requests', await collective());
    const request = requests.items.find((r) => r.name === name)!;
    expect(request.image).toMatch(/^\/(uploads|api\/uploads\/local)\//);
    await api(`/collectives/1/profile-requests/${request.id}/accept`, await collective(), 'POST', { number: '77' });
    await page.reload();
    await page.getByText('Accepted', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open your athlete panel' }).click();
    await page.waitForURL((u) => u.pathname === '/athlete');
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });

  it('keeps the new tabs and pages within 375 px, for the athlete and in the read-only demo', async () => {
    const measure = `(() => {
      const vw = document.documentElement.clientWidth;
      const offenders = [];
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if ((r.width === 0 && r.height === 0) || r.right <= vw + 0.5 || r.right <= 0) continue;
        let clipped = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') { clipped = true; break; }
        if (!clipped) offenders.push(el.tagName.toLowerCase() + '.' + String(el.className) + ' ' + Math.round(r.right));
      }
      return { scrollWidth: document.documentElement.scrollWidth, offenders: offenders.slice(0, 8) };
    })()`;
    const check = async (route: string, ready: string) => {
      await page.goto(url(route));
      await page.getByText(ready, { exact: false }).first().waitFor();
      const result = (await page.evaluate(measure)) as { scrollWidth: number; offenders: string[] };
      return result.scrollWidth > 375 || result.offenders.length > 0 ? [{ route, ...result }] : [];
    };
    await page.setViewportSize({ width: 375, height: 740 });
    const failures = [
      ...(await check('/demo/athlete', 'Recent Orders')),
      ...(await check('/demo/athlete?tab=cards', 'Sale state')),
      ...(await check('/demo/athlete?tab=approvals', 'Decided')),
      ...(await check('/demo/athlete?tab=disclosure', 'Nature of the services')),
      ...(await check('/create-profile', 'Sign in to send your profile')),
      ...(await check('/claim/abcdefghijklmnopqrstuvwx', 'Sign in or create an account')),
    ];
    await signIn('athlete', 'athlete');
    failures.push(...(await check('/athlete?tab=approvals', 'Decided')), ...(await check('/athlete?tab=disclosure', 'Nature of the services')));
    expect(failures).toEqual([]);
  });
});
