// What browser tests share beside the browser: local accounts' ID tokens (SRP against local
// mode's identity provider), JSON calls to the API, waiting for settlement, signing in through
// the UI, the codes local mode "emails" (its log), and an image the upload check accepts.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AthleteStatsResponse, CheckoutResponse } from '#shared/sales/sales-api';
import { baseUrl } from './browser';
import { srpSignIn, type CognitoCall } from './cognito-srp';

export const url = (p: string) => new URL(p, baseUrl()).toString();

export const cognito: CognitoCall = async (operation, body) => {
  const res = await fetch(url('/local-cognito/'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify({ ClientId: 'localwebclient', ...body }),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, any> };
};

/** An ID token of a local account. */
export async function tokenOf(username: string, password: string): Promise<string> {
  const res = await srpSignIn(cognito, username, password, { clientId: 'localwebclient', userPoolId: 'us-east-2_LocalPool' });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  return res.body.AuthenticationResult.IdToken;
}

/** A JSON call to /api (a bearer token when given); throws with the status and body on a failure. */
export async function api<T>(path: string, token: string | null, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(url(`/api${path}`), {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Reads until `done` holds (settlement is asynchronous), or gives the last reading after `ms`. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Waits until local mode has seeded its sample orders (it goes on for a while after it starts; its
 * last step is the demo collective's payout batch): figures read before then move under a test.
 */
export async function localSeedDone(): Promise<void> {
  const seeded = await eventually(
    () => api<{ batches: Array<{ createdBy: string }> }>('/demo/collectives/1/payouts', null),
    (p) => p.batches.some((b) => b.createdBy === 'seed'),
  );
  if (!seeded.batches.some((b) => b.createdBy === 'seed')) throw new Error("local mode's seed did not finish within a minute");
}

/** After local mode's seed (its payout batch takes everything earned until then), sells one of
 * `athleteId`'s card 1 and waits until the athlete's stats count it: a sale the next batch owes. */
export async function saleAfterSeed(athleteId: number): Promise<void> {
  await localSeedDone();
  const before = await api<AthleteStatsResponse>(`/athletes/${athleteId}/stats`, null);
  await api<CheckoutResponse>('/checkout', null, 'POST', { athleteId, cardId: 1, quantity: 1 });
  await eventually(
    () => api<AthleteStatsResponse>(`/athletes/${athleteId}/stats`, null),
    (s) => s.totalCardsSold > before.totalCardsSold,
  );
}

/** Signs in through the login page and waits until it has left it. */
export async function signInUi(page: Page, username: string, password: string, next = ''): Promise<void> {
  await page.goto(url(`/login${next ? `?next=${encodeURIComponent(next)}` : ''}`));
  await page.getByLabel(/^Username or email/).fill(username);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** Signs up through the sign-up page a page's "Sign up" link opens (password secret123), confirms
 * the emailed code and signs in; the app then goes back to the page that linked there. */
export async function signUpUi(page: Page, username: string, email: string): Promise<void> {
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL((u) => u.pathname === '/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByLabel('Date of birth').fill('1990-01-15');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByLabel('Verification code').fill(await codeFor(email));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
}

/** A 1x1 PNG: the server fingerprints the bytes and checks they are a PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** Local mode's log, line by line (the global setup writes it to E2E_LOCAL_LOG). */
export const localLogLines = () => readFileSync(process.env.E2E_LOCAL_LOG ?? '/dev/null', 'utf8').split('\n');

/** The newest code local mode logged for this address after `since` lines of its log: its only way
 * of "emailing" a sign-up's verification code or a password reset's. Waits up to 10 s. */
export async function codeFor(email: string, purpose: 'verification' | 'password reset' = 'verification', since = 0): Promise<string> {
  const logFile = process.env.E2E_LOCAL_LOG;
  if (!logFile) throw new Error('E2E_LOCAL_LOG is not set: the codes are read from the log of the local mode the global setup starts');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const prefix = `[cognito] ${purpose} code for ${email}: `;
    const line = localLogLines()
      .slice(since)
      .reverse()
      .find((l) => l.startsWith(prefix));
    if (line) return line.slice(prefix.length).trim();
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${purpose} code for ${email} in ${logFile}`);
}

/** Fills and submits the Stripe stand-in's hosted onboarding page the browser is on, with one of
 * Stripe's test bank accounts (routing 110000000), and waits for Stripe's return to `returnPath`. */
export async function completeStripeOnboarding(
  page: Page,
  who: { business: 'Individual or sole proprietor' | 'Company or non-profit'; legalName: string; email: string; description: string; account: string },
  returnPath: string,
): Promise<void> {
  await page.waitForURL((u) => u.pathname.startsWith('/local-stripe/onboarding/'));
  await page.getByLabel(who.business).check();
  await page.getByLabel(/^Legal name/).fill(who.legalName);
  await page.getByLabel(/^Email address/).fill(who.email);
  await page.getByLabel(/^What you do/).fill(who.description);
  await page.getByLabel(/^Routing number/).fill('110000000');
  await page.getByLabel(/^Account number$/).fill(who.account);
  await page.getByLabel(/^Confirm account number/).fill(who.account);
  await page.getByLabel(/certify the W-9/).check();
  await page.getByRole('button', { name: 'Agree and submit' }).click();
  await page.waitForURL((u) => u.pathname === returnPath && u.searchParams.get('stripe') === 'return');
}
