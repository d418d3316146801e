// Every place of both panels at 375 px (a phone) and 1280 px, signed in and in the demo: every
// section and tab of the athlete panel, every section and Settings tab of the collective panel, the
// Cards section with its form open, Payouts with a batch's payouts and a side panel open, and the
// collective's athlete view. On each: nothing runs past the window or scrolls sideways (a table
// too narrow for its columns stacks its rows into cards: components/table/table.tsx), and axe-core
// (injected into the page) finds no accessibility violation.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/browser';
import { eventually, localSeedDone, signInUi, url } from '../support/e2e-api';

jest.setTimeout(600_000);

let page: Page;
useBrowserPage({ timeoutMs: 30_000, onPage: (p) => (page = p) });

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** What is wrong with the page's width, measured in the page ([] when nothing): the page scrolls
 * sideways, an element runs past the window (unless a box of its own clips or scrolls it), a box
 * scrolls sideways (a carousel's track is meant to), a table is wider than its box. */
const OVERFLOW = `(() => {
  const problems = [];
  const doc = document.documentElement;
  const width = doc.clientWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  const hidden = (el) => el.closest('.sr-only, [aria-hidden="true"]');
  if (doc.scrollWidth > width) problems.push('the page scrolls sideways by ' + (doc.scrollWidth - width) + ' px');
  for (const el of document.body.querySelectorAll('*')) {
    if (hidden(el)) continue;
    const style = getComputedStyle(el);
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1 && !el.closest('.carousel-track'))
      problems.push(name(el) + ' scrolls sideways by ' + (el.scrollWidth - el.clientWidth) + ' px');
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 0.5) {
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') { clipped = true; break; }
      if (!clipped) problems.push(name(el) + ' runs past the window by ' + Math.round(r.right - width) + ' px');
    }
  }
  for (const table of document.querySelectorAll('table')) {
    if (hidden(table)) continue;
    const box = table.parentElement;
    if (table.getBoundingClientRect().right > box.getBoundingClientRect().right + 0.5) problems.push(name(table) + ' is cut off at the right');
  }
  return problems.slice(0, 10);
})()`;

/** axe-core's violations on the page, one line each ([] when none). */
async function axeViolations(): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) =>
    v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' -- ' + (n.failureSummary || '').split('\\n').slice(1).join(' ')).join(' | ')))`)) as string[];
}

/** Waits until the place has loaded (its own sign, then no spinner), then expects no overflow and
 * no axe violation. */
async function check(where: string, ready: () => Promise<unknown>) {
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
  expect({ where, violations: await axeViolations() }).toEqual({ where, violations: [] });
}

const table = (name: string | RegExp) => () => page.getByRole('table', { name }).first().waitFor();
const heading = (name: string | RegExp) => () => page.getByRole('heading', { name }).first().waitFor();
const tabpanel = (name: string) => () => page.getByRole('tabpanel', { name }).waitFor();

const SETTINGS_TABS: Array<[string, () => Promise<unknown>]> = [
  ['Athletes Management', table('Athletes management')],
  ['Add Athlete Profile', () => page.getByRole('button', { name: 'Add Athlete' }).waitFor()],
  ['Invites', tabpanel('Invites')],
  ['Profile Requests', tabpanel('Profile Requests')],
  ['School Colors', () => page.getByRole('button', { name: 'Save Colors' }).waitFor()],
  ['Merchandise', tabpanel('Merchandise')],
  [
    'Support Page',
    () =>
      page
        .getByRole('tabpanel', { name: 'Support Page' })
        .getByText(/^Save Support Page$|shown to the signed-in collective only/)
        .waitFor(),
  ],
  ['Payments', tabpanel('Payments')],
];

async function collectivePanel(base: string, owner: boolean) {
  const section = (id: string) => page.goto(url(id === 'overview' ? base : `${base}?section=${id}`));
  await section('overview');
  await check(`${base} overview`, table('Monthly Earnings'));
  await section('athletes');
  await check(`${base} athletes`, table('Collective athletes'));
  await section('cards');
  await check(`${base} cards`, () => page.getByRole('navigation', { name: 'Pipeline' }).waitFor());
  if (owner) {
    await page.getByRole('button', { name: 'New card' }).click();
    await check(`${base} cards, the new card's form`, () => page.getByRole('list', { name: 'Steps' }).waitFor());
    // Create on the review names every missing field, each with a way to its step.
    await page
      .getByRole('list', { name: 'Steps' })
      .getByRole('button', { name: /Review/ })
      .click();
    await page.getByRole('button', { name: 'Create draft' }).click();
    await check(`${base} cards, the form's problems`, () =>
      page
        .getByRole('alert')
        .filter({ hasText: /fields? needs? you/ })
        .waitFor(),
    );
  }
  await section('transactions');
  await check(`${base} transactions`, table(/^Transactions and donations/));
  await section('payouts');
  await check(`${base} payouts`, table(/What each member is owed/));
  if (owner) {
    await page
      .getByRole('button', { name: /^Show payouts of/ })
      .first()
      .click();
    await check(`${base} payouts, a batch's payouts`, table(/^Payouts of batch/));
    await page
      .getByRole('button', { name: /^Record W-9 of/ })
      .first()
      .click();
    await check(`${base} payouts, the W-9 side panel`, () => page.getByRole('dialog', { name: /^Record the W-9 of/ }).waitFor());
    await page.keyboard.press('Escape');
  }
  await section('settings');
  for (const [tab, ready] of SETTINGS_TABS) {
    await page.getByRole('tablist', { name: 'Settings' }).getByRole('tab', { name: tab }).click();
    await check(`${base} settings, ${tab}`, ready);
  }
  await section('audit');
  await check(`${base} audit log`, tabpanel('Audit log'));
  await page.goto(url(`${base}/athlete/1`));
  await check(`${base}/athlete/1`, table(/recent orders/));
}

const ATHLETE_PLACES: Array<[string, () => Promise<unknown>]> = [
  ['home', table('Recent orders, newest first')],
  ['cards', table('Sale state of each card')],
  ['approvals', heading('Decided')],
  ['payouts', table('Payouts, newest first')],
  ['statement', table(/^Statement lines/)],
  ['overview', table('Monthly Donations')],
  ['disclosure', heading('Your tax forms')],
  ['fans', heading('Comments')],
  ['posts', () => page.getByRole('region', { name: 'Posts' }).waitFor()],
];

async function athletePanel(base: string) {
  for (const [tab, ready] of ATHLETE_PLACES) {
    await page.goto(url(tab === 'home' ? base : `${base}?tab=${tab}`));
    await check(`${base} ${tab}`, ready);
  }
}

describe.each([375, 1280])('the panels at %i px', (width) => {
  beforeEach(async () => {
    await page.setViewportSize({ width, height: 800 });
  });

  it("the collective's own panel and athlete view", async () => {
    // Local mode's seed makes the payout batch the owner's Payouts opens.
    await localSeedDone();
    await signInUi(page, 'collective', 'collective');
    await collectivePanel('/collective', true);
  });

  it("the athlete's own panel", async () => {
    await signInUi(page, 'athlete', 'athlete');
    await athletePanel('/athlete');
  });

  it('the demo panels', async () => {
    await collectivePanel('/demo/collective', false);
    await athletePanel('/demo/athlete');
  });
});
