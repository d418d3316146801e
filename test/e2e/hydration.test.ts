// Prerendered pages before the app hydrates them. Local mode answers a prerendered route with its
// own HTML, as CloudFront does (scripts/local/prerendered-routes.ts): the page is on screen and
// can be typed into before the app's JS arrives (it loads after the first paint), and nothing a
// visitor typed then may be lost. Here the entry module is held back (page.route) so hydration is
// late: the visitor types first, then the app arrives.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { baseUrl, holdAppEntry, useBrowserPage } from '../support/browser';

jest.setTimeout(60_000);

const DIST = path.resolve(__dirname, '../../web/dist');
const browserState = useBrowserPage();
let page: Page;

const url = (p: string) => new URL(p, baseUrl()).toString();
const pathOf = (p: Page) => new URL(p.url()).pathname + new URL(p.url()).search;

/** The document local mode answers for a path: which page the build prerendered it as. */
async function documentOf(p: string): Promise<string | null> {
  const res = await fetch(url(p));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return /<html[^>]*\sdata-prerendered="([^"]*)"/.exec(await res.text())?.[1] ?? null;
}

describe('local mode serves the prerendered routes as CloudFront does', () => {
  it('answers a prerendered route with its own HTML and other routes with the shell', async () => {
    const listed = JSON.parse(readFileSync(path.join(DIST, 'prerender-routes.json'), 'utf8')) as string[];
    expect(listed).toEqual(expect.arrayContaining(['/waiting-list', '/demo/waiting-list', '/what-we-offer']));
    for (const route of listed) expect(await documentOf(route)).toBe(route);
    expect(await documentOf('/demo/')).toBe('/demo');
    expect(await documentOf('/demo?ref=phone')).toBe('/demo');
    // Every other route: the SPA shell (the prerendered landing, hidden by the boot script on a
    // deep link), unless local mode's server-rendering branch answers it with its own rendered page.
    for (const p of ['/', '/athlete/1', '/school/2', '/search?query=a', '/DEMO']) {
      expect(['/', new URL(url(p)).pathname]).toContain(await documentOf(p));
    }
    expect(await documentOf('/mycards')).toBe('/');
  });

  it('prerenders no form control that does not keep what is typed before hydration', () => {
    // Each of these is adopted into the app's state on hydration (lib/use-typed-before-hydration.ts).
    // A new control on a prerendered page must do the same, then be added here.
    const kept = new Set(['topbar-search', 'wl-firstName', 'wl-lastName', 'wl-email', 'wl-school', 'wl-details']);
    const pages = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html'));
    expect(pages.length).toBeGreaterThan(10);
    const seen = new Set<string>();
    for (const file of pages) {
      const html = readFileSync(path.join(DIST, file), 'utf8');
      for (const control of html.match(/<(input|select|textarea)\b[^>]*>/g) ?? []) {
        // A segmented control's radios (components/segmented.tsx) adopt the checked one themselves.
        if (/\sdata-kept-before-hydration=""/.test(control)) continue;
        const id = /\sid="([^"]+)"/.exec(control)?.[1] ?? control;
        expect(`${file}: ${kept.has(id) ? 'kept' : id}`).toBe(`${file}: kept`);
        seen.add(id);
      }
    }
    expect([...seen].sort()).toEqual([...kept].sort());
    // The create-profile form shows only once hydrated (its prerendered HTML asks to sign in).
    expect(readFileSync(path.join(DIST, 'create-profile/index.html'), 'utf8')).not.toMatch(/<(input|select|textarea)\b/);
  });
});

describe('typing before hydration', () => {
  let release: () => void;

  beforeEach(async () => {
    ({ page } = browserState);
    // The app's entry module (Vite's assets/index-<hash>.js) waits until the test lets it go.
    ({ release } = await holdAppEntry(page));
  });

  const hydrated = () => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const notHydrated = async () => expect(await page.locator('html[data-app-ready]').count()).toBe(0);

  it("keeps what was typed into /demo's top-bar search and searches it once hydrated", async () => {
    await page.goto(url('/demo'), { waitUntil: 'domcontentloaded' });
    expect(await page.getAttribute('html', 'data-prerendered')).toBe('/demo');
    const box = page.getByLabel('Search athletes and schools');
    await box.pressSequentially('Marcus Reed');
    await notHydrated();

    release();
    await hydrated();
    expect(await box.inputValue()).toBe('Marcus Reed');
    await box.press('Enter');
    await page.waitForURL('**/demo/search?query=Marcus%20Reed');
    await page.getByRole('article', { name: 'Marcus Reed' }).waitFor();
    expect(await box.inputValue()).toBe('');
  });

  it('searches from the top bar before hydration too (a GET form to the demo search)', async () => {
    await page.goto(url('/demo'), { waitUntil: 'domcontentloaded' });
    const box = page.getByLabel('Search athletes and schools');
    await box.pressSequentially('Marcus');
    await notHydrated();
    await box.press('Enter');
    await page.waitForURL('**/demo/search?query=Marcus', { waitUntil: 'commit' });

    release();
    await page.getByRole('heading', { name: 'Search Athletes & Teams' }).waitFor();
    await page.getByRole('article', { name: 'Marcus Reed' }).waitFor();
    expect(pathOf(page)).toBe('/demo/search?query=Marcus');
  });

  it('keeps the waiting-list answers given before hydration and sends them with the submit', async () => {
    await page.goto(url('/waiting-list'), { waitUntil: 'domcontentloaded' });
    expect(await page.getAttribute('html', 'data-prerendered')).toBe('/waiting-list');
    const email = `early-${Date.now()}@example.com`;
    await page.getByLabel(/First name/).fill('Early');
    await page.getByLabel(/Last name/).fill('Typist');
    await page.getByLabel(/Email/).fill(email);
    await page.getByLabel('School').selectOption('Temple');
    await page.getByLabel('Additional details').fill('Typed on a slow phone');
    const submit = page.getByRole('button', { name: 'Submit' });
    // The browser would send a native submit as a GET with the answers in the URL: it waits for the app.
    expect(await submit.isDisabled()).toBe(true);
    await notHydrated();

    release();
    await hydrated();
    await page.waitForFunction(`!document.querySelector('form[aria-label="Get on the List"] button[type=submit]').disabled`);
    // The hydrated form re-rendered (its button is enabled now) and still shows every answer.
    expect(await page.getByLabel(/First name/).inputValue()).toBe('Early');
    expect(await page.getByLabel(/Last name/).inputValue()).toBe('Typist');
    expect(await page.getByLabel(/Email/).inputValue()).toBe(email);
    expect(await page.getByLabel('School').inputValue()).toBe('Temple');
    expect(await page.getByLabel('Additional details').inputValue()).toBe('Typed on a slow phone');

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/waitlist') && r.method() === 'POST');
    await submit.click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toEqual({
      firstName: 'Early',
      lastName: 'Typist',
      email,
      school: 'Temple',
      details: 'Typed on a slow phone',
    });
    await page.getByText('Thank you! Your submission has been sent successfully.').waitFor();
    expect(await page.getByLabel(/First name/).inputValue()).toBe('');
  });

  it('keeps an answer being typed while the app hydrates (/demo/waiting-list)', async () => {
    await page.goto(url('/demo/waiting-list'), { waitUntil: 'domcontentloaded' });
    const first = page.getByLabel(/First name/);
    await first.pressSequentially('Ja');
    release();
    await first.pressSequentially('lenna', { delay: 30 });
    await hydrated();
    await page.waitForFunction(`!document.querySelector('form[aria-label="Get on the List"] button[type=submit]').disabled`);
    expect(await first.inputValue()).toBe('Jalenna');
    // Submitting with the other fields empty: the errors name only those, so the state has the name.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Last name is required.').waitFor();
    expect(await page.getByText('First name is required.').count()).toBe(0);
    expect(await first.inputValue()).toBe('Jalenna');
  });
});
