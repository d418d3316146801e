// The fan's flows in Chromium against local mode, at 375 and 1280 px (issue 24 items 1, 2, 3, 6):
// the storefront shows cards on sale within the first screen and keeps the landing's words and
// links; Back follows the history; a collective's uploaded card is framed like a seeded card of its
// edition and tops the storefront once published; buying two of a card reveals two serials and the
// set's progress, then My Collection shows the newest purchase first, highlighted, with filters.
// Screenshots of each screen go to test-results/fans/ (looked at by whoever changes these screens).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { OwnerCard } from '#shared/cards/cards-api';
import type { StorefrontResponse } from '#shared/catalog/storefront-api';
import { baseUrl, useBrowserPage } from '../support/browser';
import { PNG, api, eventually, tokenOf, url } from '../support/e2e-api';

jest.setTimeout(180_000);

let page: Page;
useBrowserPage({ timeoutMs: 30_000, onPage: (p) => (page = p) });

const SHOTS = path.join(process.cwd(), 'test-results', 'fans');
mkdirSync(SHOTS, { recursive: true });
const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
const hydrated = () => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
const noSidewaysScroll = async () => expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
const run = Date.now().toString(36);

async function at(width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 500 ? 667 : 800 });
}

describe('the storefront, the front door', () => {
  it.each([375, 1280])(
    'shows cards on sale within the first screen at %i px, under the landing words, one link from the statement, chooser and pitch',
    async (width) => {
      await at(width);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url('/'));
      await page.getByRole('heading', { name: 'Let Your Fans Elevate Your Program' }).waitFor();
      const live = page.getByRole('region', { name: 'New & live' });
      // The cards are in the page's HTML (rendered on request with its data), before the app runs.
      const firstCard = live.getByRole('listitem').first();
      await firstCard.waitFor();
      const box = (await firstCard.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(width < 500 ? 667 : 800);
      expect(await firstCard.locator('figure.drift-card').count()).toBe(1);
      expect(await firstCard.textContent()).toMatch(/\$\d+\.\d\d.*(left|On sale)/);
      await hydrated();
      await noSidewaysScroll();
      expect(await page.getByRole('link', { name: 'ENTER' }).getAttribute('href')).toBe('/statement');
      expect(await page.getByRole('link', { name: "Who it's for" }).getAttribute('href')).toBe('/main');
      expect(await page.getByRole('link', { name: 'Pitch' }).getAttribute('href')).toBe('/drift-pitch');
      await page.getByRole('heading', { name: 'Featured Schools' }).waitFor();
      await page.getByRole('heading', { name: 'Featured Athletes' }).waitFor();
      // Nothing to go back to on the front door opened directly.
      expect(await page.getByRole('link', { name: 'Back', exact: true }).count()).toBe(0);
      await shot(`storefront-${width}`);
      expect(errors).toEqual([]); // no hydration mismatch (React reports one as a page error)

      // The card's page, then Back returns to the storefront (the browser's history).
      await firstCard.getByRole('link').click();
      await page.waitForURL(/\/athlete\/\d+\/card\/\d+$/);
      await page.getByRole('button', { name: 'Buy', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('link', { name: 'ENTER' }).click();
      await page.waitForURL('**/statement');
    },
  );

  it('Back falls back to the storefront on a page opened directly', async () => {
    await page.goto(url('/school/2'));
    await hydrated();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Let Your Fans Elevate Your Program' }).waitFor();
  });
});

describe("a collective's uploaded card", () => {
  it('is framed like a seeded card of its edition, and tops the storefront once published', async () => {
    const collective = await tokenOf('collective', 'collective');
    const ticket = await api<{ uploadUrl: string; method: string; headers: Record<string, string>; imageUrl: string }>('/uploads', collective, 'POST', {
      contentType: 'image/png',
      size: PNG.length,
    });
    const put = await fetch(new URL(ticket.uploadUrl, baseUrl()), { method: ticket.method, headers: ticket.headers, body: PNG });
    expect(put.ok).toBe(true);
    const set = await api<{ id: number }>('/collectives/1/athletes/1/sets', collective, 'POST', { name: `Moments ${run}` });
    const name = `Marcus Reed - Rivalry ${run}`;
    const created = await api<OwnerCard>('/collectives/1/athletes/1/cards', collective, 'POST', {
      name,
      edition: 'Gold',
      image: ticket.imageUrl,
      description: 'The rivalry catch',
      priceCents: 1500,
      editionSize: 25,
      unlock: null,
      setId: set.id,
    });
    const submitted = await api<OwnerCard>(`/collectives/1/athletes/1/cards/${created.id}/submit`, collective, 'POST');
    await api(`/athletes/1/cards/${created.id}/approve`, await tokenOf('athlete', 'athlete'), 'POST', { imageHash: submitted.imageHash });
    await api(`/collectives/1/athletes/1/cards/${created.id}/publish`, collective, 'POST', {});

    for (const width of [375, 1280]) {
      await at(width);
      await page.goto(url(`/athlete/1/card/${created.id}`));
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      const uploaded = page.locator('.purchase-art figure.drift-card');
      expect(await uploaded.getAttribute('data-edition')).toBe('gold');
      expect(await uploaded.getByRole('img').getAttribute('src')).toBe(ticket.imageUrl);
      expect(await uploaded.textContent()).toContain('Gold /25');
      expect(await uploaded.textContent()).toContain('Marcus Reed');
      expect(await uploaded.textContent()).not.toMatch(/legendary|level/i);
      const frameOf = (selector: string) =>
        page.evaluate(
          `(() => { const f = document.querySelector('${selector}'); const s = getComputedStyle(f); return [s.backgroundImage, s.borderRadius, s.padding].join(' | '); })()`,
        );
      const uploadedFrame = await frameOf('.purchase-art .drift-card-frame');
      await noSidewaysScroll();
      await shot(`uploaded-card-${width}`);
      // The seeded Gold card of the same athlete: the same frame.
      await page.goto(url('/athlete/1/card/2'));
      await page.getByRole('heading', { name: 'Marcus Reed - Card #2', level: 1 }).waitFor();
      expect(await page.locator('.purchase-art figure.drift-card').getAttribute('data-edition')).toBe('gold');
      expect(await frameOf('.purchase-art .drift-card-frame')).toBe(uploadedFrame);
    }
    // Published last: it is the storefront's newest card (its answer may be up to 20 s old).
    const front = await eventually(
      () => api<StorefrontResponse>('/storefront', null),
      (s) => s.live[0]?.card.name === name,
    );
    expect(front.live[0]).toMatchObject({ athlete: { id: 1 }, card: { id: created.id, edition: 'Gold', editionSize: 25 } });
  });
});

describe('buying two of a card', () => {
  it.each([
    [375, 12, 'Kendall Ross', 'Drift Tech'],
    [1280, 13, 'Riley Chen', 'Drift University'],
  ])(
    'at %i px reveals both serials and the set progress, then My Collection shows the newest first, highlighted, with filters',
    async (width, athleteId, athleteName, school) => {
      await at(width);
      const cardName = `${athleteName} - Card #1`;
      await page.goto(url(`/athlete/${athleteId}/card/1`));
      await page.getByRole('heading', { name: cardName, level: 1 }).waitFor();
      await hydrated();
      const left = await page.locator('#sale-status').textContent();
      expect(left).toMatch(/^\d+ of 500 left$/);
      const issued = 500 - Number(left!.split(' ')[0]);
      await page.getByRole('button', { name: 'One more' }).click();
      await page.getByText(`You'd get about #${issued + 1}–${issued + 2} / 500`).waitFor();
      await page.getByRole('button', { name: 'Buy', exact: true }).click();
      const review = page.getByRole('region', { name: 'Review your order' });
      await review.getByText('$5.00 × 2').waitFor();
      await review.getByText('$10.00').waitFor();
      await noSidewaysScroll();
      await shot(`review-${width}`);
      await review.getByRole('button', { name: 'Confirm purchase' }).click();
      await page.getByRole('heading', { name: 'Purchase Successful!' }).waitFor();
      // Serials are assigned when the sale is counted: the screen waits for them, then shows both.
      const revealed = page.getByRole('list', { name: 'Your serial numbers' });
      await revealed.waitFor({ timeout: 45_000 });
      expect(await revealed.locator('figure.drift-card').count()).toBe(2);
      const serials = (await page.locator('.reveal-serials').textContent())!;
      expect(serials).toMatch(/^Your serial numbers: #\d+ \/ 500, #\d+ \/ 500$/);
      await page.getByText(/2026 Season: 1 of 1 collected/).waitFor();
      await noSidewaysScroll();
      await shot(`reveal-${width}`);

      await page.waitForURL('**/mycards', { timeout: 20_000 });
      const newest = page.locator('.collection-newest');
      await newest.waitFor();
      expect(await newest.textContent()).toContain(cardName);
      expect(await newest.textContent()).toContain('Newest');
      // Newest first: this athlete's block leads the collection.
      expect(await page.locator('.collection-athlete').first().getByRole('heading', { level: 2 }).textContent()).toBe(athleteName);
      expect(await page.getByText('Shopify order').count()).toBe(0);
      // Recent sales on the card page name the buyer by pseudonym only.
      const filters = page.getByRole('group', { name: 'Filter my collection' });
      await filters.getByLabel('School').selectOption(school);
      expect(await page.locator('.collection-athlete').count()).toBe(1);
      await noSidewaysScroll();
      await shot(`collection-${width}`);
      await filters.getByRole('button', { name: 'Reset Filters' }).click();
      expect(await page.locator('.collection-athlete').count()).toBeGreaterThan(1);

      await page.goto(url(`/athlete/${athleteId}/card/1`));
      const sales = page.getByRole('region', { name: 'Recent sales' });
      await sales
        .getByText(/^Fan [A-Z2-9]{6}$/)
        .first()
        .waitFor();
      expect(await sales.textContent()).not.toMatch(/@|demo|buyer/i);
    },
  );
});
