// A card's whole life in Chromium against local mode, every step through the screens a user
// clicks (issue #10): the collective creates a Base card and a Gold card locked until 2 Base are
// sold, each with an uploaded image, on the Cards section's step-by-step form, and sends them for
// approval; the athlete approves both in its panel;
// the collective publishes them; a signed-in fan buys the Base card and finds its serial in My
// Collection; the Gold card's page shows its progress and refuses to sell; a second Base sale
// reaches the quota, the Gold card unlocks and the fan buys it, serial #1.
import type { BrowserContext, Page } from 'playwright-core';
import type { AthleteProfileResponse } from '#shared/catalog/catalog-api';
import type { OwnerCardsResponse } from '#shared/cards/cards-api';
import { useBrowserPage } from '../support/browser';
import { PNG, api, eventually, signInUi, tokenOf, url } from '../support/e2e-api';

jest.setTimeout(180_000);

const browserState = useBrowserPage({ timeoutMs: 20_000 });
const run = Date.now().toString(36);
const base = `Lifecycle Base ${run}`;
const gold = `Lifecycle Gold ${run}`;

/** Another signed-in user in the same browser (its own storage), closed with the test's context. */
async function pageOf(username: string, password: string, opened: BrowserContext[]): Promise<Page> {
  const context = await browserState.browser.newContext({ viewport: { width: 1280, height: 900 } });
  opened.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInUi(page, username, password);
  return page;
}

/** The step-by-step card form, from New card to "Create and send for approval" (issue 25 item 2). */
async function createCard(page: Page, name: string, options: { price: string; edition: string; lockedOn?: string; units?: string }): Promise<void> {
  await page.getByRole('button', { name: 'New card' }).click();
  const form = page.getByRole('form', { name: 'New card' });
  const next = () => form.getByRole('button', { name: 'Next' }).click();
  // The board shows Marcus Reed alone: the form starts at the art, his card.
  await form.getByLabel(/^Card image/).setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PNG });
  await form.getByLabel('Title').fill(name);
  await form
    .getByRole('region', { name: /^Preview/ })
    .getByRole('img', { name: `Preview of ${name}` })
    .waitFor();
  await next();
  if (options.lockedOn) await form.getByLabel('Edition', { exact: true }).selectOption('Gold');
  await next();
  await form.getByLabel(/^Price/).fill(options.price);
  await form.getByLabel(/^Edition size/).fill(options.edition);
  await next();
  await form.getByLabel('Set', { exact: true }).selectOption({ label: `Lifecycle ${run}` });
  if (options.lockedOn) {
    await form.getByLabel(/^Locked until another card/).check();
    await form.getByLabel('Unlocks on sales of').selectOption({ label: options.lockedOn });
    await form.getByLabel('Units to unlock').fill(options.units ?? '1');
  }
  await next();
  await form.getByRole('button', { name: 'Create and send for approval' }).click();
  await page.getByText(`${name} was created and sent to Marcus Reed for approval.`).waitFor();
}

/** Buys one unit on the card page (reopened while its cached state still says it cannot sell): Buy, then Confirm purchase on the review. */
async function buy(page: Page, cardId: number): Promise<void> {
  const deadline = Date.now() + 45_000;
  const buyButton = page.getByRole('button', { name: 'Buy', exact: true });
  for (;;) {
    await page.goto(url(`/athlete/1/card/${cardId}`));
    await buyButton.waitFor();
    if (await buyButton.isEnabled()) break;
    if (Date.now() > deadline) throw new Error(`card ${cardId} cannot be bought`);
    await page.waitForTimeout(2_000);
  }
  await buyButton.click();
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
  await page.getByRole('heading', { name: 'Purchase Successful!' }).waitFor();
}

/** Opens `path` until `text` shows: public answers may be cached for up to 20 s (docs/API.md, "Freshness"). */
async function untilShown(page: Page, path: string, text: string): Promise<void> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    await page.goto(url(path));
    try {
      await page.getByText(text).first().waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

const publicCard = async (name: string) => (await api<AthleteProfileResponse>('/athletes/1', null)).cards.find((c) => c.name === name);

describe('a card from creation to an unlocked edition, in the browser', () => {
  const opened: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });

  it('is created, approved, published, bought with a serial, and its locked sibling unlocks at the quota', async () => {
    // The collective: a set, a Base card and a Gold card locked until 2 Base are sold.
    const collective = browserState.page;
    await signInUi(collective, 'collective', 'collective');
    await collective.goto(url('/collective?section=cards'));
    await collective.getByLabel('Athlete', { exact: true }).selectOption({ label: 'Marcus Reed' });
    await collective.getByRole('list', { name: 'Live cards' }).waitFor();
    await collective.getByLabel('New set name').fill(`Lifecycle ${run}`);
    await collective.getByRole('button', { name: 'Create Set' }).click();
    await collective.getByText(`Set Lifecycle ${run} was created.`).waitFor();
    await createCard(collective, base, { price: '2.00', edition: '5' });
    await createCard(collective, gold, { price: '9.00', edition: '3', lockedOn: base, units: '2' });
    expect(await publicCard(base)).toBeUndefined(); // nothing is public before approval and publication

    // The athlete approves both, each shown as fans will see it.
    const athlete = await pageOf('athlete', 'athlete', opened);
    await athlete.goto(url('/athlete?tab=approvals'));
    for (const name of [base, gold]) {
      await athlete.getByRole('img', { name: `Card image of ${name}` }).waitFor();
      await athlete.getByRole('button', { name: `Approve ${name}` }).click();
      await athlete.getByText(`Approved ${name}. The collective can now publish it.`).waitFor();
    }

    // The collective publishes them (local mode assigns local products).
    await collective.goto(url('/collective?section=cards'));
    for (const name of [base, gold]) {
      await collective.getByRole('button', { name: `Publish ${name}` }).click();
      await collective.getByText(`${name} is published and on sale.`).waitFor();
    }
    const owned = await api<OwnerCardsResponse>('/athletes/1/cards', await tokenOf('athlete', 'athlete'));
    const baseId = owned.cards.find((c) => c.name === base)!.id;
    const goldId = owned.cards.find((c) => c.name === gold)!.id;

    // A signed-in fan buys the Base card: its serial shows in My Collection.
    const fan = await pageOf('buyer', 'buyer-demo', opened);
    await fan.goto(url(`/athlete/1/card/${goldId}`));
    await fan.getByText('0 of 2 Base sold to unlock').waitFor();
    expect(await fan.getByRole('button', { name: 'Buy', exact: true }).isDisabled()).toBe(true);
    await buy(fan, baseId);
    await eventually(
      () => publicCard(base),
      (c) => c?.sold === 1,
    );
    await fan.goto(url('/mycards'));
    await fan.getByLabel(`Serials of ${base}`).getByText('#1 / 5').waitFor();

    // The locked card's progress moved, and it still cannot be bought.
    await untilShown(fan, `/athlete/1/card/${goldId}`, '1 of 2 Base sold to unlock');
    expect(await fan.getByRole('button', { name: 'Buy', exact: true }).isDisabled()).toBe(true);
    await untilShown(fan, '/athlete/1', '1 of 2 Base sold to unlock');

    // The second Base sale reaches the quota: the Gold card unlocks and sells, serial #1 of 3.
    await buy(fan, baseId);
    const unlocked = await eventually(
      () => publicCard(gold),
      (c) => c?.locked === false,
    );
    expect(unlocked).toMatchObject({ locked: false, buyable: true });
    await buy(fan, goldId);
    await eventually(
      () => publicCard(gold),
      (c) => c?.sold === 1,
    );
    await fan.goto(url('/mycards'));
    await fan.getByLabel(`Serials of ${gold}`).getByText('#1 / 3').waitFor();
    await fan.getByLabel(`Serials of ${base}`).getByText('#1–2 / 5').waitFor();
    await untilShown(fan, `/athlete/1/card/${baseId}`, '3 of 5 left');
  });
});
