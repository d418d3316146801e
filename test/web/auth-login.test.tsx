// Login (/login) against a fake Cognito: the demo role words, one message per failure, the
// unconfirmed-account code step, Forgot password? and the return to where the user came from.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVALID_CREDENTIALS } from '@/features/auth/api/auth';
import { getSession } from '@/lib/auth/session-store';
import { installFakeCognito, resetAuth, type FakeCognito } from './auth-helpers';
import { renderRoute } from './harness';

let fake: FakeCognito;

beforeEach(() => {
  resetAuth();
  fake = installFakeCognito();
});

async function signInWith(username: string, password: string, path = '/login') {
  const user = userEvent.setup();
  const utils = renderRoute(path);
  await user.type(await screen.findByLabelText(/Username or email/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return { user, ...utils };
}

describe('login', () => {
  it.each([
    ['collective', '/collective-admin-panel'],
    ['athlete', '/athlete-admin-panel'],
  ])('signs in to the demo %s account with the role word and lands on %s', async (word, target) => {
    const { location } = await signInWith(word, word);
    await waitFor(() => expect(location().pathname).toBe(target));
    expect(getSession()?.claims['cognito:groups']).toEqual([word]);
    expect(localStorage.getItem('demoRole')).toBe(word);
    // SRP: A goes out, then the password claim; the password itself is never sent.
    expect(fake.calls.map((c) => c.op)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    expect(fake.calls[0].body).toEqual({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: 'localwebclient',
      AuthParameters: { USERNAME: word, SRP_A: expect.stringMatching(/^[0-9a-f]{700,768}$/) },
    });
    expect(fake.calls[1].body).toEqual({
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: 'localwebclient',
      ChallengeResponses: {
        USERNAME: word,
        PASSWORD_CLAIM_SECRET_BLOCK: expect.any(String),
        TIMESTAMP: expect.stringMatching(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) [A-Z][a-z]{2} [1-9]\d? \d\d:\d\d:\d\d UTC \d{4}$/),
        PASSWORD_CLAIM_SIGNATURE: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      },
    });
    expect(JSON.stringify(fake.calls)).not.toContain('"PASSWORD":');
  });

  it('refuses a wrong password for an existing account after the SRP exchange, and never sends the password', async () => {
    await signInWith('buyer', 'not-the-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_CREDENTIALS);
    expect(fake.calls.map((c) => c.op)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    expect(JSON.stringify(fake.calls)).not.toContain('not-the-password');
    expect(getSession()).toBeNull();
  });

  it('explains a temporary lockout (Password attempts exceeded)', async () => {
    const real = fake.api.getMockImplementation()!;
    fake.api.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String((init?.headers as Record<string, string> | undefined)?.['X-Amz-Target']).endsWith('.RespondToAuthChallenge')) {
        return {
          ok: false,
          status: 400,
          headers: { get: () => null },
          text: async () => JSON.stringify({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' }),
        };
      }
      return real(input, init);
    });
    await signInWith('buyer', 'buyer-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts. Wait a few minutes, or reset your password.');
    expect(getSession()).toBeNull();
  });

  it('stops at a further challenge it does not handle', async () => {
    const real = fake.api.getMockImplementation()!;
    fake.api.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String((init?.headers as Record<string, string> | undefined)?.['X-Amz-Target']).endsWith('.RespondToAuthChallenge')) {
        return {
          ok: true,
          status: 200,
          headers: { get: () => null },
          text: async () => JSON.stringify({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's', ChallengeParameters: {} }),
        };
      }
      return real(input, init);
    });
    await signInWith('buyer', 'buyer-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account needs an extra sign-in step that this app does not support yet.');
    expect(getSession()).toBeNull();
  });

  it('shows the invalid-credentials message naming both role words', async () => {
    await signInWith('fan', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_CREDENTIALS);
    expect(alert).toHaveTextContent('"athlete"');
    expect(alert).toHaveTextContent('"collective"');
    expect(getSession()).toBeNull();
  });

  it.each([
    ['LimitExceededException', 'Too many attempts. Please wait a few minutes and try again.'],
    ['TooManyRequestsException', 'Too many attempts. Please wait a few minutes and try again.'],
    ['InternalErrorException', 'Sign in failed. Please try again.'],
  ])('explains %s', async (type, message) => {
    fake.failNext.InitiateAuth = type;
    await signInWith('buyer', 'buyer-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says when the sign-in service cannot be reached', async () => {
    const real = fake.api.getMockImplementation()!;
    fake.api.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/local-cognito/')) throw new TypeError('Failed to fetch');
      return real(input, init);
    });
    await signInWith('buyer', 'buyer-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the sign-in service. Check your connection and try again.');
  });

  it('asks for both fields before calling Cognito', async () => {
    const user = userEvent.setup();
    renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your username or email and your password.');
    expect(fake.calls).toHaveLength(0);
  });

  it('sends a buyer to My Collection and accepts the email as the username', async () => {
    const { location } = await signInWith('demo.fan@example.com', 'buyer-demo');
    await waitFor(() => expect(location().pathname).toBe('/mycards'));
  });

  it('returns to ?next= after signing in', async () => {
    const { location } = await signInWith('buyer', 'buyer-demo', '/login?next=%2Fathlete%2F2');
    await waitFor(() => expect(location().pathname).toBe('/athlete/2'));
  });

  it('ignores a ?next= that leaves the site', async () => {
    const { location } = await signInWith('buyer', 'buyer-demo', '/login?next=%2F%2Fevil.example');
    await waitFor(() => expect(location().pathname).toBe('/mycards'));
  });

  it('takes an unconfirmed account to the code step, confirms and signs in', async () => {
    fake.users.push({ username: 'newfan', email: 'newfan@example.com', password: 'secret123', confirmed: false, groups: ['buyer'] });
    const { user, location } = await signInWith('newfan', 'secret123');
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your account is not confirmed yet. We emailed a code to n***@example.com.');
    expect(fake.calls.map((c) => c.op)).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'ResendConfirmationCode']);
    await user.type(screen.getByLabelText(/Verification code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct. Check the email and try again.');
    fake.failNext.ConfirmSignUp = 'ExpiredCodeException';
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That code has expired. Request a new one.'));
    await user.clear(screen.getByLabelText(/Verification code/));
    await user.type(screen.getByLabelText(/Verification code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/mycards'));
  });

  it('resets a forgotten password and signs in with the new one', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    // An unknown name looks like any other (preventUserExistenceErrors): a code "was sent", and it never matches.
    await user.type(screen.getByLabelText(/Username or email/), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We emailed a code to x***@gmail.com.');
    await user.type(screen.getByLabelText(/Verification code/), '123456');
    await user.type(screen.getByLabelText(/^New password/), 'newpass123');
    await user.type(screen.getByLabelText(/Confirm new password/), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct. Check the email and try again.');
    for (const field of [/Verification code/, /^New password/, /Confirm new password/]) await user.clear(screen.getByLabelText(field));
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.clear(screen.getByLabelText(/Username or email/));
    await user.type(screen.getByLabelText(/Username or email/), 'buyer');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We emailed a code to d***@example.com.');
    await user.type(screen.getByLabelText(/Verification code/), '654321');
    await user.type(screen.getByLabelText(/^New password/), 'newpass123');
    await user.type(screen.getByLabelText(/Confirm new password/), 'different1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    await user.clear(screen.getByLabelText(/Confirm new password/));
    await user.type(screen.getByLabelText(/Confirm new password/), 'newpass123');
    fake.failNext.ConfirmForgotPassword = 'InvalidPasswordException';
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password is too weak: use at least 8 characters, including a lowercase letter and a number.');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(location().pathname).toBe('/mycards'));
    expect(fake.users.find((u) => u.username === 'buyer')?.password).toBe('newpass123');
  });

  it('hides the Google button unless the deployment enables it', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/config.json', expect.anything()));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });
});

describe('login with Google enabled', () => {
  it('shows the Google buttons on login and sign-up', async () => {
    resetAuth();
    installFakeCognito({
      config: {
        auth: {
          region: 'us-east-2',
          userPoolId: 'p',
          clientId: 'c',
          endpoint: 'https://cognito-idp.us-east-2.amazonaws.com/',
          googleEnabled: true,
          oauthDomain: 'drift.auth.us-east-2.amazoncognito.com',
        },
        demo: { athleteId: 1, collectiveId: 1 },
      },
    });
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });
});

describe('login without sign-in configured', () => {
  it('keeps the open demo: the role words still reach the panels', async () => {
    resetAuth();
    installFakeCognito({ config: null });
    const { location } = await signInWith('athlete', 'athlete');
    await waitFor(() => expect(location().pathname).toBe('/athlete-admin-panel'));
    expect(getSession()).toBeNull();
  });
});

describe('login on a page without WebCrypto', () => {
  beforeEach(() => {
    resetAuth();
    installFakeCognito();
  });

  it('explains that sign-in needs a secure page instead of failing obscurely', async () => {
    const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle')!;
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    try {
      await signInWith('buyer', 'buyer-demo');
      expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in needs a secure connection');
      expect(getSession()).toBeNull();
    } finally {
      Object.defineProperty(globalThis.crypto, 'subtle', subtle);
    }
  });
});
