// Collective sign-up in Chromium against local mode (issue 22 item 1): a new account signs up from
// /collectives/join and applies for a new school; the operator sees the application (and the one
// local mode seeded) in its console and approves it; the collective opens its dashboard and sees
// its Get started checklist, the new school's colours done and the rest to do; it links its Stripe
// account through the stand-in's hosted onboarding, and the checklist counts it.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ApplicationsResponse, MyApplicationResponse } from '#shared/onboarding/collective-signup-api';
import { useBrowserPage } from '../support/browser';
import { PNG, api, completeStripeOnboarding, eventually, signInUi, signUpUi, tokenOf, url } from '../support/e2e-api';

jest.setTimeout(180_000);

let page: Page;
const browserState = useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const run = Date.now().toString(36);

/** How far the page scrolls sideways at a phone's width (0: not at all), measured at 375 px. */
async function sidewaysAt375(p: Page): Promise<number> {
  const size = p.viewportSize();
  await p.setViewportSize({ width: 375, height: 800 });
  const overflow = Number(await p.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
  if (size) await p.setViewportSize(size);
  return overflow;
}

it('a new account applies for a new school, the operator approves, and the collective sees its checklist', async () => {
  const email = `founder.${run}@example.com`;
  const username = `founder${run}`;
  const organisation = `Riverside Boosters ${run}`;
  const school = `Riverside Tech ${run}`;

  // Local mode seeded one pending application through the same API.
  const operatorToken = await tokenOf('operator', 'operator-demo');
  const seeded = await eventually(
    () => api<ApplicationsResponse>('/operator/applications?status=pending', operatorToken),
    (p) => p.items.some((a) => a.submittedBy.username === 'applicant'),
  );
  expect(seeded.items.find((a) => a.submittedBy.username === 'applicant')).toMatchObject({ state: 'pending', school: { kind: 'new', name: 'Lakeside State' } });

  // A visitor signs up from the join page and comes back to it.
  await page.goto(url('/collectives/join'));
  await page.getByRole('heading', { name: 'Join Drift as a collective' }).waitFor();
  await signUpUi(page, username, email);
  await page.waitForURL((u) => u.pathname === '/collectives/join');

  const form = page.getByRole('form', { name: 'Apply as a collective' });
  await form.waitFor();
  // Submitting empty names the fields.
  await form.getByRole('button', { name: 'Apply' }).click();
  await form.getByText('Organisation name is required').waitFor();
  await form.getByText('Terms: read and accept the terms to apply').waitFor();

  await form.getByLabel(/^Organisation name/).fill(organisation);
  await form.getByLabel(/^Legal name/).fill(`${organisation} Inc.`);
  await form.getByLabel(/^Website/).fill('https://riverside.example.org');
  await form.getByLabel(/^Phone/).fill('+1 555 010 0177');
  await form.getByLabel('Add my school').check();
  await form.getByLabel(/^School name/).fill(school);
  await form.getByLabel(/^State/).selectOption('PA');
  const logo = path.join(os.tmpdir(), `logo-${run}.png`);
  writeFileSync(logo, PNG);
  await form.getByLabel(/^School logo/).setInputFiles(logo);
  await form.getByLabel(/^Primary colour( \*)?$/).fill('#123456');
  await form.getByRole('checkbox', { name: /I have read the terms/ }).check();
  expect(await sidewaysAt375(page)).toBe(0);
  await form.getByRole('button', { name: 'Apply' }).click();
  await page.getByText(/^Under review/).waitFor();

  // The operator approves it in the console.
  const operator = await browserState.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const console = await operator.newPage();
    console.setDefaultTimeout(20_000);
    await signInUi(console, 'operator', 'operator-demo', '/operator');
    const card = console.getByRole('article', { name: new RegExp(organisation) });
    await card.waitFor();
    await card.getByText(`New school: ${school}`).waitFor();
    await card.getByText(`${username} (${email})`).waitFor();
    expect(await sidewaysAt375(console)).toBe(0);
    await card.getByRole('button', { name: `Approve ${organisation}` }).click();
    await console.getByText(`Approved: ${organisation} is the collective of ${school}, and its account is linked.`).waitFor();
  } finally {
    await operator.close();
  }

  // The applicant's page shows the approval; the dashboard opens with the new collective.
  await page.reload();
  await page.getByText(/^Approved/).waitFor();
  await page.getByRole('button', { name: 'Open your collective dashboard' }).click();
  await page.waitForURL((u) => u.pathname === '/collective');
  await page.getByText(organisation).first().waitFor();
  const checklist = page.getByRole('region', { name: 'Get started' });
  await checklist.waitFor();
  await checklist.getByText('1 of 5 steps done.').waitFor();
  expect(await sidewaysAt375(page)).toBe(0);
  const steps = checklist.getByRole('listitem');
  expect(await steps.count()).toBe(5);
  expect(await steps.nth(1).textContent()).toContain('(done)');
  expect(await steps.nth(0).textContent()).toContain('(not done yet)');
  // Each step opens where it is done.
  await steps.nth(2).getByRole('link').click();
  await page.waitForURL((u) => u.searchParams.get('section') === 'settings' && u.searchParams.get('tab') === 'invites');
  await page.getByRole('tab', { name: 'Invites', selected: true }).waitFor();

  // The school is on Drift with the colours and logo it was given.
  const collectiveToken = await tokenOf(username, 'secret123');
  const { application } = await api<MyApplicationResponse>('/collective-applications/mine', collectiveToken);
  expect(application).toMatchObject({ state: 'approved', linked: true, decidedBy: 'operator' });
  const mine = await api<{ collective: { name: string }; school: { name: string; colors: { primary: string } } }>(
    `/collectives/${application!.collectiveId}`,
    collectiveToken,
  );
  expect(mine).toMatchObject({ collective: { name: organisation }, school: { name: school, colors: { primary: '#123456' } } });

  // The new collective links its Stripe account on the stand-in's hosted onboarding (the checklist's
  // first step), comes back to its dashboard with the account linked, and the step is done.
  await page.goto(url('/collective?section=settings&tab=payments'));
  await page.getByRole('button', { name: 'Link Stripe' }).click();
  await completeStripeOnboarding(
    page,
    {
      business: 'Company or non-profit',
      legalName: `${organisation} Inc.`,
      email,
      description: 'NIL collective: pays its athletes and takes donations',
      account: '000123456789',
    },
    '/collective',
  );
  await page.getByText('Linked', { exact: true }).first().waitFor();
  await page.goto(url('/collective'));
  await page.getByRole('region', { name: 'Get started' }).getByText('2 of 5 steps done.').waitFor();
});
