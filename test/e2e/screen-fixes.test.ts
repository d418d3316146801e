// Browser tests of screen fixes (issue 20): images that fail before the app hydrates, the demo
// role switcher, unknown athlete ids and the Top Fan line, against local mode.
import type { Page, Route } from 'playwright-core';
import { useBrowserPage } from '../support/browser';
import { url } from '../support/e2e-api';

jest.setTimeout(60_000);

const browserState = useBrowserPage();
let page: Page;
beforeEach(() => {
  ({ page } = browserState);
});

describe('an image that fails before the app hydrates', () => {
  let release: () => void;

  beforeEach(async () => {
    let held = true;
    const waiting: Array<() => void> = [];
    release = () => {
      held = false;
      waiting.splice(0).forEach((go) => go());
    };
    // The app's entry module waits until the image has failed: React cannot have heard the error.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
      if (held) await new Promise<void>((resolve) => waiting.push(resolve));
      await route.continue();
    });
  });

  const hydrated = () => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  /** Waits until the browser has given up on the image `selector` names, before any script ran. */
  async function failedBeforeHydration(selector: string) {
    await page.waitForFunction(
      `(() => { const img = document.querySelector('${selector}'); return Boolean(img && img.complete && img.naturalWidth === 0); })()`,
    );
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  }

  it("shows the audience chooser's text wordmark when the logo image fails", async () => {
    await page.route('**/images/logo.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(url('/main'), { waitUntil: 'domcontentloaded' });
    expect(await page.getAttribute('html', 'data-prerendered')).toBe('/main');
    await failedBeforeHydration('img.logo-img');

    release();
    await hydrated();
    const wordmark = page.locator('.chooser-head span.wordmark');
    await wordmark.waitFor();
    expect(await wordmark.getAttribute('aria-label')).toBe('Drift');
    expect(await wordmark.textContent()).toBe('DRIFT');
    expect(await page.locator('img.logo-img').count()).toBe(0);
  });

  it('shows the default logo for a portrait that failed on a page rendered with its data', async () => {
    await page.route('**/images/athletes/1.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(url('/athlete/1'), { waitUntil: 'domcontentloaded' });
    const portrait = 'img.profile-photo';
    await failedBeforeHydration(portrait);

    release();
    await hydrated();
    await page.locator(`${portrait}[data-fallback="true"]`).waitFor();
    expect(await page.locator(portrait).getAttribute('src')).toBe('/images/logo.svg');
  });
});

describe('an unknown athlete id', () => {
  it.each(['/athlete/999', '/athlete-media/999'])('%s reads the athlete once, then redirects home', async (path) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/athletes/999') reads.push(request.url());
    });
    await page.goto(url(path));
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Let Your Fans Elevate Your Program' }).waitFor();
    // A late reload or a second read would come after the redirect: the landing is hydrated by now.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(reads).toHaveLength(1);
  });
});
