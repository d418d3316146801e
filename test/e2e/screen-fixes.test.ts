// Browser tests of screen fixes (issue 20): images that fail before the app hydrates, the demo
// role switcher, unknown athlete ids and the Top Fan line, against local mode.
import type { Page } from 'playwright-core';
import { holdAppEntry, useBrowserPage } from '../support/browser';
import { codeFor, eventually, signInUi, url } from '../support/e2e-api';
import { adultSignUp } from '../support/age-screen';

jest.setTimeout(60_000);

let page: Page;
useBrowserPage({ onPage: (p) => (page = p) });

describe('an image that fails before the app hydrates', () => {
  let release: () => void;

  beforeEach(async () => {
    // The app's entry module waits until the image has failed: React cannot have heard the error.
    ({ release } = await holdAppEntry(page));
  });

  const hydrated = () => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  /** Waits until the browser has given up on the image `selector` names, before any script ran. */
  async function failedBeforeHydration(selector: string) {
    // Read from here: a polling predicate would be an eval, which the page's CSP refuses.
    const failed = `(() => { const img = document.querySelector('${selector}'); return Boolean(img && img.complete && img.naturalWidth === 0); })()`;
    expect(
      await eventually(
        async () => Boolean(await page.evaluate(failed)),
        (done) => done,
        15_000,
      ),
    ).toBe(true);
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

async function cognito(target: string, body: unknown) {
  const res = await fetch(url('/local-cognito/'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

describe('the demo role switcher', () => {
  it('opens on screen at 375 px for a visitor', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url('/demo'));
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /Demo/ }).click();
    const menu = page.getByRole('menu', { name: 'Demo roles' });
    await menu.getByRole('menuitem', { name: /Logged in as Buyer/ }).waitFor();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(375);
  });

  it('is not shown to a fan who just signed up, whose button leads to their own cards', async () => {
    const id = `newfan${Date.now().toString(36)}`;
    const email = `${id}@example.com`;
    await cognito('SignUp', { ClientId: 'localwebclient', Username: id, Password: 'secret123', ...adultSignUp(email) });
    await cognito('ConfirmSignUp', { ClientId: 'localwebclient', Username: id, ConfirmationCode: await codeFor(email) });
    await signInUi(page, id, 'secret123');
    for (const path of ['/mycards', '/demo', '/athlete/1']) {
      await page.goto(url(path));
      await page.getByText('Signed in as').waitFor();
      expect(await page.getByRole('link', { name: 'My Cards' }).getAttribute('href')).toBe('/mycards');
      expect(await page.getByRole('button', { name: /Demo/ }).count()).toBe(0);
      expect(await page.getByText(/Logged in as/).count()).toBe(0);
    }
  });
});

describe('the NIL disclosure form', () => {
  it('names the field in its error and keeps its inputs and button in line when the error shows', async () => {
    await signInUi(page, 'athlete', 'athlete');
    await page.goto(url('/athlete?tab=disclosure'));
    // A year nobody reported (the oldest the kit offers), so the form is there.
    const year = page.getByRole('combobox', { name: /^Year/ }); // not the tax copy's 'Tax year'
    await year.locator('option').first().waitFor({ state: 'attached' });
    const years = await year.locator('option').allTextContents();
    await year.selectOption(years[years.length - 1]);
    const form = page.getByRole('form', { name: `Mark ${years[years.length - 1]} reported` });
    await form.getByRole('button', { name: 'Mark reported' }).click();
    await form.getByText('Reference is required: the NIL Go or school reference (at most 100 characters)').waitFor();
    const top = async (locator: ReturnType<typeof form.getByLabel>) => Math.round((await locator.boundingBox())!.y);
    const dateTop = await top(form.getByLabel(/^Reported on/));
    expect(await top(form.getByLabel(/^Reference/))).toBe(dateTop);
    expect(Math.abs((await top(form.getByRole('button', { name: 'Mark reported' }))) - dateTop)).toBeLessThanOrEqual(2);
  });
});
