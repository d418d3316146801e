// The collective runs its business in Chromium against local mode (signed in as collective):
// a card with an uploaded image for athlete 1, checked with the server's rules (price 0, edition
// 0, a file that is not an image), submitted, approved by the athlete through the API, published
// and on sale; a card the athlete rejected shows the reason; an invite with its link; a payout
// batch after a sale, its CSV downloaded, the payout marked sent then paid and listed as a Payout
// in Transactions.
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

/** Creates a card of Marcus Reed (athlete 1) through the Cards tab's form. */
async function createCardInUi(name: string): Promise<void> {
  await page.getByRole('button', { name: 'New Card' }).click();
  const form = page.getByRole('form', { name: 'New card' });
  await form.getByLabel('Title').fill(name);
  await form.getByLabel(/^Price/).fill('12.50');
  await form.getByLabel(/^Edition size/).fill('10');
  await form.getByLabel(/^Card image/).setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PNG });
  await form.getByLabel('Set').selectOption({ label: `Season ${run}` });
  await form.getByRole('button', { name: 'Create Card' }).click();
  await page.getByText(`${name} was created as a draft. Submit it for the athlete's approval.`).waitFor();
}

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
    await openSettingsTab('Cards');
    await page.getByRole('table', { name: 'Cards of Marcus Reed' }).waitFor();

    // Bad input: each field names its problem, nothing is sent.
    await page.getByRole('button', { name: 'New Card' }).click();
    const form = page.getByRole('form', { name: 'New card' });
    await form.getByLabel('Title').fill(`Bad ${run}`);
    await form.getByLabel(/^Price/).fill('0');
    await form.getByLabel(/^Edition size/).fill('0');
    await form.getByLabel(/^Card image/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await form.getByText('Only PNG, JPG or GIF images can be uploaded').waitFor();
    await form.getByRole('button', { name: 'Create Card' }).click();
    await form.getByText('Price must be more than $0.00').waitFor();
    await form.getByText('Edition size must be at least 1').waitFor();
    await form.getByText('Only PNG, JPG or GIF images can be uploaded').waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe(`Bad ${run}`);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Every card goes into a set: a new one for this run.
    await page.getByLabel('New set name').fill(`Season ${run}`);
    await page.getByRole('button', { name: 'Create Set' }).click();
    await page.getByText(`Set Season ${run} was created.`).waitFor();

    const name = `Rookie ${run}`;
    await createCardInUi(name);
    await page.getByRole('button', { name: `Submit ${name} for approval` }).click();
    await page.getByText(`${name} was sent to Marcus Reed for approval.`).waitFor();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByText('Pending approval').waitFor();

    // The athlete approves the exact image version it reviewed.
    const pending = await ownerCard(name);
    await api(`/athletes/1/cards/${pending.id}/approve`, await tokenOf('athlete', 'athlete'), 'POST', { imageHash: pending.imageHash });
    // A second card the athlete rejects with a reason.
    const rejectedName = `Blurry ${run}`;
    await createCardInUi(rejectedName);
    await page.getByRole('button', { name: `Submit ${rejectedName} for approval` }).click();
    await page.getByText(`${rejectedName} was sent to Marcus Reed for approval.`).waitFor();
    const toReject = await ownerCard(rejectedName);
    await api(`/athletes/1/cards/${toReject.id}/reject`, await tokenOf('athlete', 'athlete'), 'POST', { reason: `The photo is blurry ${run}` });

    await openSettingsTab('Cards');
    await page
      .getByRole('row', { name: new RegExp(rejectedName) })
      .getByText(`Reason: The photo is blurry ${run}`)
      .waitFor();
    const approvedRow = page.getByRole('row', { name: new RegExp(name) });
    await approvedRow.getByText('Approved', { exact: true }).waitFor();
    // Local mode assigns a local product: Publish needs no product id here.
    await page.getByRole('button', { name: `Publish ${name}` }).click();
    await page.getByText(`${name} is published and on sale.`).waitFor();
    await approvedRow.getByText('Published', { exact: true }).waitFor();
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

  it('creates a payout batch after a sale, downloads its CSV, marks the payout sent then paid and lists it as a Payout in Transactions', async () => {
    // Local mode seeds the demo's payout batch (everything earned until then) after its sample orders:
    // the sale below must come after it, or the seed's batch would take it.
    await saleAfterSeed(1);

    await signInUi(page, 'collective', 'collective');
    await page.goto(url('/collective?section=payouts'));
    const form = page.getByRole('form', { name: 'Create payout batch' });
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Period start').fill(weekAgo);
    await form.getByLabel('Last day (UTC)').fill(today);
    await form.getByRole('button', { name: 'Create payout batch' }).click();
    await form.getByText(/^Batch created: \d+ payouts?, \$[\d,.]+ in all\.$/).waitFor();

    await page
      .getByRole('button', { name: `Show payouts of ${weekAgo} through ${today}` })
      .first()
      .click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^payouts-\d{14}-[0-9a-f]{8}\.csv$/);

    const reference = `ACH-${run}`;
    const sent = page.getByRole('form', { name: 'Mark sent: Marcus Reed' });
    await sent.getByLabel('Reference for Marcus Reed').fill(reference);
    await sent.getByRole('button', { name: 'Mark sent' }).click();
    const paid = page.getByRole('form', { name: 'Mark paid: Marcus Reed' });
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await page
      .getByRole('row', { name: /Marcus Reed/ })
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
