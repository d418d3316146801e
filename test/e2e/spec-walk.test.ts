// The spec walk (issue #9) in Chromium against local mode: every route of the spec at 375 px wide
// without sideways scrolling, carousel arrows that work at their ends and on phones, charts that
// read right (continuous months, zero-based, distinct series, readable text), order names, demo
// paths that stay in the demo, tab titles, the favicon, the waiting-list outcome and the phone
// menu.
import type { Page } from 'playwright-core';
import { baseUrl, useBrowserPage } from '../support/browser';

jest.setTimeout(180_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const url = (p: string) => new URL(p, baseUrl()).toString();
const pathOf = (p: Page) => new URL(p.url()).pathname + new URL(p.url()).search;
const PHONE = { width: 375, height: 740 };

/** Polls an expression in the page until it is truthy (page.waitForFunction with a string
 * predicate needs eval, which the production Content-Security-Policy forbids). */
async function until(p: Page, expression: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await p.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
    await p.waitForTimeout(100);
  }
}

/** Waits until the page is what gets measured: the app is running, no request in flight, no
 * loading spinner left, its fonts loaded (images carry their size, so they move nothing). */
async function settle(p: Page): Promise<void> {
  await p.waitForLoadState('networkidle');
  await until(
    p,
    `document.documentElement.hasAttribute('data-app-ready') && document.fonts.status === 'loaded' &&
      ![...document.querySelectorAll('[role="status"]')].some((e) => /Loading/.test(e.textContent || ''))`,
  );
}

interface Overflow {
  scrollWidth: number;
  offenders: string[];
}

/**
 * The document's scroll width, and every element reaching past the viewport's right edge that no
 * ancestor below <body> clips or scrolls (those make the page scroll sideways).
 */
const measureOverflow = `(() => {
  const vw = document.documentElement.clientWidth;
  const offenders = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right <= vw + 0.5) continue;
    if (r.right <= 0) continue;
    let clipped = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') { clipped = true; break; }
    }
    if (clipped) continue;
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
    offenders.push(name + ' [' + Math.round(r.left) + '..' + Math.round(r.right) + ']');
  }
  return { scrollWidth: document.documentElement.scrollWidth, offenders: offenders.slice(0, 8) };
})()`;

// Every route of the product (web/src/config/paths.ts), with the demo's dashboard sections and tabs.
const ROUTES = [
  '/',
  '/main',
  '/drift-pitch',
  '/statement',
  '/Statement',
  '/what-we-offer',
  '/learn',
  '/platform',
  '/Platform',
  '/CollectiveProspectus',
  '/PlayerProspectus',
  '/FanProspectus',
  '/waiting-list',
  '/login',
  '/signup',
  '/create-profile',
  '/demo',
  '/demo/search',
  '/demo/search?query=Drift',
  '/search?query=Basketball',
  '/demo/mycards',
  '/demo/athlete',
  '/demo/athlete?tab=posts',
  '/demo/athlete?tab=overview',
  '/demo/athlete?tab=comments',
  '/demo/collective',
  '/demo/collective?section=athletes',
  '/demo/collective?section=transactions',
  '/demo/collective?section=settings',
  '/demo/collective/athlete/1',
  '/collective/athlete/1',
  '/demo/what-we-offer',
  '/demo/learn',
  '/demo/waiting-list',
  '/athlete/1',
  '/athlete/6',
  '/athlete/1/card/1',
  '/athlete/10/card/3',
  '/athlete-media/1',
  '/school/2',
  '/school/3',
  '/school/2/sport/Football',
  '/mycards',
  '/athlete',
  '/collective',
  '/athlete-admin-panel',
  '/collective-admin-panel',
  '/no/such/page',
];

describe('no page scrolls sideways at 375 px', () => {
  it('keeps every route of the spec within the viewport', async () => {
    await page.setViewportSize(PHONE);
    const failures: Array<{ route: string } & Overflow> = [];
    for (const route of ROUTES) {
      await page.goto(url(route));
      await settle(page);
      const result = (await page.evaluate(measureOverflow)) as Overflow;
      if (result.scrollWidth > PHONE.width || result.offenders.length > 0) failures.push({ route, ...result });
    }
    expect(failures).toEqual([]);
  });

  it('keeps each Settings tab of the demo collective within the viewport', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/demo/collective?section=settings'));
    await settle(page);
    const failures: Array<{ tab: string } & Overflow> = [];
    for (const tab of ['Athletes Management', 'Add Athlete Profile', 'School Colors', 'Merchandise']) {
      await page.getByRole('tab', { name: tab }).click();
      await settle(page);
      const result = (await page.evaluate(measureOverflow)) as Overflow;
      if (result.scrollWidth > PHONE.width || result.offenders.length > 0) failures.push({ tab, ...result });
    }
    expect(failures).toEqual([]);
  });
});

describe('carousels', () => {
  it('disables Featured Athletes "previous" on load and "next" at the end, re-evaluated on scroll', async () => {
    await page.goto(url('/demo'));
    await settle(page);
    const prev = page.getByRole('button', { name: 'Previous Featured Athletes' });
    const next = page.getByRole('button', { name: 'Next Featured Athletes' });
    expect(await prev.isDisabled()).toBe(true);
    expect(await next.isEnabled()).toBe(true);

    await next.click();
    await until(page, `!document.querySelector('[aria-label="Previous Featured Athletes"]').disabled`);
    // Scrolled (and snapped) to the very end: next is off, previous on.
    await page.evaluate(
      `(() => { const t = document.querySelector('[aria-label="Featured Athletes"] .carousel-track'); t.style.scrollBehavior = 'auto'; t.scrollLeft = t.scrollWidth; })()`,
    );
    await until(page, `document.querySelector('[aria-label="Next Featured Athletes"]').disabled`);
    expect(await prev.isEnabled()).toBe(true);
    await page.evaluate(`(() => { const t = document.querySelector('[aria-label="Featured Athletes"] .carousel-track'); t.scrollLeft = 0; })()`);
    await until(page, `document.querySelector('[aria-label="Previous Featured Athletes"]').disabled`);
  });

  it("moves the athlete panel's three cards with the arrows, wrapping around, at 1280 and at 375 px", async () => {
    const slides = page.locator('[aria-roledescription="carousel"] [aria-roledescription="slide"]');
    const firstShown = async () => (await slides.first().locator('strong').textContent())?.trim();

    // The seed gives this athlete three cards, but other browser test files (card-lifecycle) publish
    // more of his cards while this one runs: each slide's "k of N" says where the carousel is.
    const firstPosition = async () => (await slides.first().getAttribute('aria-label'))?.split(' of ') ?? [];

    // The carousel is My Cards' (the athlete's Cards & approvals).
    await page.goto(url('/demo/athlete?tab=cards'));
    await settle(page);
    expect(await firstShown()).toBe('Marcus Reed - Card #1');
    await page.getByRole('button', { name: 'Next card' }).click();
    expect(await firstShown()).toBe('Marcus Reed - Card #2');
    await page.getByRole('button', { name: 'Previous card' }).click();
    await page.getByRole('button', { name: 'Previous card' }).click();
    const [at, of] = await firstPosition();
    expect(at).toBe(of); // wrapped past the start, to the last card

    await page.setViewportSize(PHONE);
    await page.reload();
    await settle(page);
    const next = page.getByRole('button', { name: 'Next card' });
    const box = await next.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeGreaterThanOrEqual(40);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const visibleNames = async () =>
      page.evaluate(
        `[...document.querySelectorAll('[aria-roledescription="slide"]')].filter((e) => e.getBoundingClientRect().width > 0).map((e) => e.querySelector('strong').textContent)`,
      );
    expect(await visibleNames()).toEqual(['Marcus Reed - Card #1']);
    await next.click();
    expect(await visibleNames()).toEqual(['Marcus Reed - Card #2']);
    // On to the last card and past it (first position 1 again can only come from wrapping).
    for (let clicks = 0; clicks < 50 && (await firstPosition())[0] !== '1'; clicks++) await next.click();
    expect(await visibleNames()).toEqual(['Marcus Reed - Card #1']); // wrapped past the end
  });
});

describe('charts', () => {
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const monthIndex = (label: string) => {
    const [name, year] = label.split(' ');
    return Number(year) * 12 + MONTHS.indexOf(name);
  };

  async function chartFacts(title: string) {
    return (await page.evaluate(`(() => {
      const figure = [...document.querySelectorAll('figure')].find((f) => f.querySelector('figcaption')?.textContent === ${JSON.stringify(title)});
      const chart = figure.querySelector('.dash-chart svg:not(.dash-legend svg)');
      const scale = chart.getBoundingClientRect().width / chart.viewBox.baseVal.width;
      const texts = [...chart.querySelectorAll('text')].filter((t) => t.textContent.trim());
      const rows = [...figure.querySelectorAll('table tbody tr th')].map((th) => th.textContent);
      // Victory draws each line as a path without fill; the markers are filled paths.
      const lines = [...chart.querySelectorAll('path')].filter((p) => (p.style.fill === 'transparent' || p.style.fill === 'none') && p.style.stroke);
      return {
        smallestFontPx: Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
        tickLabels: texts.map((t) => t.textContent.trim()),
        months: rows,
        lines: lines.map((p) => p.style.stroke + ' ' + (p.style.strokeDasharray || 'solid')),
        legend: [...figure.querySelectorAll('.dash-legend li')].map((li) => li.textContent.trim()),
      };
    })()`)) as { smallestFontPx: number; tickLabels: string[]; months: string[]; lines: string[]; legend: string[] };
  }

  it.each([
    ['at 1280 px', { width: 1280, height: 900 }],
    ['at 375 px', PHONE],
  ])('draws Monthly Earnings with every month, a $0 baseline, distinct series and readable text %s', async (_name, viewport) => {
    await page.setViewportSize(viewport);
    await page.goto(url('/demo/collective'));
    await settle(page);
    // The spec's three series together: all time, everything shown (the chart's own choices).
    await page.getByRole('group', { name: 'Monthly Earnings: time range' }).getByRole('radio', { name: 'All' }).check();
    await page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'All' }).check();
    // A chart is drawn when its frame comes near the viewport (below the fold on a phone).
    await page.locator('.dash-chart-frame-line').first().scrollIntoViewIfNeeded();
    await page.locator('.dash-line-chart svg').first().waitFor();
    const facts = await chartFacts('Monthly Earnings');
    // Continuous months: each row is the month after the previous one.
    expect(facts.months.length).toBeGreaterThan(1);
    facts.months.slice(1).forEach((m, i) => expect(monthIndex(m) - monthIndex(facts.months[i])).toBe(1));
    expect(facts.tickLabels).toContain('$0');
    expect(facts.smallestFontPx).toBeGreaterThanOrEqual(11);
    expect(facts.legend).toEqual(['Total', 'Athlete', 'Collective Donations']);
    // Three lines that differ by more than colour, the Total drawn last (on top).
    expect(facts.lines).toHaveLength(3);
    expect(new Set(facts.lines.map((l) => l.split(' ').slice(1).join(' '))).size).toBeGreaterThanOrEqual(2);
    expect(facts.lines[2]).toMatch(/^rgb\(143, 180, 255\)/);
  });

  it("starts the athlete overview's y axis at $0", async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/demo/athlete?tab=overview'));
    await settle(page);
    // A chart is drawn when its frame comes near the viewport (below the fold on a phone).
    await page.locator('.dash-chart-frame-line').first().scrollIntoViewIfNeeded();
    await page.locator('.dash-line-chart svg').first().waitFor();
    const facts = await chartFacts('Monthly Donations');
    expect(facts.tickLabels).toContain('$0');
    expect(facts.tickLabels.some((t) => /^\$3\.8k$/.test(t))).toBe(false);
    expect(facts.smallestFontPx).toBeGreaterThanOrEqual(11);
  });

  it.each([
    ['at 1280 px', { width: 1280, height: 900 }],
    ['at 375 px', PHONE],
  ])('shows every entry of the earnings doughnut legend, unclipped, %s', async (_name, viewport) => {
    await page.setViewportSize(viewport);
    await page.goto(url('/demo/collective'));
    await settle(page);
    const legend = page.locator('.dash-doughnut .dash-legend li');
    await legend.first().waitFor();
    const facts = (await page.evaluate(`(() => {
      const panel = document.querySelector('.dash-doughnut').closest('.panel').getBoundingClientRect();
      return [...document.querySelectorAll('.dash-doughnut .dash-legend li')].map((li) => {
        const r = li.getBoundingClientRect();
        return { text: li.textContent.trim(), inside: r.height > 0 && r.top >= panel.top && r.bottom <= panel.bottom && r.left >= panel.left && r.right <= panel.right };
      });
    })()`)) as Array<{ text: string; inside: boolean }>;
    const sliceCount = (await page.evaluate(
      `[...document.querySelectorAll('figure')].find((f) => f.querySelector('figcaption').textContent === 'Earnings per Athlete').querySelectorAll('tbody tr').length`,
    )) as number;
    expect(facts.length).toBe(sliceCount);
    expect(facts.length).toBeGreaterThanOrEqual(5);
    expect(facts.filter((f) => !f.inside)).toEqual([]);
    expect(facts.map((f) => f.text).join(' ')).toContain('Jordan Price');
  });
});

describe('orders and counts', () => {
  it('tells Recent Orders apart by order name, with the full id on hover and a copy button', async () => {
    await page.goto(url('/demo/athlete'));
    await settle(page);
    const table = page.getByRole('table', { name: 'Recent orders, newest first' });
    // The order names its row (its row header), the first cell of each row.
    const cells = table.locator('tbody tr > :first-child');
    const names = (await cells.locator('[data-order-id]').allTextContents()).map((t) => t.trim());
    expect(names.length).toBeGreaterThan(1);
    names.forEach((n) => expect(n).toMatch(/^#\d+$/));
    expect(new Set(names).size).toBe(names.length);
    const ids = await cells.locator('[data-order-id]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-order-id'), e.getAttribute('title')]));
    for (const [id, title] of ids) {
      expect(id!.length).toBeGreaterThan(8);
      expect(title).toBe(`Order ID ${id}`);
    }
    expect(await table.getByRole('button', { name: `Copy order ID of ${names[0]}` }).count()).toBe(1);
  });

  it("says '1 collection' and '1 order', never '1 collections' or '1 orders'", async () => {
    await page.goto(url('/demo/collective?section=transactions'));
    await settle(page);
    const details = (await page.locator('tbody tr td:nth-child(3)').allTextContents()).map((t) => t.trim());
    expect(details.some((d) => /^\d+ collections?$/.test(d))).toBe(true);
    expect(details.filter((d) => /^1 collections$/.test(d))).toEqual([]);
    await page.goto(url('/demo/collective?section=athletes'));
    await settle(page);
    expect(await page.locator('body').textContent()).not.toMatch(/\b1 (collections|orders|cards)\b/);
  });

  it("never shows 'N/A' as an achievement", async () => {
    for (const route of ['/athlete/6', '/athlete/14', '/athlete-media/6']) {
      await page.goto(url(route));
      await settle(page);
      const section = page.getByRole('region', { name: 'Achievements' });
      expect(await section.getByText('N/A', { exact: true }).count()).toBe(0);
      expect(await section.getByRole('listitem').count()).toBe(0);
    }
  });
});

describe('demo paths stay in the demo', () => {
  const DEMO_PAGES = [
    '/demo',
    '/demo/search?query=Drift',
    '/demo/mycards',
    '/demo/athlete',
    '/demo/athlete?tab=posts',
    '/demo/athlete?tab=overview',
    '/demo/athlete?tab=comments',
    '/demo/collective',
    '/demo/collective?section=athletes',
    '/demo/collective?section=transactions',
    '/demo/collective?section=settings',
    '/demo/collective/athlete/1',
    '/demo/what-we-offer',
    '/demo/learn',
    '/demo/waiting-list',
  ];
  // The owner screens and the public twins of demo pages: a demo link must not lead there.
  const LEAVES_DEMO =
    /^\/(mycards|athlete|collective|collective\/.*|search|waiting-list|what-we-offer|learn|athlete-admin-panel|collective-admin-panel)(\?.*)?$/;

  it('links demo pages only to demo routes (and the shared pages, home, main and sign-in)', async () => {
    const bad: string[] = [];
    for (const route of DEMO_PAGES) {
      await page.goto(url(route));
      await settle(page);
      const hrefs = (await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) as string[];
      for (const href of hrefs) if (LEAVES_DEMO.test(href)) bad.push(`${route} -> ${href}`);
    }
    expect(bad).toEqual([]);
  });

  it('returns from the demo collective athlete view to the demo dashboard, not to sign-in', async () => {
    await page.goto(url('/demo/collective?section=athletes'));
    await settle(page);
    await page.getByRole('link', { name: 'View Details of Marcus Reed' }).click();
    await page.waitForURL('**/demo/collective/athlete/1');
    await page.getByRole('heading', { level: 1, name: 'Marcus Reed' }).waitFor();
    await page.getByRole('link', { name: /Return to Dashboard/ }).click();
    await page.waitForURL((u) => u.pathname === '/demo/collective');
    await page.getByRole('heading', { name: 'Collective Dashboard' }).waitFor();
    expect(pathOf(page)).toBe('/demo/collective?section=athletes');
  });

  it('sends a signed-out purchase outside the demo to a collection that shows the card, not to sign-in', async () => {
    await page.goto(url('/athlete/13/card/1'));
    await page.getByRole('heading', { name: 'Riley Chen - Card #1' }).waitFor();
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm purchase' }).click();
    await page.getByRole('heading', { name: 'Purchase Successful!' }).waitFor();
    await page.waitForURL((u) => u.pathname !== '/athlete/13/card/1', { timeout: 45_000 });
    expect(new URL(page.url()).pathname).toBe('/demo/mycards');
    await page.getByRole('list', { name: 'My collectibles' }).getByText('Riley Chen - Card #1').first().waitFor();
  });
});

describe('titles, favicon, waiting list and the phone menu', () => {
  it('gives each screen its own tab title', async () => {
    const seen = new Map<string, string>();
    const expected: Record<string, string> = { '/athlete/1': 'Marcus Reed · Drift', '/demo': 'Demo · Drift', '/school/2': 'Drift State University · Drift' };
    for (const route of [
      '/',
      '/main',
      '/statement',
      '/demo',
      '/demo/search',
      '/demo/mycards',
      '/demo/athlete',
      '/demo/collective',
      '/athlete/1',
      '/athlete/2',
      '/athlete/1/card/2',
      '/athlete-media/1',
      '/school/2',
      '/school/2/sport/Football',
      '/waiting-list',
      '/login',
      '/signup',
      '/no/such/page',
    ]) {
      await page.goto(url(route));
      await settle(page);
      const title = await page.title();
      if (expected[route]) expect(title).toBe(expected[route]);
      expect(title).toMatch(/Drift/);
      seen.set(route, title);
    }
    expect(new Set(seen.values()).size).toBe(seen.size);
  });

  it('serves and links a favicon', async () => {
    const res = await fetch(url('/favicon.ico'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/icon/);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    await page.goto(url('/demo'));
    expect(await page.locator('link[rel="icon"][href="/favicon.ico"]').count()).toBe(1);
  });

  it('brings the waiting-list outcome into view and focuses it on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(url('/demo/waiting-list'));
    await page.getByLabel(/First name/).fill('Grace');
    await page.getByLabel(/Last name/).fill('Hopper');
    await page.getByLabel(/Email/).fill(`grace+${Date.now()}@example.com`);
    await page.getByLabel('Additional details').fill('Navy, Harvard Mark I');
    await page.getByRole('button', { name: 'Submit' }).click();
    const outcome = page.getByText('Thank you! Your submission has been sent successfully.');
    await outcome.waitFor();
    await until(
      page,
      `(() => { const el = document.activeElement; const r = el.getBoundingClientRect(); return /submission has been sent/.test(el.textContent) && r.top >= 0 && r.bottom <= window.innerHeight; })()`,
    );
    expect(await page.getByRole('status').filter({ hasText: 'submission has been sent' }).count()).toBe(1);
  });

  it('keeps Contact Us and Sign in one tap (or keypress) away at 375 px', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/demo'));
    await settle(page);
    const more = page.getByRole('button', { name: 'More' });
    expect(await more.isVisible()).toBe(true);
    await more.click();
    const menu = page.getByRole('navigation', { name: 'More' });
    await menu.getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL('**/demo/waiting-list');
    expect(await menu.count()).toBe(0); // closed after navigating
    // The page has rendered (a route change moves focus to the new page once its screen is in,
    // which on a loaded machine can land between the focus and the keypress below).
    await page.getByLabel('First name').waitFor();
    await settle(page);

    // Keyboard: focus the button, open with Enter, follow Sign in.
    await more.focus();
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Sign in' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/login');

    // At 1280 the bar shows them directly and the menu button is gone.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('/demo'));
    expect(await page.getByRole('button', { name: 'More' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Contact Us' }).isVisible()).toBe(true);
  });
});
