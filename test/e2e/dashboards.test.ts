// Browser tests of the three dashboards against local mode: real clicks, the real API, DynamoDB Local.
import { api, eventually, localSeedDone, signInUi, url } from '../support/e2e-api';
import { writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { AthleteStatsResponse, CollectiveStatsResponse } from '#shared/sales/sales-api';
import type { AthletePayoutsResponse } from '#shared/money/payouts-api';
import { formatUsd } from '#shared/platform/money';
import { useBrowserPage } from '../support/browser';

jest.setTimeout(90_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

/** A public read (no token). */
const read = <T>(p: string) => api<T>(p, null);

/** Settlement is asynchronous: reads until `done` holds, or gives the last reading after 10 s. */
const settledRead = <T>(p: string, done: (value: T) => boolean) => eventually(() => read<T>(p), done, 10_000);

const signIn = (username: string, password: string) => signInUi(page, username, password);

describe('dashboards in the browser', () => {
  it("moves the athlete's and the collective's figures after a purchase", async () => {
    // Figures read before local mode's seed has finished would move under the test.
    await localSeedDone();
    const before = await read<AthleteStatsResponse>('/athletes/1/stats');
    const collectiveBefore = await read<CollectiveStatsResponse>('/demo/collectives/1/stats');

    // The Base card ($3): always on sale (the Signature card is locked until local mode's seed has
    // sold enough Gold, which a test run may start before).
    const res = await fetch(url('/api/checkout'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ athleteId: 1, cardId: 1 }),
    });
    expect(res.ok).toBe(true);

    // The webhook accepts at once and the settle step applies the order moments later (the
    // table's stream in AWS, in-process here); local mode may still be seeding sample orders, so
    // the figures move by at least this purchase.
    const after = await settledRead<AthleteStatsResponse>('/athletes/1/stats', (s) => s.totalCardsSold >= before.totalCardsSold + 1);
    expect(after.totalCardsSold).toBeGreaterThanOrEqual(before.totalCardsSold + 1);
    expect(after.totalRevenueCents).toBeGreaterThanOrEqual(before.totalRevenueCents + 300);

    await page.goto(url('/demo/athlete'));
    const sales = page.getByLabel('Sales dashboard');
    await sales.getByText(String(after.totalCardsSold), { exact: true }).waitFor();
    await sales.getByText(formatUsd(after.totalRevenueCents), { exact: true }).waitFor();
    // Home's one earnings figure: everything earned (the 97% of card sales and the donations allocated).
    const money = await read<AthletePayoutsResponse>('/demo/athletes/1/payouts');
    expect(money.earnedCents).toBeGreaterThanOrEqual(after.earningsCents);
    await sales.getByText(formatUsd(money.earnedCents), { exact: true }).waitFor();
    const recent = page.getByRole('table', { name: 'Recent orders, newest first' });
    expect(await recent.getByRole('row').count()).toBeLessThanOrEqual(6);

    const collectiveAfter = await settledRead<CollectiveStatsResponse>(
      '/demo/collectives/1/stats',
      (s) => s.tiles.athleteTransactions >= collectiveBefore.tiles.athleteTransactions + 1,
    );
    expect(collectiveAfter.tiles.athleteTransactions).toBeGreaterThanOrEqual(collectiveBefore.tiles.athleteTransactions + 1);
    await page.goto(url('/demo/collective'));
    const tiles = page.getByLabel('Collective figures');
    await tiles.getByText(String(collectiveAfter.tiles.athleteTransactions), { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Athletes' }).click();
    const row = page.getByRole('row', { name: /Marcus Reed/ });
    await row.getByText(formatUsd(collectiveAfter.athletes.find((a) => a.athleteId === 1)!.revenueCents), { exact: true }).waitFor();
  });

  it('creates, edits and deletes a post that survives a reload', async () => {
    await signIn('athlete', 'athlete');
    await page.goto(url('/athlete?tab=posts'));
    const text = `Game day ${Date.now()}`;
    await page.getByPlaceholder("What's happening?").fill(text);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    // The post in the list (the box may still hold the text for a moment).
    await page.getByTestId('post').filter({ hasText: text }).waitFor();

    await page.reload();
    const post = page.getByTestId('post').filter({ hasText: text });
    await post.waitFor();
    await post.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Edit post').fill(`${text} (edited)`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`${text} (edited)`, { exact: true }).waitFor();

    await page.reload();
    const edited = page.getByTestId('post').filter({ hasText: `${text} (edited)` });
    await edited.waitFor();
    await edited.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Post?' });
    await dialog.getByText('This cannot be undone and your post will be removed from your profile.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await edited.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByPlaceholder("What's happening?").waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(`${text} (edited)`).count()).toBe(0);
  });

  it('adds an athlete with an image and finds it in search', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-img-'));
    const png = path.join(dir, 'photo.png');
    // A 1x1 PNG.
    await writeFile(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    const name = `Zoe Park ${Date.now() % 100000}`;

    await signIn('collective', 'collective');
    await page.goto(url('/collective?section=settings'));
    await page.getByRole('tab', { name: 'Add Athlete Profile' }).click();
    await page.getByLabel('Athlete Name').fill(name);
    await page.getByLabel('Sport').selectOption('Soccer');
    await page.getByLabel('Position').fill('Forward');
    await page.getByLabel('Player Number').fill('9');
    await page.getByLabel('Profile Image').setInputFiles(png);
    await page.getByRole('button', { name: 'Add Athlete' }).click();
    await page.getByText(`${name} was added to the collective.`).waitFor();

    await page.goto(url(`/demo/search?query=${encodeURIComponent(name)}`));
    const card = page.getByRole('article', { name });
    await card.waitFor();
    const src = await card.getByRole('img').first().getAttribute('src');
    expect(src).toMatch(/^\/api\/uploads\/local\/.+\.png$/);
    const image = await fetch(url(src!));
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('saves school colours and shows them on the school page', async () => {
    await signIn('collective', 'collective');
    await page.goto(url('/collective?section=settings'));
    await page.getByRole('tab', { name: 'School Colors' }).click();
    await page.getByLabel('Primary Color', { exact: true }).fill('#0A7A33');
    await page.getByRole('button', { name: 'Save Colors' }).click();
    await page.getByText('Colors saved for Drift State University.').waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'School Colors' }).click();
    expect(await page.getByLabel('Primary Color', { exact: true }).inputValue()).toBe('#0A7A33');

    await page.goto(url('/school/2'));
    await page.getByRole('heading', { name: 'Drift State University' }).first().waitFor();
    const html = await page.content();
    expect(html.toLowerCase()).toMatch(/#0a7a33|rgb\(10, 122, 51\)/);
  });
});
