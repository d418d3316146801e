// Pages whose content is data, rendered on request (web/src/app/server-render.tsx through local
// mode's scripts/local/page-render.ts): the HTML is the page, with its data, before any of the
// app's JS runs; the app then hydrates it without a mismatch (React reports one as a page error
// and throws the HTML away), and what it shows after is what the server rendered.
import type { Page, Route } from 'playwright-core';
import { baseUrl, useBrowserPage } from '../support/browser';

jest.setTimeout(60_000);

const browserState = useBrowserPage();
let page: Page;

const url = (p: string) => new URL(p, baseUrl()).toString();

async function htmlOf(p: string): Promise<string> {
  const res = await fetch(url(p));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
}

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

describe('the HTML of a data page', () => {
  it('is the athlete page with its data, its title and the answers it was rendered with', async () => {
    const athlete = (await (await fetch(url('/api/athletes/1'))).json()) as { athlete: { name: string; bio: string } };
    const html = await htmlOf('/athlete/1');
    expect(html).toContain('<html lang="en" data-prerendered="/athlete/1">');
    expect(html).toContain(`<title>${athlete.athlete.name} · Drift</title>`);
    expect(rootOf(html)).toContain(athlete.athlete.bio.slice(0, 40));
    const block = /<script type="application\/json" id="drift-data">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(block![1]) as Record<string, unknown>).toEqual({ '/athletes/1': athlete });
    // The CSP allows no inline style or script: the markup has neither (the data block is not run).
    expect(rootOf(html)).not.toMatch(/\sstyle="/);
    expect(rootOf(html).replace(block![0], '')).not.toMatch(/<script/);
  });

  it('is a search with its first results, and a school with its roster', async () => {
    expect(rootOf(await htmlOf('/search?query=Marcus'))).toContain('Portrait of Marcus Reed');
    expect(rootOf(await htmlOf('/school/2'))).toMatch(/<h1 class="page-title">[^<]+<\/h1>/);
  });

  it('is the SPA shell for what it cannot render: a missing athlete, a page without data', async () => {
    expect(await htmlOf('/athlete/999999')).toContain('data-prerendered="/"');
    expect(await htmlOf('/mycards')).toContain('data-prerendered="/"');
  });
});

describe('in the browser', () => {
  let errors: string[];
  beforeEach(() => {
    ({ page } = browserState);
    errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
  });

  it('shows the athlete before the app arrives, then hydrates it without a mismatch', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/athlete/1'), { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: /Marcus Reed/ }).waitFor();
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
    release();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The tier colours come from the stylesheet (no style attribute), before and after hydration.
    expect(await page.evaluate("getComputedStyle(document.querySelector('.level-banner')).backgroundImage")).toMatch(/^linear-gradient/);
    await page
      .getByRole('link', { name: /View Profile of/ })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('gives a tap on a button made before the app arrived to that button once it has', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(url('/athlete/1'), { waitUntil: 'domcontentloaded' });
    const menu = page.getByRole('button', { name: 'More', exact: true });
    await menu.click();
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    release();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.waitForFunction("document.querySelector('.more-menu-btn').getAttribute('aria-expanded') === 'true'");
    expect(errors).toEqual([]);
  });

  it('hydrates a school and a search, school colours set by the app, the box searching on', async () => {
    const school = (await (await fetch(url('/api/schools/2'))).json()) as { school: { colors: { primary: string } } };
    await page.goto(url('/school/2'));
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const hex = school.school.colors.primary.toLowerCase();
    const rgb = `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;
    // The colour is set by the app when the school page's part of the tree hydrates (a style
    // attribute in the HTML would need an unsafe-inline CSP); on a loaded machine that can come a
    // moment after data-app-ready, which the app's root sets.
    await page.waitForFunction(`getComputedStyle(document.querySelector('.school-header')).backgroundColor === '${rgb}'`, undefined, { timeout: 10_000 });

    await page.goto(url('/search?query=Marcus'));
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('article', { name: 'Marcus Reed' }).waitFor();
    await page.getByLabel('Search by name, school, or sport').fill('Jalen');
    await page.getByRole('article', { name: 'Jalen Brooks' }).waitFor();
    expect(errors).toEqual([]);
  });
});
