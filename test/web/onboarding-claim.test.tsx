// /claim/:code: signed out it keeps the code through sign-in and sign-up; signed in it shows the
// invite, claims it, refreshes the session so the athlete role shows and lands on /athlete; the
// server's refusals are shown with their messages.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAMPLE_CATALOG } from '@shared/catalog/seed-data';
import type { InvitePreview } from '@shared/onboarding/onboarding-api';
import { resetRuntimeConfig } from '@/lib/runtime-config';
import { installFakeCognito, resetAuth, type FakeCognito } from './auth-helpers';
import { catalogHandler, renderRoute, signIn, signOut, type ApiHandler } from './harness';

const CODE = 'abcdefghijklmnopqrstuvwx';
const athlete = SAMPLE_CATALOG.athletes[0];
const preview = (over: Partial<InvitePreview> = {}): InvitePreview => ({
  athlete: { ...athlete, stats: { year: athlete.stats.year } },
  collectiveName: 'Drift Collective',
  email: 'n***@example.com',
  state: 'open',
  expiresAt: '2026-12-01T00:00:00.000Z',
  ...over,
});

jest.setTimeout(30_000);

let fake: FakeCognito;
const NEW_USER = { username: 'newbie', email: 'newbie@example.com', password: 'secret123', groups: ['buyer'] };

function install(api: ApiHandler) {
  resetRuntimeConfig();
  fake = installFakeCognito({ users: [{ ...NEW_USER }], api: (path, init) => api(path, init) ?? catalogHandler(path, init) });
}

const signInAsNewUser = () =>
  signIn({ sub: 'sub-newbie', email: NEW_USER.email, 'cognito:username': 'newbie', 'cognito:groups': ['buyer'] }, { refreshToken: 'refresh-newbie' });

beforeEach(resetAuth);
afterEach(signOut);

describe('claim an invite', () => {
  it('asks a signed-out visitor to sign in or up and keeps the code in next', async () => {
    install(() => ({ status: 401, body: { error: { code: 'unauthorized', message: 'Sign in' } } }));
    renderRoute(`/claim/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Claim your athlete profile' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/claim/${CODE}`)}`);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/signup?next=${encodeURIComponent(`/claim/${CODE}`)}`);
    expect(fake.api.mock.calls.some(([p]) => String(p).includes('/invites/'))).toBe(false);
  });

  it('shows the invite, claims it, refreshes the session and opens the athlete panel', async () => {
    install((path, init) => {
      if (path === `/api/invites/${CODE}`) return { body: preview() };
      if (path === `/api/invites/${CODE}/claim` && init?.method === 'POST') {
        // The server links the account: the next token refresh carries the athlete.
        const user = fake.users.find((u) => u.username === 'newbie')!;
        user.groups = ['athlete'];
        user.attributes = { 'custom:athleteId': String(athlete.id) };
        return { body: { athleteId: athlete.id } };
      }
      return undefined as never;
    });
    signInAsNewUser();
    const user = userEvent.setup();
    const { location } = renderRoute(`/claim/${CODE}`);
    expect(await screen.findByRole('heading', { name: athlete.name })).toBeInTheDocument();
    expect(screen.getByText(/Drift Collective invited/)).toBeInTheDocument();
    expect(screen.getByText('n***@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(location().pathname).toBe('/athlete'));
    expect(fake.calls.some((c) => c.op === 'InitiateAuth' && c.body.AuthFlow === 'REFRESH_TOKEN_AUTH')).toBe(true);
  });

  it.each([
    [403, 'This invite was sent to j***@example.com; sign in with that account to claim it'],
    [409, 'This invite has already been claimed'],
    [410, 'This invite has expired; ask the collective for a new one'],
    [403, 'Verify your email address first'],
  ])('shows the server refusal %s with its message', async (status, message) => {
    install((path, init) => {
      if (path === `/api/invites/${CODE}`) return { body: preview() };
      if (init?.method === 'POST') return { status, body: { error: { code: 'refused', message } } };
      return undefined as never;
    });
    signInAsNewUser();
    const user = userEvent.setup();
    const { location } = renderRoute(`/claim/${CODE}`);
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(location().pathname).toBe(`/claim/${CODE}`);
  });

  it('says when the invite was revoked, and when the link is unknown', async () => {
    install((path) => (path === `/api/invites/${CODE}` ? { body: preview({ state: 'revoked' }) } : (undefined as never)));
    signInAsNewUser();
    const view = renderRoute(`/claim/${CODE}`);
    expect(await screen.findByText(/This invite was withdrawn by the collective/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
    view.unmount();
    install(() => ({ status: 404, body: { error: { code: 'not_found', message: 'Invite not found' } } }));
    renderRoute('/claim/unknown-code-000000000');
    expect(await screen.findByText(/This invite link is not valid/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
