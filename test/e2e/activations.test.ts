// Activations in Chromium against local mode (issue 33 item 3; docs/decisions/0027-activations.md), at
// 375 px (a phone) and 1280 px: the collective (collective/collective) records an activation in
// Payouts (the errors under the fields first, then the confirmation dialog), the athlete
// (athlete/athlete) finds it in Earnings → Activations and confirms it (at 1280) or declines it with
// a reason (at 375), the balance moves only for the confirmed one, and the collective's list shows the
// answer. On each screen nothing runs past the window and axe-core finds no violation. The old
// allocation route answers 410 with the reason.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AthletePayoutsResponse } from '#shared/money/payouts-api';
import { ALLOCATION_GONE_MESSAGE, type ActivationsResponse } from '#shared/money/activations';
import { useBrowserPage } from '../support/browser';
import { api, eventually, localSeedDone, signInUi, tokenOf, url } from '../support/e2e-api';

jest.setTimeout(300_000);

let page: Page;
const browserState = useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const run = Date.now().toString(36);

/** What runs past the window or scrolls sideways ([] when nothing). */
const OVERFLOW = `(() => {
  const problems = [];
  const doc = document.documentElement;
  const width = doc.clientWidth;
  if (doc.scrollWidth > width) problems.push('the page scrolls sideways by ' + (doc.scrollWidth - width) + ' px');
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.sr-only, [aria-hidden="true"]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 0.5) {
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') { clipped = true; break; }
      if (!clipped) problems.push(el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '" runs past the window');
    }
  }
  return problems.slice(0, 10);
})()`;

async function checkPage(where: string): Promise<void> {
  await eventually(
    () => page.locator('.spinner-wrap').count(),
    (n) => n === 0,
    20_000,
  );
  expect({ where, problems: (await page.evaluate(OVERFLOW)) as string[] }).toEqual({ where, problems: [] });
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) =>
    v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')))`)) as string[];
  expect({ where, violations }).toEqual({ where, violations: [] });
}

const balanceOf1 = async () => (await api<AthletePayoutsResponse>('/athletes/1/payouts', await tokenOf('athlete', 'athlete'))).balanceCents;

describe.each([
  [1280, 'confirm'],
  [375, 'decline'],
] as const)('activations at %i px', (width, answer) => {
  it(`are recorded by the collective and ${answer === 'confirm' ? 'confirmed' : 'declined'} by the athlete`, async () => {
    await localSeedDone();
    await page.setViewportSize({ width, height: 800 });
    const description = `Food drive appearance ${run}-${width}`;
    const price = width === 1280 ? '123.45' : '67.89';

    // The collective records it.
    await signInUi(page, 'collective', 'collective', '/collective?section=payouts');
    await page.goto(url('/collective?section=payouts'));
    const form = page.getByRole('form', { name: 'Record an activation' });
    await form.waitFor();
    await checkPage(`collective payouts at ${width}`);
    await form.getByRole('button', { name: 'Record activation' }).click();
    await form.getByText('Choose one of your athletes').waitFor();
    await form.getByText('Choose what the athlete delivers').waitFor();
    await checkPage(`the form's errors at ${width}`);
    await form.getByLabel(/^Athlete/).selectOption({ label: 'Marcus Reed' });
    await form.getByLabel(/^Deliverable/).selectOption({ label: 'Appearance' });
    await form.getByLabel(/^Description/).fill(description);
    await form.getByLabel(/^Price/).fill(price);
    await form.getByLabel(/^Proof/).fill('https://example.com/food-drive');
    await form.getByRole('button', { name: 'Record activation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record this activation?' });
    await dialog.waitFor();
    await checkPage(`the confirmation at ${width}`);
    await dialog.getByRole('button', { name: `Record $${price}` }).click();
    await form.getByText(/^Recorded: \$.* for Marcus Reed\. They are paid once they confirm it was delivered\.$/).waitFor();
    const list = page.getByRole('table', { name: 'Your activations, newest first' });
    const row = list.getByRole('row').filter({ hasText: description });
    await row.getByText('Waiting for the athlete').waitFor();
    await checkPage(`the list at ${width}`);

    // The athlete answers it.
    const before = await balanceOf1();
    const athleteContext = await browserState.browser.newContext({ viewport: { width, height: 800 } });
    page = await athleteContext.newPage();
    page.setDefaultTimeout(20_000);
    await signInUi(page, 'athlete', 'athlete', '/athlete?tab=activations');
    await page.goto(url('/athlete?tab=activations'));
    const item = page.getByRole('list', { name: 'Activations waiting for your answer' }).getByRole('listitem').filter({ hasText: description });
    await item.waitFor();
    await checkPage(`the athlete's activations at ${width}`);
    const cents = Math.round(Number(price) * 100);
    if (answer === 'confirm') {
      await item.getByRole('button', { name: /^Confirm / }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm you delivered it?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: `Confirm $${price}` }).click();
      await page.getByText(`Confirmed. $${price} is in your balance and is paid with your next payout.`).waitFor();
      expect(await balanceOf1()).toBe(before + cents);
    } else {
      await item.getByRole('button', { name: /^Decline / }).click();
      const decline = page.getByRole('dialog', { name: `Decline the $${price} activation?` });
      await decline.getByRole('button', { name: 'Decline' }).click();
      await decline.getByText(/^Say why/).waitFor();
      await checkPage(`the decline dialog at ${width}`);
      await decline.getByLabel(/^Reason/).fill('I was away that weekend');
      await decline.getByRole('button', { name: 'Decline' }).click();
      await page.getByText(/^Declined\. .* sees your reason; nothing is paid for it\.$/).waitFor();
      expect(await balanceOf1()).toBe(before);
    }
    const answered = page
      .getByRole('table', { name: /answered or your collective canceled/ })
      .getByRole('row')
      .filter({ hasText: description });
    await answered.getByText(answer === 'confirm' ? 'Confirmed' : 'Declined', { exact: true }).waitFor();
    await checkPage(`the athlete's answer at ${width}`);
    await athleteContext.close();
  });
});

it("refuses the old allocation route with the reason; the seed's activation is confirmed and paid", async () => {
  await localSeedDone();
  const seeded = await api<ActivationsResponse>('/athletes/1/activations', await tokenOf('athlete', 'athlete'));
  expect(seeded.activations.find((a) => a.description.startsWith('Autograph session at the spring game'))).toMatchObject({ status: 'confirmed' });
  const res = await fetch(url('/api/collectives/1/donations/d-1002/allocations'), {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf('collective', 'collective')}`, 'content-type': 'application/json', 'idempotency-key': `gone-${run}` },
    body: JSON.stringify({ allocations: [{ athleteId: 1, amountCents: 100 }] }),
  });
  expect(res.status).toBe(410);
  expect(await res.json()).toMatchObject({ error: { code: 'gone', message: ALLOCATION_GONE_MESSAGE } });
});
