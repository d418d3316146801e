// A fan gives on a collective's support page in Chromium against local mode: from the school page
// to /support/1 (its goal, supporters and wall), a monthly membership, the Stripe stand-in's hosted
// Checkout headed with the collective's name (a declined card says why and charges nothing; 4242
// pays), back to the thank-you (not the form), the receipt in the local mailbox, "Manage
// membership" to the stand-in's customer portal, where the member changes tier and cancels; the members' donation
// figures hold the payment. A collective without a linked Stripe account says it is not taking
// donations yet. Each screen fits 375 px and 1280 px with no axe-core violation.
import { readFileSync } from 'node:fs';
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

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page, one line each ([] when none). */
async function axeViolations(): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) =>
    v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' -- ' + (n.failureSummary || '').split('\\n').slice(1).join(' ')).join(' | ')))`)) as string[];
}

/** At 375 px and at 1280 px: no horizontal scroll and no axe violation. */
async function fitsAndPasses(where: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await eventually(
      async () => Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')),
      (value) => value <= 0,
      10_000,
    );
    expect({ where, width, overflow: Math.max(0, overflow) }).toEqual({ where, width, overflow: 0 });
    expect({ where, width, violations: await axeViolations() }).toEqual({ where, width, violations: [] });
  }
}

interface Mail {
  subject: string;
  text: string | null;
}
const mailTo = async (address: string): Promise<Mail[]> =>
  ((await (await fetch(url(`/local-mail/api/messages?to=${encodeURIComponent(address)}`))).json()) as { messages: Mail[] }).messages;

async function horizontalOverflowAt375(): Promise<number> {
  await page.setViewportSize({ width: 375, height: 800 });
  return eventually(
    async () => Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')),
    (value) => value <= 0,
    10_000,
  );
}

it('a fan becomes a monthly member: school page -> support page -> hosted Checkout (declined, then paid) -> thanks and receipt -> Manage membership -> changes tier, cancels', async () => {
  const email = `e2e.fan.${run}@example.com`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url('/school/2'));
  await page.getByRole('link', { name: 'Support Mariners NIL Collective' }).click();
  await page.getByRole('heading', { name: 'Support Mariners NIL Collective' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/support/1');
  // The seed's goal and supporters (its named gift on the wall, its anonymous member not).
  await page.getByRole('progressbar', { name: 'Summer training camp' }).waitFor();
  await page.getByText(/raised of \$5,000\.00 · \d+ supporters/).waitFor();
  const wall = page.getByRole('region', { name: 'Supporters' });
  await wall.getByText('Linda Carter').waitFor();
  await fitsAndPasses('the support page');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('radio', { name: /Captain · \$50\.00 \/ month/ }).check();
  await page.getByLabel(/^Your name/).fill(`Fan ${run}`);
  await page.getByLabel(/^Comment/).fill(`Go Mariners ${run}`);
  await page.getByRole('button', { name: 'Continue to payment · $50.00 a month' }).click();
  await page.waitForURL(/\/local-stripe\/checkout\//);
  // Checkout is headed with the collective, not the Stripe account's name.
  await page.getByRole('heading', { level: 1, name: 'Support Mariners NIL Collective' }).waitFor();
  expect(await page.getByText('Pay Drift Demo').count()).toBe(0);
  await fitsAndPasses('the hosted Checkout');
  await page.setViewportSize({ width: 1280, height: 800 });

  const pay = async (card: string) => {
    await page.getByLabel('Email').fill(email);
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
  await page.getByRole('heading', { name: `Thank you, Fan ${run}!` }).waitFor();
  await page.getByText('You are now a Captain member of Mariners NIL Collective: $50.00 a month.').waitFor();
  await page.getByText('A receipt is on its way to the email address you gave on the payment page.').waitFor();
  expect(await page.getByRole('button', { name: /Continue to payment/ }).count()).toBe(0);
  expect(await page.content()).not.toContain(email);
  await fitsAndPasses('the thank-you');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The receipt, once, in the local mailbox.
  const receipts = await eventually(
    () => mailTo(email),
    (mail) => mail.length > 0,
    30_000,
  );
  expect(receipts).toHaveLength(1);
  expect(receipts[0].subject).toBe('Your receipt from Mariners NIL Collective LLC: $50.00');
  expect(receipts[0].text).toContain('are not deductible as charitable contributions for federal income tax purposes');
  expect(receipts[0].text).toMatch(/Open: http.+\/api\/support\/1\/manage\?s=sub_/);

  const figures = await api<AthleteDonationsResponse>(`/demo/athletes/${member}/donations`, null);
  expect(figures.comments).toContainEqual({ donorName: `Fan ${run}`, amountCents: 5_000, comment: `Go Mariners ${run}` });
  expect(figures.collective.recurringThisMonth).toBeGreaterThanOrEqual(2); // the seed's membership and this one
  expect(JSON.stringify(figures)).not.toContain('@');

  // Manage membership: the stand-in's customer portal, where the member cancels.
  await page.getByRole('link', { name: 'Manage membership' }).click();
  await page.waitForURL(/\/local-stripe\/billing\/bps_/);
  await page.getByRole('heading', { name: 'Manage your subscription' }).waitFor();
  await page.getByText('$50.00 per month').waitFor();
  await fitsAndPasses('the customer portal');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Change tier: Captain -> Crew, then the members per tier follow.
  await page.getByRole('radio', { name: 'Crew membership · $10.00 per month' }).check();
  await page.getByRole('button', { name: 'Update plan' }).click();
  await page.getByText('Your plan is updated: your next payment is at the new price.').waitFor();
  await page.getByText('$10.00 per month').waitFor();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByText('Your subscription is cancelled: it ends at the end of the period you paid for.').waitFor();
  await page.getByRole('button', { name: 'Renew subscription' }).waitFor();
  await page.getByRole('link', { name: /Return to/ }).click();
  await page.waitForURL(/\/support\/1$/);
  await page.getByRole('region', { name: 'Supporters' }).getByText(`Fan ${run}`).waitFor();
  await page.getByRole('button', { name: /Continue to payment/ }).waitFor();
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
