// A fan's own data in Chromium against local mode (issue 23): a 12-year-old cannot sign up (nothing is
// emailed, logged or kept); an adult fan who bought a card opens the account page from the top bar,
// downloads their data (the order and the card's serial in the JSON file), then deletes the account
// with the code emailed to the local mailbox: signed out, the account gone, the athlete's figures as
// they were and the card still counted for an anonymous collector.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AthleteStatsResponse, CheckoutResponse } from '#shared/sales/sales-api';
import type { AccountDataExport } from '#shared/sales/account-api';
import { useBrowserPage } from '../support/browser';
import { api, cognito, codeFor, eventually, localLogLines, localSeedDone, signInUi, tokenOf, url } from '../support/e2e-api';
import { adultSignUp } from '../support/age-screen';

jest.setTimeout(180_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const run = Date.now().toString(36);

/** The local mailbox's messages to an address (the SES stand-in's JSON API). */
async function mailTo(email: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await fetch(url(`/local-mail/api/messages?to=${encodeURIComponent(email)}`));
  return ((await res.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
}

it('refuses a 12-year-old at sign-up and keeps nothing of the attempt', async () => {
  const email = `kid.${run}@example.com`;
  const linesBefore = localLogLines().length;
  const twelve = new Date();
  twelve.setUTCFullYear(twelve.getUTCFullYear() - 12);
  await page.goto(url('/signup'));
  await page.getByLabel('Username').fill(`kid${run}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByLabel('Date of birth').fill(twelve.toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('Sorry, we can’t create an account for you.').waitFor();
  expect(await page.getByRole('button', { name: 'Sign Up' }).count()).toBe(0);
  // Sent straight to Cognito, the same request is refused by the pool's trigger.
  const direct = await cognito('SignUp', {
    Username: `kid${run}`,
    Password: 'secret123',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'custom:ageBand', Value: 'adult' },
    ],
    ValidationData: [{ Name: 'birthdate', Value: twelve.toISOString().slice(0, 10) }],
  });
  expect(direct.body.__type).toBe('UserLambdaValidationException');
  expect(await mailTo(email)).toEqual([]);
  expect(
    localLogLines()
      .slice(linesBefore)
      .some((l) => l.includes(email) || l.includes(`kid${run}`)),
  ).toBe(false);
  expect((await cognito('ResendConfirmationCode', { Username: `kid${run}` })).body.CodeDeliveryDetails).toBeDefined(); // simulated: no such user
  expect(await mailTo(email)).toEqual([]);
});

it('downloads a fan’s data, then deletes the account with the emailed code while the figures stay', async () => {
  await localSeedDone();
  const email = `leaving.${run}@example.com`;
  const username = `leaving${run}`;
  await cognito('SignUp', { Username: username, Password: 'secret123', ...adultSignUp(email) });
  await cognito('ConfirmSignUp', { Username: username, ConfirmationCode: await codeFor(email) });
  const token = await tokenOf(username, 'secret123');
  const before = await api<AthleteStatsResponse>('/athletes/2/stats', null);
  const sale = await api<CheckoutResponse>('/checkout', token, 'POST', { athleteId: 2, cardId: 1, quantity: 1, email });
  const bought = await eventually(
    () => api<AthleteStatsResponse>('/athletes/2/stats', null),
    (s) => s.totalCardsSold > before.totalCardsSold,
  );
  // A collector page under a display name, and a follow (issue 32: the deletion forgets both).
  const displayName = `Leaving${run}`;
  await api('/me/profile', token, 'PUT', { displayName, public: true });
  await api('/me/follows/athlete/2', token, 'PUT');
  await api(`/collectors/${displayName}`, null);

  await signInUi(page, username, 'secret123', '/mycards');
  await page.getByRole('link', { name: 'Account' }).first().click();
  await page.waitForURL((u) => u.pathname === '/account');
  await page.getByRole('region', { name: 'Account' }).getByText(email).waitFor();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as AccountDataExport;
  expect(data.account).toMatchObject({ username, email, ageBand: 'adult' });
  expect(data.orders.map((o) => o.name)).toContain(sale.orderName);
  const held = data.cards.find((a) => a.athleteId === 2)!.cards.find((c) => c.cardId === 1)!;
  expect(held.units).toBe(1);
  expect(held.serials.length).toBe(1);
  expect(data.profile).toMatchObject({ displayName, public: true });
  expect(data.follows).toEqual([expect.objectContaining({ kind: 'athlete', id: 2 })]);
  await page.getByText(/^Downloaded: your account, 1 order, 1 card, 1 follow and \d+ notifications?\.$/).waitFor();

  const panel = page.getByRole('region', { name: 'Delete my account' });
  await panel.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Email me a code' }).click();
  const form = panel.getByRole('form', { name: 'Confirm the deletion' });
  await form.waitFor();
  const mail = await eventually(
    () => mailTo(email),
    (m) => m.some((x) => x.subject === 'Your Drift account deletion code'),
  );
  const code = /is (\d{6})\./.exec(mail.find((x) => x.subject === 'Your Drift account deletion code')!.text)![1];
  await form.getByLabel(/^Code from the email/).fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Delete my account now' }).click();
  await form.getByText('That code is not correct: check the email and try again').waitFor();
  await form.getByLabel(/^Code from the email/).fill(code);
  await form.getByRole('button', { name: 'Delete my account now' }).click();
  await panel.getByText('Your account is deleted.').waitFor();
  await panel.getByRole('button', { name: 'Leave' }).click();
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();

  // The account is gone, and with it the collector page and the follow (its sign-in token, still
  // valid for up to an hour, follows nothing more); the athlete's figures did not move; the card is
  // still counted.
  await expect(tokenOf(username, 'secret123')).rejects.toThrow(/NotAuthorizedException/);
  await expect(api(`/collectors/${displayName}`, null)).rejects.toThrow(/404/);
  await expect(api('/me/follows/athlete/2', token, 'PUT')).rejects.toThrow(/410|401/);
  const after = await eventually(
    () => api<AthleteStatsResponse>('/athletes/2/stats', null),
    (s) => s.uniqueFans === bought.uniqueFans,
  );
  expect({ cards: after.totalCardsSold, revenue: after.totalRevenueCents, fans: after.uniqueFans, orders: after.orderCount }).toEqual({
    cards: bought.totalCardsSold,
    revenue: bought.totalRevenueCents,
    fans: bought.uniqueFans,
    orders: bought.orderCount,
  });
});
