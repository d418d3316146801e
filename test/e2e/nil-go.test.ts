// NIL Go through both panels in Chromium against local mode (issue 23): a new athlete of the demo
// collective (its eligibility start set last year) is paid $400.00 in a payout marked paid last
// December and $300.00 in one paid today; the collective's Payouts and the athlete's panel (every
// tab's banner and the Payouts tab) raise the alert with the deadline 5 business days later and the
// 97% royalty rate; the athlete marks the record reported and the alert goes.
import type { Page } from 'playwright-core';
import type { NilGoView } from '#shared/money/compliance-api';
import type { AthletePayoutsResponse, PayoutBatchView } from '#shared/money/payouts-api';
import type { CheckoutResponse } from '#shared/sales/sales-api';
import type { CreatedInvite } from '#shared/onboarding/onboarding-api';
import type { OwnerCard } from '#shared/cards/cards-api';
import { businessDaysAfterInstant } from '#shared/platform/business-days';
import { baseUrl, useBrowserPage } from '../support/browser';
import { PNG, api, codeFor, cognito, eventually, localSeedDone, signInUi, tokenOf } from '../support/e2e-api';
import { adultSignUp } from '../support/age-screen';

jest.setTimeout(240_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const run = Date.now().toString(36);
const year = new Date().getUTCFullYear();
const today = () => new Date().toISOString().slice(0, 10);
/** How the app writes a day (lib/dates.ts: the UTC calendar date, e.g. "Dec 4, 2026"). */
const shown = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function upload(token: string): Promise<string> {
  const ticket = await api<{ uploadUrl: string; method: string; headers: Record<string, string>; imageUrl: string }>('/uploads', token, 'POST', {
    contentType: 'image/png',
    size: PNG.length,
  });
  const res = await fetch(new URL(ticket.uploadUrl, baseUrl()), { method: ticket.method, headers: ticket.headers, body: PNG });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ticket.imageUrl;
}

/** A card of the athlete made by the collective, approved by the athlete, published: on sale. */
async function cardOnSale(athleteId: number, setId: number, priceCents: number, collective: string, athlete: string): Promise<OwnerCard> {
  const base = `/collectives/1/athletes/${athleteId}/cards`;
  const made = await api<OwnerCard>(base, collective, 'POST', {
    name: `NIL Go ${priceCents} ${run}`,
    edition: 'Base',
    image: await upload(collective),
    description: 'E2E card',
    priceCents,
    editionSize: null,
    unlock: null,
    setId,
  });
  const submitted = await api<OwnerCard>(`${base}/${made.id}/submit`, collective, 'POST');
  await api(`/athletes/${athleteId}/cards/${made.id}/approve`, athlete, 'POST', { imageHash: submitted.imageHash });
  return api<OwnerCard>(`${base}/${made.id}/publish`, collective, 'POST', {});
}

/** Sells one card, waits for its earnings, then pays what the athlete is owed in a batch marked paid on `day`. */
async function sellAndPay(athleteId: number, card: OwnerCard, day: string, athlete: string, collective: string): Promise<number> {
  const before = (await api<AthletePayoutsResponse>(`/athletes/${athleteId}/payouts`, athlete)).earnedCents;
  await api<CheckoutResponse>('/checkout', null, 'POST', { athleteId, cardId: card.id, quantity: 1 });
  await eventually(
    () => api<AthletePayoutsResponse>(`/athletes/${athleteId}/payouts`, athlete),
    (p) => p.earnedCents > before,
  );
  await new Promise((r) => setTimeout(r, 5));
  const batch = await api<PayoutBatchView>('/collectives/1/payouts/batches', collective, 'POST', {
    periodStart: new Date(Date.now() - 86_400_000).toISOString(),
    periodEnd: new Date(Date.now() + 1).toISOString(),
    idempotencyKey: `nil-go-${run}-${day}`,
  });
  const line = batch.lines!.find((l) => l.athleteId === athleteId)!;
  await api(`/collectives/1/payouts/batches/${batch.batchId}/payouts/${athleteId}`, collective, 'POST', {
    status: 'paid',
    date: day,
    reference: `ACH-${run}-${day}`,
    idempotencyKey: `nil-go-paid-${run}-${day}`,
  });
  return line.amountCents;
}

it('raises the alert in both panels when $400 paid last year and $300 paid this year reach $600, and the athlete reports it', async () => {
  await localSeedDone();
  const collective = await tokenOf('collective', 'collective');
  const name = `Nia Go ${run}`;
  const created = await api<{ id: number }>('/collectives/1/athletes', collective, 'POST', { name, sport: 'Basketball', position: 'Guard', number: '12' });
  const athleteId = created.id;
  await api(`/collectives/1/athletes/${athleteId}`, collective, 'PUT', { eligibilityStart: `${year - 1}-08-01` });
  // The athlete's account: signed up with an adult's date of birth, then the invite claimed.
  const email = `nia.${run}@example.com`;
  const username = `nia${run}`;
  const invite = await api<CreatedInvite>('/collectives/1/invites', collective, 'POST', { athleteId, email });
  await cognito('SignUp', { Username: username, Password: 'secret123', ...adultSignUp(email) });
  await cognito('ConfirmSignUp', { Username: username, ConfirmationCode: await codeFor(email) });
  await api(`/invites/${invite.code}/claim`, await tokenOf(username, 'secret123'), 'POST', {});
  const athlete = await tokenOf(username, 'secret123');
  const set = await api<{ id: number }>(`/collectives/1/athletes/${athleteId}/sets`, collective, 'POST', { name: `NIL Go ${run}` });

  // $412.37 -> $400.00 (97%), paid last December; $309.28 -> $300.00 more, paid today.
  const first = await sellAndPay(athleteId, await cardOnSale(athleteId, set.id, 41_237, collective, athlete), `${year - 1}-12-15`, athlete, collective);
  expect(first).toBe(40_000);
  expect((await api<NilGoView>(`/athletes/${athleteId}/nil-go`, athlete)).alert).toBeNull();
  const second = await sellAndPay(athleteId, await cardOnSale(athleteId, set.id, 30_928, collective, athlete), today(), athlete, collective);
  expect(second).toBe(30_000);
  const deadline = businessDaysAfterInstant(today(), 5);
  const view = await api<NilGoView>(`/athletes/${athleteId}/nil-go`, athlete);
  expect(view.alert).toMatchObject({ cumulativeCents: 70_000, reportableAt: today(), deadline, terms: { royaltyBasisPoints: 9_700 }, status: 'due' });

  // The collective's Payouts.
  await signInUi(page, 'collective', 'collective', '/collective?section=payouts');
  const alerts = page.getByRole('alert', { name: 'NIL Go reports due' });
  await alerts.waitFor();
  const line = alerts.getByRole('listitem').filter({ hasText: name });
  expect(await line.textContent()).toContain(`provided ${name} $700.00 since the eligibility start; it reached $600.00 on ${shown(today())}`);
  expect(await line.textContent()).toContain(`royalty 97% of net card sales) by ${shown(deadline)} (5 business days left)`);
  const row = page.getByRole('region', { name: 'NIL Go' }).getByRole('row', { name: new RegExp(name) });
  expect(await row.textContent()).toContain(`${year - 1}-08-01`);
  expect(await row.textContent()).toContain(`Due by ${deadline} (5 business days left)`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();

  // The athlete's panel: the banner on its first screen, then the NIL Go panel (Earnings › NIL & tax).
  await signInUi(page, username, 'secret123', '/athlete');
  const banner = page.getByRole('alert').filter({ hasText: 'Report to NIL Go.' });
  await banner.waitFor();
  expect(await banner.textContent()).toContain(`by ${shown(deadline)} (5 business days left)`);
  await banner.getByRole('link', { name: 'Open NIL Go' }).click();
  const panel = page.getByRole('region', { name: 'NIL Go' });
  await panel.getByRole('alert').waitFor();
  await panel.getByRole('button', { name: 'Mark reported' }).click();
  const form = panel.getByRole('form', { name: /^Mark .* reported$/ });
  await form.getByLabel(/^Reference/).fill(`NILGO-${run}`);
  await form.getByRole('button', { name: 'Mark reported' }).click();
  await panel.getByText(`(ref NILGO-${run}).`, { exact: false }).waitFor();
  await panel.getByRole('alert').waitFor({ state: 'detached' });
  expect((await api<NilGoView>(`/athletes/${athleteId}/nil-go`, athlete)).records[0]).toMatchObject({
    status: 'reported',
    reported: { reference: `NILGO-${run}` },
  });
});
