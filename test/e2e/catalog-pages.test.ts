// The public and fan pages against local mode read the per-entity API (issues #12 and #10): every
// API answer a page gets is recorded, and every page rendered on request with the answers it
// carries (its data block); none is /api/catalog and none is over 100 KB, and a locked card shows
// its progress line on its athlete's page and on its card page, with Buy disabled.
import type { Page, Response } from 'playwright-core';
import type { AthleteProfileResponse } from '#shared/catalog/catalog-api';
import { baseUrl, useBrowserPage } from '../support/browser';
import { localSeedDone } from '../support/e2e-api';

jest.setTimeout(180_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const url = (p: string) => new URL(p, baseUrl()).toString();
const MAX_BYTES = 100 * 1024;

interface Seen {
  url: string;
  status: number;
  bytes: number;
}

/** The API answers a page rendered on request carries (its data block), by cache key. */
const dataBlockKeys = (html: string): string[] => {
  const block = /<script type="application\/json" id="drift-data">([^<]*)<\/script>/.exec(html);
  return block ? Object.keys(JSON.parse(block[1]) as Record<string, unknown>) : [];
};

/** Records every /api answer the page receives (with its body's size), and the API answers
 * each document carries as '/api' + key (with the document's size). */
function recordApi(p: Page): Seen[] {
  const seen: Seen[] = [];
  const pending: Array<Promise<void>> = [];
  p.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (response.request().resourceType() === 'document') {
      pending.push(
        response
          .text()
          .then((html) => void seen.push(...dataBlockKeys(html).map((key) => ({ url: url(`/api${key}`), status: response.status(), bytes: html.length }))))
          .catch(() => undefined),
      );
      return;
    }
    if (!path.startsWith('/api/')) return;
    pending.push(
      response
        .body()
        .then((body) => void seen.push({ url: response.url(), status: response.status(), bytes: body.length }))
        .catch(() => void seen.push({ url: response.url(), status: response.status(), bytes: 0 })),
    );
  });
  Object.defineProperty(seen, 'settled', { value: () => Promise.all(pending) });
  return seen;
}

const settled = (seen: Seen[]) => (seen as unknown as { settled: () => Promise<void[]> }).settled();

/** The first seeded athlete with a locked card, read from the API outside the page once the seed
 * has sold what it sells (its progress line would move under the test). */
async function lockedCard(p: Page): Promise<{ athleteId: number; cardId: number; line: string }> {
  await localSeedDone();
  for (let id = 1; id <= 20; id++) {
    const res = await p.request.get(url(`/api/athletes/${id}`));
    if (!res.ok()) continue;
    const profile = (await res.json()) as AthleteProfileResponse;
    const card = profile.cards.find((c) => c.locked && c.unlock);
    if (!card?.unlock) continue;
    const quota = profile.cards.find((c) => c.id === card.unlock!.cardId);
    const line = `${Math.min(card.unlock.sold, card.unlock.units)} of ${card.unlock.units} ${quota?.edition ?? quota?.name} sold to unlock`;
    return { athleteId: id, cardId: card.id, line };
  }
  throw new Error('the seed has no locked card among athletes 1..20');
}

describe('public and fan pages read the per-entity API', () => {
  it('opens the demo home, an athlete, a school, a roster, a search, a card and My Cards without /api/catalog or an answer over 100 KB', async () => {
    const seen = recordApi(page);
    const visits: Array<[string, () => Promise<void>]> = [
      ['/demo', () => page.getByRole('region', { name: 'Featured Athletes' }).getByRole('article').first().waitFor()],
      ['/athlete/1', () => page.getByRole('heading', { level: 1, name: /Marcus Reed/ }).waitFor()],
      ['/school/2', () => page.getByRole('heading', { level: 1, name: 'Drift State University' }).waitFor()],
      ['/school/2/sport/Football', () => page.getByRole('list', { name: 'Football roster' }).waitFor()],
      ['/search?query=a', () => page.getByRole('region', { name: 'Athletes' }).getByRole('article').first().waitFor()],
      ['/athlete/1/card/1', () => page.getByRole('heading', { level: 1, name: 'Marcus Reed - Card #1' }).waitFor()],
      ['/demo/mycards', () => page.getByRole('heading', { level: 1, name: 'My Collection' }).waitFor()],
    ];
    for (const [path, ready] of visits) {
      await page.goto(url(path));
      await ready();
      await page.waitForLoadState('networkidle');
    }
    // My Collection shows the demo buyer's answer (cards or the empty state), never a load error.
    await page
      .getByRole('heading', { name: 'No Cards Yet' })
      .or(
        page
          .getByRole('region')
          .filter({ has: page.getByRole('heading', { level: 2 }) })
          .first(),
      )
      .first()
      .waitFor();
    expect(await page.getByText('Failed to load Shopify orders').count()).toBe(0);
    await settled(seen);

    const paths = seen.map((s) => new URL(s.url).pathname);
    expect(paths.filter((p) => p.startsWith('/api/catalog'))).toEqual([]);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/featured',
        '/api/athletes/1',
        '/api/schools/2',
        '/api/schools/2/sports/Football/athletes',
        '/api/search',
        '/api/demo/me/collection',
      ]),
    );
    expect(seen.filter((s) => s.bytes > MAX_BYTES)).toEqual([]);
    expect(seen.filter((s) => s.status >= 400)).toEqual([]);
  });

  it("shows a locked card's progress on its athlete's page and disables Buy on its card page", async () => {
    const locked = await lockedCard(page);
    const seen = recordApi(page);
    await page.goto(url(`/athlete/${locked.athleteId}`));
    const collectibles = page.getByRole('region', { name: 'Digital Collectibles' });
    await collectibles.getByText(locked.line).waitFor();
    await collectibles.getByText('Locked').first().waitFor();
    // The page was rendered on request with the athlete's own entity (in its data block), and the
    // app used that answer instead of asking again.
    await page.waitForLoadState('networkidle');
    await settled(seen);
    expect(seen.filter((s) => new URL(s.url).pathname === `/api/athletes/${locked.athleteId}`)).toHaveLength(1);
    expect(await page.locator('link[rel="preload"][as="fetch"]').count()).toBe(0);

    await page.goto(url(`/athlete/${locked.athleteId}/card/${locked.cardId}`));
    await page.getByText(locked.line).waitFor();
    expect(await page.getByRole('button', { name: 'Buy' }).isDisabled()).toBe(true);
    await settled(seen);
    expect(seen.map((s) => new URL(s.url).pathname).filter((p) => p.startsWith('/api/catalog'))).toEqual([]);
  });

  it('fits these pages in 375 px without sideways scrolling', async () => {
    const locked = await lockedCard(page);
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of [
      `/athlete/${locked.athleteId}`,
      `/athlete/${locked.athleteId}/card/${locked.cardId}`,
      '/school/2/sport/Football',
      '/search?query=a',
      '/demo/mycards',
    ]) {
      await page.goto(url(path));
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
      expect({ path, width }).toEqual({ path, width: 375 });
    }
  });
});
