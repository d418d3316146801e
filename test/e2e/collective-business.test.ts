// The collective runs its business in Chromium against local mode (signed in as collective):
// a card with an uploaded image for athlete 1 on the Cards section's step-by-step form, checked with
// the server's rules (price 0, edition 0, a file that is not an image), submitted from the board,
// approved by the athlete through the API, published and on sale; a card the athlete rejected shows
// the reason; an invite with its link; everything owed paid in one action after its preview (through
// Stripe where the athlete has a payout account), the batch's CSV downloaded, the payout of an
// athlete without one marked paid by hand and listed as a Payout in Transactions.
import type { Page } from 'playwright-core';
import type { AthleteProfileResponse } from '#shared/catalog/catalog-api';
import type { OwnerCard, OwnerCardsResponse } from '#shared/cards/cards-api';
import { baseUrl, useBrowserPage } from '../support/browser';
import { PNG, api, eventually, saleAfterSeed, signInUi, tokenOf, url } from '../support/e2e-api';

jest.setTimeout(150_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const run = Date.now().toString(36);

async function openSettingsTab(tab: string): Promise<void> {
  await page.goto(url('/collective?section=settings'));
  await page.getByRole('tab', { name: tab }).click();
}

/** Creates a draft card of Marcus Reed (athlete 1, chosen on the board) through the step-by-step form. */
async function createCardInUi(name: string): Promise<void> {
  await page.getByRole('button', { name: 'New card' }).click();
  const form = page.getByRole('form', { name: 'New card' });
  await form.getByLabel(/^Card image/).setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PNG });
  await form.getByLabel('Title').fill(name);
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByLabel(/^Price/).fill('12.50');
  await form.getByLabel(/^Edition size/).fill('10');
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByLabel('Set', { exact: true }).selectOption({ label: `Season ${run}` });
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('button', { name: 'Create draft' }).click();
  await page.getByText(`${name} was created as a draft. Submit it for the athlete's approval.`).waitFor();
}

/** The Cards section with Marcus Reed's cards on the board. */
async function openCards(): Promise<void> {
  await page.goto(url('/collective?section=cards'));
  await page.getByLabel('Athlete', { exact: true }).selectOption({ label: 'Marcus Reed' });
  await page.getByRole('list', { name: 'Live cards' }).waitFor();
}

/** A card's item on the board. */
const boardCard = (name: string) => page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

/** At a phone's 375 px the page itself never scrolls sideways (wide tables scroll inside their frame). */
async function expectNoHorizontalScrollAt375(): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  // The page lays itself out again for the phone (media queries, components that follow them):
  // read until it has, rather than after a fixed pause.
  const overflow = await eventually(
    async () => Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')),
    (value) => value <= 0,
    10_000,
  );
  if (size) await page.setViewportSize(size);
  expect(overflow).toBeLessThanOrEqual(0);
}

const ownerCard = async (name: string): Promise<OwnerCard> => {
  const owned = await api<OwnerCardsResponse>('/athletes/1/cards', await tokenOf('athlete', 'athlete'));
  const card = owned.cards.find((c) => c.name === name);
  if (!card) throw new Error(`no card ${name}`);
  return card;
};

describe("the collective's business in the browser", () => {
  it('refuses bad card input with the server’s messages, then creates, submits and publishes a card the athlete approved, and shows a rejection’s reason', async () => {
    await signInUi(page, 'collective', 'collective');
    await openCards();

    // Bad input: each field names its problem on its step, nothing is sent.
    await page.getByRole('button', { name: 'New card' }).click();
    const form = page.getByRole('form', { name: 'New card' });
    await form.getByLabel('Title').fill(`Bad ${run}`);
    await form.getByLabel(/^Card image/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await form.getByText('Only PNG, JPG or GIF images can be uploaded').waitFor();
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByText('Only PNG, JPG or GIF images can be uploaded').waitFor();
    await form
      .getByRole('list', { name: 'Steps' })
      .getByRole('button', { name: /Price & size/ })
      .click();
    await form.getByLabel(/^Price/).fill('0');
    await form.getByLabel(/^Edition size/).fill('0');
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByText('Price must be more than $0.00').waitFor();
    await form.getByText('Edition size must be at least 1').waitFor();
    await form.getByRole('list', { name: 'Steps' }).getByRole('button', { name: /Art/ }).click();
    expect(await form.getByLabel('Title').inputValue()).toBe(`Bad ${run}`);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Every card goes into a set: a new one for this run.
    await page.getByLabel('New set name').fill(`Season ${run}`);
    await page.getByRole('button', { name: 'Create Set' }).click();
    await page.getByText(`Set Season ${run} was created.`).waitFor();

    const name = `Rookie ${run}`;
    await createCardInUi(name);
    await page.getByRole('button', { name: `Submit for approval: ${name}` }).click();
    await page.getByText(`${name} was sent to Marcus Reed for approval.`).waitFor();
    await page.getByRole('list', { name: 'Waiting for athlete cards' }).getByText(name, { exact: true }).waitFor();

    // The athlete approves the exact image version it reviewed.
    const pending = await ownerCard(name);
    await api(`/athletes/1/cards/${pending.id}/approve`, await tokenOf('athlete', 'athlete'), 'POST', { imageHash: pending.imageHash });
    // A second card the athlete rejects with a reason.
    const rejectedName = `Blurry ${run}`;
    await createCardInUi(rejectedName);
    await page.getByRole('button', { name: `Submit for approval: ${rejectedName}` }).click();
    await page.getByText(`${rejectedName} was sent to Marcus Reed for approval.`).waitFor();
    const toReject = await ownerCard(rejectedName);
    await api(`/athletes/1/cards/${toReject.id}/reject`, await tokenOf('athlete', 'athlete'), 'POST', { reason: `The photo is blurry ${run}` });

    await openCards();
    await boardCard(rejectedName).getByText(`Rejected by Marcus Reed: “The photo is blurry ${run}”. Edit it, then submit it again.`).waitFor();
    await page.getByRole('list', { name: 'Approved cards' }).getByText(name, { exact: true }).waitFor();
    // Local mode assigns a local product: Publish needs no product id here.
    await page.getByRole('button', { name: `Publish ${name}` }).click();
    await page.getByText(`${name} is published and on sale.`).waitFor();
    await page.getByRole('list', { name: 'Live cards' }).getByText(name, { exact: true }).waitFor();
    await expectNoHorizontalScrollAt375();

    const profile = await api<AthleteProfileResponse>('/athletes/1', null);
    const onSale = profile.cards.find((c) => c.name === name);
    expect(onSale).toMatchObject({ state: 'published', buyable: true, priceCents: 1250, editionSize: 10 });
    await page.goto(url('/athlete/1'));
    await page.getByText(name).first().waitFor();
  });

  it('invites an athlete and shows the claim link once', async () => {
    await signInUi(page, 'collective', 'collective');
    await openSettingsTab('Invites');
    const form = page.getByRole('form', { name: 'Invite an athlete' });
    await form.getByRole('button', { name: 'Create Invite' }).click();
    await form.getByText('Email is required').waitFor();
    // Tyler Vance: athlete-business claims an invite for Jalen Brooks, after which he has an account (no invite).
    await form.getByLabel('Athlete', { exact: true }).selectOption({ label: 'Tyler Vance' });
    await form.getByLabel("Athlete's email").fill(`tyler.${run}@example.com`);
    await form.getByRole('button', { name: 'Create Invite' }).click();
    const link = page.getByLabel('Invite link');
    await link.waitFor();
    expect(await link.inputValue()).toMatch(new RegExp(`^${baseUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/claim/[\\w-]{20,}$`));
    await page
      .getByRole('row', { name: new RegExp(`tyler\\.${run}@example\\.com`) })
      .getByText('Pending')
      .waitFor();
    await expectNoHorizontalScrollAt375();
  });

  it('pays everything owed in one action after its preview, downloads the batch CSV, marks by hand the payout of an athlete without a payout account and lists it as a Payout in Transactions', async () => {
    // Local mode seeds the demo's payout batch (everything earned until then) after its sample orders:
    // the sales below must come after it, or the seed's batch would take them.
    await saleAfterSeed(1);
    await saleAfterSeed(2);

    await signInUi(page, 'collective', 'collective');
    await page.goto(url('/collective?section=payouts'));
    // The preview: who gets what and how (Marcus Reed is paid through Stripe; Jalen Brooks has no payout account).
    const who = page.getByRole('table', { name: /^Who gets what/ });
    await who
      .getByRole('row', { name: /Marcus Reed/ })
      .getByText('Stripe, to their bank')
      .waitFor();
    await who
      .getByRole('row', { name: /Jalen Brooks/ })
      .getByText('Waits for their payout account')
      .waitFor();
    await page.getByRole('button', { name: /^Pay everything owed through/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Pay \$/ })
      .click();
    await page.getByText(/^Paying \$[\d,.]+ to \d+ athletes?: /).waitFor();

    // The batch it made is the newest.
    await page
      .getByRole('button', { name: /^Show payouts of/ })
      .first()
      .click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^payouts-\d{14}-[0-9a-f]{8}\.csv$/);

    // Jalen Brooks's payout waits for a payout account: the collective pays it from its bank and marks it.
    const reference = `ACH-${run}`;
    await page.getByRole('checkbox', { name: 'Select the payout of Jalen Brooks' }).check();
    await page.getByRole('button', { name: 'Mark paid…' }).click();
    const panel = page.getByRole('dialog', { name: 'Mark 1 payout paid' });
    await panel.getByLabel(/^Reference for Jalen Brooks/).fill(reference);
    await panel.getByRole('button', { name: 'Mark 1 payout paid' }).click();
    await page.getByText('1 payout marked paid.').waitFor();
    await page
      .getByRole('row', { name: /Jalen Brooks/ })
      .filter({ hasText: reference })
      .getByText('Done')
      .waitFor();
    await expectNoHorizontalScrollAt375();

    await page.getByRole('tab', { name: 'Transactions' }).click();
    const payoutRow = page.getByRole('row').filter({ hasText: `ref ${reference}` });
    // Marking a payout refreshes the collective's reads, the paged feed among them (no reload).
    await payoutRow.getByText('Payout', { exact: true }).waitFor();
    await payoutRow.getByText('Completed', { exact: true }).waitFor();
  });
});
