// A fan gives on a collective's support page in Chromium against local mode: from the school page
// to /support/1, a monthly membership, the Stripe stand-in's hosted Checkout (a declined card says
// why and charges nothing; 4242 pays), back to the thank-you; the members' donation figures then
// hold it. A collective without a linked Stripe account says it is not taking donations yet, and
// the page fits a phone's 375 px.
import type { Page } from 'playwright-core';
import type { AthleteDonationsResponse } from '#shared/sales/sales-api';
import { SAMPLE_COLLECTIVES } from '#shared/catalog/seed-data';
import { useBrowserPage } from '../support/browser';
import { api, eventually, localSeedDone, signInUi, url } from '../support/e2e-api';

jest.setTimeout(150_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });
beforeAll(() => localSeedDone());

const run = Date.now().toString(36);
const member = SAMPLE_COLLECTIVES.find((c) => c.id === 1)!.members[0];

async function horizontalOverflowAt375(): Promise<number> {
  await page.setViewportSize({ width: 375, height: 800 });
  return eventually(
    async () => Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')),
    (value) => value <= 0,
    10_000,
  );
}

it('a fan becomes a monthly member: school page -> support page -> hosted Checkout (declined, then paid) -> thanks, and the figures hold it', async () => {
  await page.goto(url('/school/2'));
  await page.getByRole('link', { name: 'Support Mariners NIL Collective' }).click();
  await page.getByRole('heading', { name: 'Support Mariners NIL Collective' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/support/1');

  await page.getByRole('radio', { name: /Captain · \$50\.00 \/ month/ }).check();
  await page.getByLabel(/^Your name/).fill(`Fan ${run}`);
  await page.getByLabel(/^Comment/).fill(`Go Mariners ${run}`);
  await page.getByRole('button', { name: 'Continue to payment · $50.00 a month' }).click();
  await page.waitForURL(/\/local-stripe\/checkout\//);

  const pay = async (card: string) => {
    await page.getByLabel('Email').fill('e2e.fan@example.com');
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill('E2E Fan');
    await page.getByRole('button', { name: /^Subscribe/ }).click();
  };
  await pay('4000 0000 0000 0002');
  await page.getByText('Your card was declined.', { exact: true }).waitFor();
  expect(page.url()).toContain('/local-stripe/checkout/');

  await pay('4242 4242 4242 4242');
  await page.waitForURL(/\/support\/1\?checkout=cs_/);
  await page.getByText(`Thank you, Fan ${run}!`).waitFor();
  await page.getByText('You are now a Captain member of Mariners NIL Collective: $50.00 a month.').waitFor();
  expect(await page.content()).not.toContain('e2e.fan@example.com');

  const figures = await api<AthleteDonationsResponse>(`/demo/athletes/${member}/donations`, null);
  expect(figures.comments).toContainEqual({ donorName: `Fan ${run}`, amountCents: 5_000, comment: `Go Mariners ${run}` });
  expect(figures.collective.recurringThisMonth).toBeGreaterThanOrEqual(2); // the seed's membership and this one
  expect(JSON.stringify(figures)).not.toContain('@');

  expect(await horizontalOverflowAt375()).toBeLessThanOrEqual(0);
});

it('a collective without a linked Stripe account is not taking donations yet', async () => {
  await page.goto(url('/support/2'));
  await page.getByRole('heading', { name: 'Not taking donations yet' }).waitFor();
  expect(await page.getByRole('button', { name: /Continue to payment/ }).count()).toBe(0);
  expect(await horizontalOverflowAt375()).toBeLessThanOrEqual(0);
});

it('the collective adds a tier under Settings -> Support Page, and its support page offers it', async () => {
  await signInUi(page, 'collective', 'collective', '/collective?section=settings');
  await page.goto(url('/collective?section=settings'));
  await page.getByRole('tab', { name: 'Support Page' }).click();
  const form = page.getByRole('form', { name: 'Support Page' });
  await form.getByText(/Your Stripe account takes payments/).waitFor();
  await form.getByRole('button', { name: 'Add a tier' }).click();
  const tiers = form.locator('fieldset.support-tier');
  const added = tiers.last();
  await added.getByLabel(/^Name/).fill(`Legend ${run}`);
  await added.getByLabel(/^Monthly amount/).fill('125');
  await added.getByLabel(/^Perk/).fill('Dinner with the team');
  await form.getByRole('button', { name: 'Save Support Page' }).click();
  await form.getByText('Support page saved.').waitFor();

  await page.goto(url('/support/1'));
  await page.getByRole('radio', { name: new RegExp(`Legend ${run} · \\$125\\.00 / month`) }).waitFor();
  await page.getByText('Dinner with the team').waitFor();
});
