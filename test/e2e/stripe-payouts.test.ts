// The Stripe payout rail in Chromium against local mode (the Stripe stand-in mounted, its signed
// events delivered to /api/webhooks/stripe): the seeded demo (athlete 1 linked and paid through
// Stripe); an athlete who just claimed its profile links a payout account on the stand-in's hosted
// onboarding with Stripe's failing test bank account; the collective presses Pay now on a batch;
// athlete 1's payout ends paid, the new athlete's failed with Stripe's reason and its amount back
// in its balance, as both panels show; then an operator reverses part of athlete 1's transfer and
// the payout reads "reversed in part", the part back in the balance.
import type { Page } from 'playwright-core';
import type { AthletePayoutsResponse, CollectivePayoutsResponse, PayoutBatchView } from '#shared/money/payouts-api';
import type { CreatedInvite } from '#shared/onboarding/onboarding-api';
import type { ActivationView } from '#shared/money/activations';
import { useBrowserPage } from '../support/browser';
import { api, codeFor, cognito, completeStripeOnboarding, eventually, localSeedDone, signInUi, tokenOf, url } from '../support/e2e-api';
import { adultSignUp } from '../support/age-screen';

jest.setTimeout(180_000);

let page: Page;
const browserState = useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const run = Date.now().toString(36);

it('links a payout account on Stripe, pays a batch with Pay now, and shows one payout paid and one failed with its amount back', async () => {
  await localSeedDone();
  // The seed: athlete 1's account linked and a batch paid through Stripe.
  const seeded = await eventually(
    () => api<AthletePayoutsResponse>('/demo/athletes/1/payouts', null),
    (p) => p.payouts.some((x) => x.status === 'paid' && (x.attempt ?? 0) >= 1),
  );
  expect(seeded.payoutAccount).toMatchObject({ payoutsEnabled: true });

  // A new account claims athlete 10's profile (Avery Collins: no other browser test claims or invites her,
  // so the tests share one local mode in any order).
  const collective = await tokenOf('collective', 'collective');
  const email = `payee.${run}@example.com`;
  const username = `payee${run}`;
  const invite = await api<CreatedInvite>('/collectives/1/invites', collective, 'POST', { athleteId: 10, email });
  await cognito('SignUp', { Username: username, Password: 'secret123', ...adultSignUp(email) });
  await cognito('ConfirmSignUp', { Username: username, ConfirmationCode: await codeFor(email) });
  await api(`/invites/${invite.code}/claim`, await tokenOf(username, 'secret123'), 'POST', {});

  // The athlete links a payout account through the stand-in's hosted onboarding (the failing test bank account).
  await signInUi(page, username, 'secret123', '/athlete?tab=payouts');
  await page.goto(url('/athlete?tab=payouts'));
  await page.getByRole('heading', { name: 'Payout account' }).waitFor();
  await page.getByText('Not linked').waitFor();
  await page.getByRole('button', { name: 'Link payout account' }).click();
  await completeStripeOnboarding(
    page,
    {
      business: 'Individual or sole proprietor',
      legalName: 'Ava Thompson',
      email,
      description: 'College athlete, official NIL trading cards',
      account: '000111111116',
    },
    '/athlete',
  );
  await page.getByText('Linked', { exact: true }).waitFor();

  // Money for both: an activation each, confirmed by the athlete (paying donations with nothing
  // delivered is refused: docs/decisions/0027), then a batch.
  const payeeToken = await tokenOf(username, 'secret123');
  for (const [athleteId, priceCents, token] of [
    [1, 1_234, await tokenOf('athlete', 'athlete')],
    [10, 567, payeeToken],
  ] as const) {
    const activation = await api<ActivationView>('/collectives/1/activations', collective, 'POST', {
      athleteId,
      kind: 'social_post',
      description: 'A post about the payout rail',
      date: new Date().toISOString().slice(0, 10),
      priceCents,
      proofUrl: 'https://example.com/post',
      idempotencyKey: `e2e-stripe-act-${athleteId}-${run}`,
    });
    await api(`/athletes/${athleteId}/activations/${activation.id}/confirm`, token, 'POST', {});
  }
  const batch = await api<PayoutBatchView>('/collectives/1/payouts/batches', collective, 'POST', {
    periodStart: '2026-01-01',
    periodEnd: new Date(Date.now() + 1000).toISOString(),
    idempotencyKey: `e2e-stripe-batch-${run}`,
  });
  const lineOf = (athleteId: number) => batch.lines!.find((l) => l.athleteId === athleteId)!;
  expect(lineOf(10).amountCents).toBeGreaterThanOrEqual(567);

  // The collective presses Pay now and watches the payouts settle.
  page = await (await browserState.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInUi(page, 'collective', 'collective', '/collective?section=payouts');
  await page.goto(url('/collective?section=payouts'));
  await page.getByRole('heading', { name: 'Stripe account' }).waitFor();
  await page
    .getByRole('button', { name: /^Show payouts of/ })
    .first()
    .waitFor();
  const payouts = await api<CollectivePayoutsResponse>('/collectives/1/payouts', collective);
  const index = payouts.batches.findIndex((b) => b.batchId === batch.batchId);
  await page
    .getByRole('button', { name: /^Show payouts of/ })
    .nth(index)
    .click();
  const table = page.getByRole('table', { name: `Payouts of batch ${batch.batchId}` });
  await table.waitFor();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByText(/^Pay now: /).waitFor();
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await row('Marcus Reed').getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
  const failedRow = row(invite.athleteName);
  await failedRow.getByText('Failed', { exact: true }).waitFor({ timeout: 30_000 });
  await failedRow.getByText(/no account/).waitFor();
  await failedRow.getByRole('button', { name: /^Retry the payout/ }).waitFor();

  // The athlete sees it failed, and its amount back in the balance.
  const money = await api<AthletePayoutsResponse>('/athletes/10/payouts', payeeToken);
  expect(money.payouts.find((p) => p.batchId === batch.batchId)).toMatchObject({ status: 'failed', failure: { code: 'no_account' } });
  expect(money.balanceCents).toBeGreaterThanOrEqual(lineOf(10).amountCents);
  const paid = await api<AthletePayoutsResponse>('/athletes/1/payouts', await tokenOf('athlete', 'athlete'));
  const paidLine = paid.payouts.find((p) => p.batchId === batch.batchId)!;
  expect(paidLine).toMatchObject({ status: 'paid', paidDate: new Date().toISOString().slice(0, 10) });

  // An operator reverses part of athlete 1's transfer in Stripe (the stand-in's API, as Stripe's):
  // the payout stays paid, reads "reversed in part", and the part is back in the balance and off paid out.
  const reversal = await fetch(url(`/local-stripe/v1/transfers/${paidLine.transferId}/reversals`), {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_local_drift', 'content-type': 'application/x-www-form-urlencoded' },
    body: 'amount=234',
  });
  expect(reversal.status).toBe(200);
  const reversed = await eventually(
    async () => api<AthletePayoutsResponse>('/athletes/1/payouts', await tokenOf('athlete', 'athlete')),
    (p) => p.payouts.some((x) => x.batchId === batch.batchId && x.reversedCents === 234),
  );
  expect(reversed.paidOutCents).toBe(paid.paidOutCents - 234);
  expect(reversed.balanceCents).toBe(paid.balanceCents + 234);
  await page.reload();
  await page
    .getByRole('button', { name: /^Show payouts of/ })
    .nth(index)
    .click();
  await row('Marcus Reed').getByText('Paid, reversed in part').waitFor();
});
