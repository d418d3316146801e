// No table of the dashboards is cut off, and no page scrolls sideways, at 375 px (a phone) and
// 1280 px: every section and Settings tab of the collective panel, every tab of the athlete panel,
// and the collective's athlete view, signed in and in the demo. A table wider than its card
// scrolls inside a labelled region that keyboard users can focus (components/dashboard/table-region.tsx).
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/browser';
import { eventually, localSeedDone, signInUi, url } from '../support/e2e-api';

jest.setTimeout(240_000);

let page: Page;
useBrowserPage({ timeoutMs: 30_000, onPage: (p) => (page = p) });

/** What is wrong with the page's width and its tables, measured in the page ([] when nothing). */
const OVERFLOW = `(() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) problems.push('the page scrolls sideways by ' + (doc.scrollWidth - doc.clientWidth) + ' px');
  for (const table of document.querySelectorAll('table')) {
    if (table.closest('.sr-only')) continue; // a chart's figures for screen readers, not on screen
    const name = (table.querySelector('caption') || {}).textContent || 'a table';
    const region = table.parentElement;
    const card = region.closest('.panel') || region.closest('main');
    const r = region.getBoundingClientRect();
    const c = card.getBoundingClientRect();
    if (r.left < c.left - 0.5 || r.right > c.right + 0.5) problems.push(name + ': its region runs past its card by ' + Math.round(r.right - c.right) + ' px');
    if (c.right > doc.clientWidth + 0.5) problems.push(name + ': its card runs past the window');
    if (region.scrollWidth > region.clientWidth + 1) {
      if (region.getAttribute('role') !== 'region' || !region.getAttribute('aria-label') || region.tabIndex !== 0)
        problems.push(name + ': scrolls ' + (region.scrollWidth - region.clientWidth) + ' px sideways outside a labelled, focusable region');
    } else if (table.getBoundingClientRect().right > r.right + 0.5) problems.push(name + ': cut off at the right');
  }
  return problems;
})()`;

/** Waits until the screen has loaded (no spinner), then until its tables settle, and expects no overflow. */
async function expectNoOverflow(where: string, ready: () => Promise<unknown>) {
  await ready();
  // (Counted from here: a polling predicate would be an eval, which the page's CSP refuses.)
  await eventually(
    () => page.locator('.spinner-wrap').count(),
    (n) => n === 0,
    20_000,
  );
  const problems = await eventually(
    async () => (await page.evaluate(OVERFLOW)) as string[],
    (p) => p.length === 0,
    5_000,
  );
  expect({ where, problems }).toEqual({ where, problems: [] });
}

const table = (name: string | RegExp) => () => page.getByRole('table', { name }).first().waitFor();
const attachedTable = (name: string | RegExp) => () => page.getByRole('table', { name }).first().waitFor({ state: 'attached' });
const heading = (name: string | RegExp) => () => page.getByRole('heading', { name }).first().waitFor();

const SETTINGS_TABS: Array<[string, () => Promise<unknown>]> = [
  ['Athletes Management', table('Athletes management')],
  ['Add Athlete Profile', () => page.getByRole('button', { name: 'Add Athlete' }).waitFor()],
  ['Cards', table(/^Cards of /)],
  ['Invites', () => page.getByRole('tabpanel', { name: 'Invites' }).waitFor()],
  ['Profile Requests', () => page.getByRole('tabpanel', { name: 'Profile Requests' }).waitFor()],
  ['School Colors', () => page.getByRole('button', { name: 'Save Colors' }).waitFor()],
  ['Merchandise', () => page.getByRole('tabpanel', { name: 'Merchandise' }).waitFor()],
  [
    'Support Page',
    () =>
      page
        .getByRole('tabpanel', { name: 'Support Page' })
        .getByText(/^Save Support Page$|shown to the signed-in collective only/)
        .waitFor(),
  ],
  ['Payments', () => page.getByRole('tabpanel', { name: 'Payments' }).waitFor()],
];

/** Headless Chromium draws no scrollbar; a desktop browser's classic one takes up to 17 px of a
 * 1280 px window. The width a table needs at least (its min-content width) must leave that room. */
const CLASSIC_SCROLLBAR_PX = 17;
async function spareWidth(caption: string): Promise<number> {
  return Number(
    await page.evaluate(`(() => {
      const table = [...document.querySelectorAll('table')].find((t) => (t.querySelector('caption') || {}).textContent === ${JSON.stringify(caption)});
      const region = table.parentElement;
      const width = table.style.width;
      table.style.width = 'min-content';
      const needed = table.getBoundingClientRect().width;
      table.style.width = width;
      return region.clientWidth - needed;
    })()`),
  );
}

async function collectivePanel(base: string, owner: boolean) {
  const section = (id: string) => page.goto(url(id === 'overview' ? base : `${base}?section=${id}`));
  await section('overview');
  await expectNoOverflow(`${base} overview`, attachedTable('Monthly Earnings'));
  await section('athletes');
  await expectNoOverflow(`${base} athletes`, table('Collective athletes'));
  // At 1280 px the athletes fit without scrolling, View Details included, with a scrollbar too.
  if (page.viewportSize()?.width === 1280) expect(await spareWidth('Collective athletes')).toBeGreaterThanOrEqual(CLASSIC_SCROLLBAR_PX);
  await section('transactions');
  await expectNoOverflow(`${base} transactions`, table(/^Transactions and donations/));
  await section('payouts');
  await expectNoOverflow(`${base} payouts`, table(/What each member is owed/));
  if (owner) {
    await page
      .getByRole('button', { name: /^Show payouts of/ })
      .first()
      .click();
    await expectNoOverflow(`${base} payouts, a batch's payouts`, table(/^Payouts of batch/));
  }
  await section('settings');
  for (const [tab, ready] of SETTINGS_TABS) {
    await page.getByRole('tablist', { name: 'Settings' }).getByRole('tab', { name: tab }).click();
    await expectNoOverflow(`${base} settings, ${tab}`, ready);
  }
}

async function athletePanel(base: string) {
  const tabs: Array<[string, () => Promise<unknown>]> = [
    ['home', table('Recent orders, newest first')],
    ['cards', table('Sale state of each card')],
    ['approvals', heading(/Approvals|Cards waiting/)],
    ['payouts', table('Payouts, newest first')],
    ['statement', table(/^Statement lines/)],
    ['overview', attachedTable('Monthly Donations')],
    ['disclosure', heading(/NIL disclosure/)],
    ['fans', heading(/Comments/)],
    ['posts', () => page.getByRole('region', { name: 'Posts' }).waitFor()],
  ];
  for (const [tab, ready] of tabs) {
    await page.goto(url(tab === 'home' ? base : `${base}?tab=${tab}`));
    await expectNoOverflow(`${base} ${tab}`, ready);
  }
}

describe.each([375, 1280])('the dashboards at %i px', (width) => {
  beforeEach(async () => {
    await page.setViewportSize({ width, height: 800 });
  });

  it("the collective's own panel and athlete view", async () => {
    // Local mode's seed makes the payout batch the owner's Payouts opens.
    await localSeedDone();
    await signInUi(page, 'collective', 'collective');
    await collectivePanel('/collective', true);
    await page.goto(url('/collective/athlete/1'));
    await expectNoOverflow('/collective/athlete/1', table(/recent orders/));
  });

  it("the athlete's own panel", async () => {
    await signInUi(page, 'athlete', 'athlete');
    await athletePanel('/athlete');
  });

  it('the demo dashboards', async () => {
    await collectivePanel('/demo/collective', false);
    await page.goto(url('/demo/collective/athlete/1'));
    await expectNoOverflow('/demo/collective/athlete/1', table(/recent orders/));
    await athletePanel('/demo/athlete');
  });
});
