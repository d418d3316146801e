// Browser tests of sign-in against local mode and its local Cognito: sign up -> verify -> sign in
// -> My Collection, password reset, the demo role words, the invalid-credentials message, sign out,
// and the guard of the owner screens. Verification codes are read from local mode's log, the only
// place local mode "emails" them (the global setup writes the log to E2E_LOCAL_LOG).
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectEventually, useBrowserPage } from '../support/browser';
import { codeFor, localLogLines } from '../support/e2e-api';
import { adultSignUp } from '../support/age-screen';

jest.setTimeout(90_000);

const browserState = useBrowserPage();
let context: BrowserContext;
let page: Page;
beforeEach(() => {
  ({ context, page } = browserState);
});

const url = (path: string) => new URL(path, baseUrl()).toString();

async function signIn(username: string, password: string) {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('sign-in in the browser', () => {
  it('signs up, verifies the emailed code, is signed in and sees an empty My Collection', async () => {
    const id = `fan${Date.now().toString(36)}`;
    const email = `${id}@example.com`;
    await page.goto(url('/signup'));
    await page.getByLabel('Username').fill(id);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret124');
    await page.getByLabel('Date of birth').fill('1990-01-15');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
    await page.getByLabel('Verification code').fill(await codeFor(email));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/mycards');
    await page.getByRole('heading', { name: 'No Cards Yet' }).waitFor();
    await page.getByText('Signed in as').waitFor();

    // The session is this tab's only (no Remember me): a new tab of the same browser starts signed out.
    const other = await context.newPage();
    await other.goto(url('/mycards'));
    await other.waitForURL((u) => u.pathname === '/login');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/demo');
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.goto(url('/login'));
    await signIn(email, 'secret123');
    await page.waitForURL((u) => u.pathname === '/mycards');
    await page.getByRole('heading', { name: 'No Cards Yet' }).waitFor();
  });

  it('resets a forgotten password with the emailed code and signs in with the new one', async () => {
    const id = `reset${Date.now().toString(36)}`;
    const email = `${id}@example.com`;
    const res = await fetch(url('/local-cognito/'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      body: JSON.stringify({ ClientId: 'localwebclient', Username: id, Password: 'oldpass123', ...adultSignUp(email) }),
    });
    expect(res.status).toBe(200);
    // The code endpoint of earlier versions is gone: nobody but the log reader gets a code.
    expect((await fetch(url(`/local-cognito/_codes?email=${encodeURIComponent(email)}`))).status).toBe(404);
    await fetch(url('/local-cognito/'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ConfirmSignUp' },
      body: JSON.stringify({ ClientId: 'localwebclient', Username: id, ConfirmationCode: await codeFor(email) }),
    });

    await page.goto(url('/login'));
    const before = localLogLines().length;
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Username or email').fill(id);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('Verification code').fill(await codeFor(email, 'password reset', before - 1));
    await page.getByLabel(/^New password/).fill('newpass123');
    await page.getByLabel('Confirm new password').fill('newpass123');
    await page.getByRole('button', { name: 'Set new password' }).click();
    // Signed in with the new password right away (SRP against the new verifier).
    await page.waitForURL((u) => u.pathname === '/mycards');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/demo');
    // The app signs out once /demo is on screen: the top bar's Sign in link says it is done (a
    // /login opened before that still finds the session and offers Continue, not the form).
    await page.getByRole('link', { name: 'Sign in' }).waitFor();

    await page.goto(url('/login'));
    await signIn(id, 'oldpass123');
    expect(await page.getByRole('alert').textContent()).toContain('Invalid credentials');
    await page.getByLabel(/^Password/).fill('newpass123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/mycards');
  });

  it('signs in with the role words and lands on the admin panels', async () => {
    await page.goto(url('/login'));
    await signIn('collective', 'collective');
    await page.waitForURL((u) => u.pathname === '/collective-admin-panel');
    await page.getByRole('heading', { name: 'Collective Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/demo');
    await page.getByRole('link', { name: 'Sign in' }).waitFor();

    await page.goto(url('/login'));
    await signIn('athlete', 'athlete');
    await page.waitForURL((u) => u.pathname === '/athlete-admin-panel');
    await page.getByRole('heading', { name: 'Marcus Reed', level: 1 }).waitFor();
  });

  it('shows the invalid-credentials message naming the two role words', async () => {
    await page.goto(url('/login'));
    await signIn('athlete', 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('Invalid credentials');
    expect(text).toContain('"athlete"');
    expect(text).toContain('"collective"');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends an anonymous visit to /athlete to /login and back after signing in, remembered across a restart', async () => {
    await page.goto(url('/athlete'));
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === '/athlete');
    await page.getByLabel('Remember me').check();
    await signIn('athlete', 'athlete');
    await page.waitForURL((u) => u.pathname === '/athlete');
    await page.getByRole('heading', { name: 'Marcus Reed', level: 1 }).waitFor();

    // A new page of the same profile (localStorage kept) is still signed in.
    const again = await context.newPage();
    await again.goto(url('/athlete'));
    await again.getByRole('heading', { name: 'Marcus Reed', level: 1 }).waitFor();
    expect(new URL(again.url()).pathname).toBe('/athlete');
  });

  it('refreshes the tokens before they expire and after a rejected token', async () => {
    await page.goto(url('/login?next=%2Fmycards'));
    await page.getByLabel('Remember me').check();
    await signIn('buyer', 'buyer-demo');
    await page.waitForURL((u) => u.pathname === '/mycards');
    const stored = async () => JSON.parse(String(await page.evaluate("localStorage.getItem('drift.session')"))) as { idToken: string; expiresAt: number };
    const first = await stored();

    // Pretend the ID token expires in 61 s: the refresh timer (60 s ahead) fires at once after a reload.
    await page.evaluate(
      `(() => { const s = JSON.parse(localStorage.getItem('drift.session')); s.expiresAt = Date.now() + 61000; localStorage.setItem('drift.session', JSON.stringify(s)); })()`,
    );
    await page.reload();
    await expectEventually(async () => (await stored()).idToken !== first.idToken);
    expect((await stored()).expiresAt).toBeGreaterThan(Date.now() + 600_000);

    // A token the API rejects (401) is refreshed once and the read retried: My Collection still loads.
    await page.evaluate(
      `(() => { const s = JSON.parse(localStorage.getItem('drift.session')); s.idToken = s.idToken.slice(0, -4) + 'AAAA'; localStorage.setItem('drift.session', JSON.stringify(s)); })()`,
    );
    const broken = await stored();
    await page.reload();
    await page.getByRole('heading', { name: /My Collection/ }).waitFor();
    await expectEventually(async () => (await stored()).idToken !== broken.idToken);
    await page
      .getByRole('list', { name: 'My collectibles' })
      .or(page.getByRole('heading', { name: 'No Cards Yet' }))
      .first()
      .waitFor();
    expect(await page.getByText('Failed to load Shopify orders. Please try again later.').count()).toBe(0);
  });

  it('keeps the demo pages open without an account', async () => {
    await page.goto(url('/demo/collective'));
    await page.getByRole('heading', { name: 'Collective Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/collective');
  });
});
