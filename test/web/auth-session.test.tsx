// The session store and the API client: Remember me storage, refresh before expiry and on a 401,
// sign out, the bearer header, the demo-route mapping, and the guards of the owner screens.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SignInRequired } from '@/components/sign-in-required';
import { apiFetch, resolveApiPath } from '@/lib/api-client';
import { applySession, getSession, refreshSession, REFRESH_MARGIN_MS, sessionFromResult, signOut, type Session } from '@/lib/auth/session-store';
import { signIn } from '@/lib/auth/cognito';
import { useTenant } from '@/lib/use-tenant';
import { CONFIG, installFakeCognito, resetAuth, storedSession, type FakeCognito } from './auth-helpers';
import { entityApi } from './entity-api';
import { fakeJwt, catalogHandler, renderRoute, type ApiHandler } from './harness';

let fake: FakeCognito;

beforeEach(() => {
  resetAuth();
  fake = installFakeCognito();
});

afterEach(() => {
  jest.useRealTimers();
});

function sessionFor(claims: Record<string, unknown>): Session {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return sessionFromResult(
    { IdToken: fakeJwt({ sub: 's', exp, ...claims }), AccessToken: fakeJwt({ sub: 's', exp }), RefreshToken: 'refresh-x', ExpiresIn: 3600 },
    false,
  );
}

describe('remember me', () => {
  it('keeps the session in localStorage when Remember me is ticked', async () => {
    await signIn('buyer', 'buyer-demo', true);
    expect(storedSession(localStorage)).not.toBeNull();
    expect(storedSession(sessionStorage)).toBeNull();
  });

  it('keeps the session in sessionStorage (this tab only) otherwise', async () => {
    await signIn('buyer', 'buyer-demo', false);
    expect(storedSession(sessionStorage)).not.toBeNull();
    expect(storedSession(localStorage)).toBeNull();
  });

  it('restores a remembered session after a restart', async () => {
    await signIn('athlete', 'athlete', true);
    sessionStorage.clear();
    const { resetSessionForTests } = await import('@/lib/auth/session-store');
    resetSessionForTests();
    expect(getSession()?.claims['cognito:username']).toBe('athlete');
  });

  it('ticks Remember me on the login screen into localStorage', async () => {
    const user = userEvent.setup();
    renderRoute('/login');
    await user.type(await screen.findByLabelText(/Username or email/), 'buyer');
    await user.type(screen.getByLabelText(/^Password/), 'buyer-demo');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(storedSession(localStorage)).not.toBeNull());
    expect(storedSession(sessionStorage)).toBeNull();
  });
});

describe('token refresh', () => {
  it('refreshes with REFRESH_TOKEN_AUTH shortly before the ID token expires, keeping the refresh token', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    fake.ttlSeconds = 600;
    await signIn('buyer', 'buyer-demo', false);
    const first = getSession()!;
    expect(first.refreshToken).toBe('refresh-buyer');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(600_000 - REFRESH_MARGIN_MS - 1000);
    });
    expect(fake.calls.filter((c) => c.body.AuthFlow === 'REFRESH_TOKEN_AUTH')).toHaveLength(0);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    await waitFor(() => expect(getSession()?.idToken).not.toBe(first.idToken));
    expect(fake.calls.filter((c) => c.body.AuthFlow === 'REFRESH_TOKEN_AUTH')).toEqual([
      { op: 'InitiateAuth', body: { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: 'localwebclient', AuthParameters: { REFRESH_TOKEN: 'refresh-buyer' } } },
    ]);
    expect(getSession()?.refreshToken).toBe('refresh-buyer');
    expect(getSession()!.expiresAt).toBeGreaterThan(first.expiresAt);
  });

  it('signs out when the refresh is refused', async () => {
    await signIn('buyer', 'buyer-demo', true);
    fake.failNext.InitiateAuth = 'NotAuthorizedException';
    await expect(refreshSession()).resolves.toBeNull();
    expect(getSession()).toBeNull();
    expect(storedSession(localStorage)).toBeNull();
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    let seen: string[] = [];
    let first = true;
    const api: ApiHandler = (path, init) => {
      seen.push(`${path} ${String((init?.headers as Record<string, string>)?.Authorization ?? '')}`);
      if (first) {
        first = false;
        return { status: 401, body: { message: 'Unauthorized' } };
      }
      return { body: { items: [] } };
    };
    resetAuth();
    fake = installFakeCognito({ api });
    const session = await signIn('athlete', 'athlete', false);
    seen = [];
    await expect(apiFetch('/athletes/1/orders')).resolves.toEqual({ items: [] });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(`/api/athletes/1/orders Bearer ${session.idToken}`);
    expect(seen[1]).toBe(`/api/athletes/1/orders Bearer ${getSession()!.idToken}`);
    expect(getSession()!.idToken).not.toBe(session.idToken);
  });
});

describe('sign out', () => {
  it('calls GlobalSignOut with the access token and clears the session', async () => {
    const session = await signIn('buyer', 'buyer-demo', true);
    await signOut();
    expect(getSession()).toBeNull();
    expect(storedSession(localStorage)).toBeNull();
    expect(fake.calls.at(-1)).toEqual({ op: 'GlobalSignOut', body: { AccessToken: session.accessToken } });
  });

  it('shows who is signed in on the demo shell and signs out from the top bar', async () => {
    await signIn('buyer', 'buyer-demo', false);
    const user = userEvent.setup();
    const { location } = renderRoute('/demo');
    expect(await screen.findByText('buyer')).toBeInTheDocument();
    expect(screen.getByText(/Signed in as/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(location().pathname).toBe('/demo');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('api client', () => {
  const athlete1 = () => sessionFor({ 'cognito:groups': ['athlete'], 'custom:athleteId': '1' });
  const collective1 = () => sessionFor({ 'cognito:groups': ['collective'], 'custom:collectiveId': '1' });
  const buyer = () => sessionFor({ 'cognito:groups': ['buyer'] });

  it.each([
    ['/athletes/1/orders?limit=5', null, '/demo/athletes/1/orders?limit=5'],
    ['/athletes/1/donations', null, '/demo/athletes/1/donations'],
    ['/collectives/1/stats', null, '/demo/collectives/1/stats'],
    ['/collectives/1/transactions?limit=20&cursor=x', null, '/demo/collectives/1/transactions?limit=20&cursor=x'],
    ['/me/orders?limit=50', null, '/demo/me/orders?limit=50'],
    ['/athletes/1/stats', null, '/athletes/1/stats'],
    ['/athletes/1/posts', null, '/athletes/1/posts'],
    ['/catalog', null, '/catalog'],
    ['/athletes/1/orders', 'athlete1', '/athletes/1/orders'],
    ['/athletes/2/orders', 'athlete1', '/demo/athletes/2/orders'],
    ['/collectives/1/stats', 'athlete1', '/demo/collectives/1/stats'],
    ['/athletes/7/donations', 'collective1', '/athletes/7/donations'],
    ['/collectives/1/stats', 'collective1', '/collectives/1/stats'],
    ['/collectives/2/stats', 'collective1', '/demo/collectives/2/stats'],
    ['/athletes/1/orders', 'buyer', '/demo/athletes/1/orders'],
    ['/me/orders?limit=50', 'buyer', '/me/orders?limit=50'],
    ['/me/orders', 'athlete1', '/me/orders'],
  ])('GET %s as %s goes to %s', (path, who, expected) => {
    const session = who === 'athlete1' ? athlete1() : who === 'collective1' ? collective1() : who === 'buyer' ? buyer() : null;
    expect(resolveApiPath(path, 'GET', session)).toBe(expected);
  });

  it('never maps writes', () => {
    expect(resolveApiPath('/athletes/1/posts', 'POST', null)).toBe('/athletes/1/posts');
    expect(resolveApiPath('/collectives/1/athletes', 'POST', null)).toBe('/collectives/1/athletes');
  });

  it('sends the ID token as a bearer token when signed in, and none otherwise', async () => {
    const seen: Array<Record<string, string>> = [];
    resetAuth();
    installFakeCognito({
      api: (path, init) => {
        seen.push((init?.headers ?? {}) as Record<string, string>);
        return catalogHandler(path, init);
      },
    });
    await apiFetch('/catalog');
    expect(seen[0].Authorization).toBeUndefined();
    const session = await signIn('buyer', 'buyer-demo', false);
    await apiFetch('/catalog');
    expect(seen[1].Authorization).toBe(`Bearer ${session.idToken}`);
  });

  it('refetches cached owner data from the owner route after signing in', async () => {
    const requested: string[] = [];
    resetAuth();
    const entities = entityApi();
    installFakeCognito({
      api: (path, init) => {
        if (path.includes('/me/collection')) requested.push(path);
        return entities(path, init);
      },
    });
    renderRoute('/demo/mycards');
    expect(await screen.findByRole('heading', { name: 'No Cards Yet' })).toBeInTheDocument();
    // Signed out, only the demo buyer's twin is read.
    expect([...new Set(requested)]).toEqual(['/api/demo/me/collection']);
    await act(async () => {
      await signIn('buyer', 'buyer-demo', false);
    });
    await waitFor(() => expect(requested).toContain('/api/me/collection'));
  });
});

describe('guards', () => {
  it.each(['/athlete', '/athlete-admin-panel', '/collective', '/collective-admin-panel', '/mycards'])(
    'sends an anonymous visit to %s to /login?next=',
    async (path) => {
      const { location } = renderRoute(path);
      await waitFor(() => expect(location().pathname).toBe('/login'));
      expect(location().search).toBe(`?next=${encodeURIComponent(path)}`);
      expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    },
  );

  it('brings the visitor back after signing in', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/collective');
    await user.type(await screen.findByLabelText(/Username or email/), 'collective');
    await user.type(screen.getByLabelText(/^Password/), 'collective');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location().pathname).toBe('/collective'));
  });

  it.each(['/demo/athlete', '/demo/collective', '/demo/mycards'])('never asks for sign-in on %s', async (path) => {
    const { location } = renderRoute(path);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(location().pathname).toBe(path);
  });

  it('lets a signed-in owner straight in', async () => {
    applySession(sessionFor({ 'cognito:groups': ['athlete'], 'custom:athleteId': '1' }));
    const { location } = renderRoute('/athlete');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(location().pathname).toBe('/athlete');
  });
});

describe('tenant and write prompt', () => {
  function TenantProbe() {
    const tenant = useTenant();
    return <pre data-testid="tenant">{JSON.stringify(tenant)}</pre>;
  }

  function renderProbe() {
    return render(
      <MemoryRouter initialEntries={['/demo/athlete']}>
        <TenantProbe />
        <SignInRequired>
          <button type="button">Post</button>
        </SignInRequired>
      </MemoryRouter>,
    );
  }

  const tenant = () => JSON.parse(screen.getByTestId('tenant').textContent ?? '{}');

  it('gives visitors the demo ids from /config.json and a sign-in prompt instead of writes', async () => {
    resetAuth();
    installFakeCognito({ config: { ...CONFIG, demo: { athleteId: 4, collectiveId: 2 } } });
    renderProbe();
    await waitFor(() => expect(tenant()).toEqual({ athleteId: 4, collectiveId: 2, signedIn: false, isOwnerAthlete: false, isOwnerCollective: false }));
    expect(screen.getByText(/Sign in to make changes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fdemo%2Fathlete');
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
  });

  it('gives signed-in owners their own ids and the write controls', async () => {
    applySession(sessionFor({ 'cognito:groups': ['athlete'], 'custom:athleteId': '7' }));
    renderProbe();
    await waitFor(() => expect(tenant()).toEqual({ athleteId: 7, collectiveId: 1, signedIn: true, isOwnerAthlete: true, isOwnerCollective: false }));
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
    act(() => applySession(sessionFor({ 'cognito:groups': ['collective'], 'custom:collectiveId': '3' })));
    expect(tenant()).toEqual({ athleteId: 1, collectiveId: 3, signedIn: true, isOwnerAthlete: false, isOwnerCollective: true });
  });
});
