// Browser tests of the web app against local mode: real clicks, the real API and real DynamoDB.
import type { Page } from 'playwright-core';
import { baseUrl, expectEventually, useBrowserPage } from '../support/browser';

jest.setTimeout(60_000);

let page: Page;
useBrowserPage({ onPage: (p) => (page = p) });

const url = (path: string) => new URL(path, baseUrl()).toString();
const pathOf = (p: Page) => new URL(p.url()).pathname + new URL(p.url()).search;

describe('web app in the browser', () => {
  it('lands, enters the statement, chooses an audience page and reaches the demo', async () => {
    await page.goto(url('/'));
    await page.getByRole('heading', { name: 'Let Your Fans Elevate Your Program' }).waitFor();
    // The landing is prerendered HTML: its Enter key works once the app has hydrated it.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The storefront's parts hydrate after the shell: on a busy machine the first Enter may come
    // before its key listener, as a person's early key press would; pressed again, it enters.
    for (let attempt = 0; ; attempt++) {
      await page.keyboard.press('Enter');
      const entered = await page.waitForURL('**/statement', { timeout: 3_000 }).then(
        () => true,
        () => false,
      );
      if (entered) break;
      if (attempt === 4) throw new Error('Enter on the landing never reached /statement');
    }
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/main');
    await page.getByRole('link', { name: /^Fan/ }).click();
    await page.waitForURL('**/FanProspectus');
    await page.goto(url('/main'));
    await page.getByRole('link', { name: 'Demo', exact: true }).click();
    await page.waitForURL('**/demo');
    await page.getByRole('heading', { name: 'Featured Schools' }).waitFor();
    await page.getByRole('heading', { name: 'Featured Athletes' }).waitFor();
    expect(await page.getByRole('link', { name: 'My Cards' }).getAttribute('href')).toBe('/demo/mycards');
  });

  it('searches from the top bar and filters with a quick filter', async () => {
    await page.goto(url('/demo'));
    // /demo is prerendered: the app does the search once hydrated (before that the form is a
    // native GET, tested in test/e2e/hydration.test.ts).
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const box = page.getByLabel('Search athletes and schools');
    await box.fill('Drift Tech');
    await box.press('Enter');
    await page.waitForURL('**/demo/search?query=Drift%20Tech');
    expect(await box.inputValue()).toBe('');
    await page.getByRole('heading', { name: 'Schools' }).waitFor();
    await page.getByRole('button', { name: 'Basketball' }).click();
    await page.waitForURL('**/demo/search?query=Basketball');
    await page.getByRole('article', { name: 'Jalen Brooks' }).waitFor();
    expect(await page.getByRole('article', { name: 'Marcus Reed' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Schools' }).count()).toBe(0);
  });

  it('opens an athlete and a card', async () => {
    await page.goto(url('/search?query=Marcus'));
    await page.getByRole('link', { name: 'View Profile of Marcus Reed' }).click();
    await page.waitForURL('**/athlete/1');
    await page.getByText('Legendary').first().waitFor();
    await page.getByText('+1 more').waitFor();
    // Clicked once the app has hydrated the page (a click during hydration can land on a node React replaces).
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: /Open Marcus Reed - Card #2/ }).click();
    await page.waitForURL('**/athlete/1/card/2');
    await page.getByRole('heading', { name: 'Marcus Reed - Card #2' }).waitFor();
    await page.getByText('$5.00').first().waitFor();
    await page.getByRole('link', { name: '← Back to Profile' }).click();
    await page.waitForURL('**/athlete/1');
  });

  it('buys a card through the local checkout and sees it in My Collection', async () => {
    await page.goto(url('/demo'));
    await page.getByRole('heading', { name: 'Featured Athletes' }).waitFor();
    // Entering through the demo makes the purchase return to the demo's My Cards.
    await page.getByRole('link', { name: 'View Profile of Kendall Ross' }).click();
    await page.waitForURL('**/athlete/12');
    await page.getByRole('link', { name: /Open Kendall Ross - Card #1/ }).click();
    await page.waitForURL('**/athlete/12/card/1');
    await page.getByRole('heading', { name: 'Kendall Ross - Card #1' }).waitFor();
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm purchase' }).click();
    await page.getByRole('heading', { name: 'Purchase Successful!' }).waitFor();
    // The serial is revealed once the sale is counted, then the buyer is taken to My Cards.
    await page.getByRole('list', { name: 'Your serial numbers' }).waitFor({ timeout: 30_000 });
    await page.waitForURL('**/demo/mycards', { timeout: 15_000 });
    const list = page.getByRole('list', { name: 'My collectibles' });
    await list.getByText('Kendall Ross - Card #1').first().waitFor();
    // Once the webhook has been processed the card is in the collection, framed with its serial, and can no longer be removed.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectEventually(async () => (await page.getByRole('button', { name: 'Remove Kendall Ross - Card #1' }).count()) === 0);
    await list.getByLabel('Serials of Kendall Ross - Card #1').first().waitFor();
    expect(await list.getByText('Shopify order').count()).toBe(0);
  });

  it('removes a collectible kept in this browser after confirmation', async () => {
    await page.goto(url('/demo/mycards'));
    const seeded = JSON.stringify([
      {
        id: 'e2e-local-1',
        athleteId: 5,
        cardId: 2,
        title: 'Devin Harper - Card #2',
        athleteName: 'Devin Harper',
        image: '/images/cards/5-2.svg',
        priceCents: 500,
        purchaseMethod: 'Solana',
        purchaseDate: '2026-01-05T12:00:00.000Z',
      },
    ]);
    // The page's own storage (the root tsconfig has no DOM types, so the script is passed as text).
    await page.evaluate(`localStorage.setItem('purchasedCards', ${JSON.stringify(seeded)})`);
    await page.reload();
    await page.getByText('Devin Harper - Card #2').waitFor();
    const remove = page.getByRole('button', { name: 'Remove Devin Harper - Card #2' });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Remove Collectible?' });
    await dialog.waitFor();
    // A native modal <dialog>: Cancel has focus, the page behind it takes no clicks (the backdrop
    // is the dialog's), Escape cancels and focus goes back to the button that opened it.
    // (Scripts as text: the root tsconfig has no DOM types.)
    const focusedLabel = () => page.evaluate(`document.activeElement && document.activeElement.textContent.trim()`);
    expect(await page.evaluate(`document.querySelector('dialog').matches(':modal')`)).toBe(true);
    expect(await focusedLabel()).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('Remove');
    // A point of the page outside the dialog's box (the viewport's bottom-left corner, which is
    // always on screen whatever the window's size) hits the dialog's backdrop, not the page.
    const atCorner = `(() => { const e = document.elementFromPoint(2, window.innerHeight - 2); return e ? e.tagName : 'none'; })()`;
    expect(await page.evaluate(atCorner)).toBe('DIALOG');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(`document.activeElement.getAttribute('aria-label')`)).toBe('Remove Devin Harper - Card #2');

    await remove.click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectEventually(async () => (await page.getByText('Devin Harper - Card #2').count()) === 0);
    expect(await page.evaluate("localStorage.getItem('purchasedCards')")).toBe('[]');
  });

  it('joins the waiting list: invalid first, then valid', async () => {
    await page.goto(url('/waiting-list'));
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('First name is required.').waitFor();
    await page.getByText('Please enter a valid email address.').waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(`ada+${Date.now()}@example.com`);
    await page.getByLabel('School').selectOption('Duke');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you! Your submission has been sent successfully.').waitFor();
  });

  it('switches demo roles and keeps the role after a reload', async () => {
    await page.goto(url('/demo/search'));
    await page.getByRole('button', { name: /Demo/ }).click();
    await page.getByText('Demo roles to test different UI experiences').waitFor();
    await page.getByRole('menuitem', { name: 'Login as Athlete' }).click();
    await page.waitForURL((u) => u.pathname === '/demo');
    await page.getByRole('link', { name: 'My Stats' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'My Stats' }).waitFor();
    await page.getByRole('button', { name: /Demo/ }).click();
    await page.getByRole('menuitem', { name: /Logged in as Athlete/ }).waitFor();
    await page.getByRole('menuitem', { name: 'Login as Collective' }).click();
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
  });

  it('redirects unknown ids', async () => {
    // The app redirects as soon as the answer says "not found", which can be before the page's
    // load event: goto waits only for the document, the redirect is awaited on its own, and then
    // the page it lands on, so the next goto never starts while this page is still at work.
    for (const path of ['/athlete/999', '/athlete-media/999', '/school/99', '/school/99/sport/Football']) {
      await page.goto(url(path), { waitUntil: 'commit' });
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('heading', { name: 'Let Your Fans Elevate Your Program' }).waitFor();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    }
    await page.goto(url('/school/2/sport/Baseball'), { waitUntil: 'commit' });
    await page.waitForURL((u) => u.pathname === '/school/2');
    await page.getByRole('heading', { level: 1, name: 'Drift State University' }).waitFor();
    await page.goto(url('/athlete/10/card/3'));
    await page.getByRole('heading', { name: 'Card not found' }).waitFor();
    await page.goto(url('/nope/nothing'));
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(pathOf(page)).toBe('/nope/nothing');
  });
});
