// Search and names (issue 24 item 5) in Chromium against local mode, at 375 and 1280 px: 'guard'
// finds the guards, a jersey number finds who wears it, and the sport filters are the catalog's
// sports with athletes (Fishing offered, Baseball, which has none, not), each chosen by its display
// name; no horizontal scrolling.
import type { Page } from 'playwright-core';
import { SAMPLE_ATHLETES } from '#shared/catalog/seed-data';
import { baseUrl, expectEventually, useBrowserPage } from '../support/browser';

jest.setTimeout(120_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const url = (p: string) => new URL(p, baseUrl()).toString();
const articles = async () => page.locator('#results-athletes ~ .grid article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

describe.each([375, 1280])('search at %i px', (width) => {
  beforeEach(async () => {
    await page.setViewportSize({ width, height: 900 });
  });

  it("finds the guards and a jersey number, and offers the catalog's sports as filters", async () => {
    await page.goto(url('/search?query=guard'));
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const guards = SAMPLE_ATHLETES.filter((a) => a.position.toLowerCase().includes('guard')).map((a) => a.name);
    await page.getByRole('article', { name: guards[0] }).waitFor();
    // The sample's guards first (results in id order); athletes other browser tests add come after.
    expect((await articles()).slice(0, guards.length)).toEqual(guards);

    const filters = page.getByRole('group', { name: 'Quick filters' });
    // The spec's four always (Baseball too, which no sample athlete plays), then the catalog's other
    // sports (the sample's; sports of athletes other browser tests add follow).
    const sports = await filters.getByRole('button').allTextContents();
    expect(sports.slice(0, 5)).toEqual(['Football', 'Basketball', 'Baseball', 'Track & Field', 'Fishing']);
    await filters.getByRole('button', { name: 'Fishing' }).click();
    await page.waitForURL(/query=Fishing$/);
    const fishers = SAMPLE_ATHLETES.filter((a) => a.sport === 'Fishing').map((a) => a.name);
    await expectEventually(async () => JSON.stringify((await articles()).slice(0, fishers.length)) === JSON.stringify(fishers));
    expect(await filters.getByRole('button', { name: 'Fishing' }).getAttribute('aria-pressed')).toBe('true');

    const wearer = SAMPLE_ATHLETES[0];
    await page.getByLabel('Search by name, school, or sport').fill(`#${wearer.number}`);
    const wearers = SAMPLE_ATHLETES.filter((a) => a.number === wearer.number).map((a) => a.name);
    await expectEventually(async () => JSON.stringify((await articles()).slice(0, wearers.length)) === JSON.stringify(wearers));
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
  });
});
