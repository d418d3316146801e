// Signup (/signup) against a fake Cognito: required fields, matching passwords, the age screen
// (under 13 refused before anything is sent; the band sent with the date for the pool's trigger), the
// email-code step, and the Cognito failures (name taken, weak password, wrong code, a refusal by the trigger).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateSignup } from '@/features/auth/api/auth';
import { getSession } from '@/lib/auth/session-store';
import { installFakeCognito, resetAuth, type FakeCognito } from './auth-helpers';
import { renderRoute } from './harness';

let fake: FakeCognito;

beforeEach(() => {
  resetAuth();
  fake = installFakeCognito();
});

async function fillSignup(values: { username?: string; email?: string; password?: string; confirm?: string; birthDate?: string | null }) {
  const user = userEvent.setup();
  const utils = renderRoute('/signup');
  if (values.username) await user.type(await screen.findByLabelText(/Username/), values.username);
  if (values.email) await user.type(screen.getByLabelText(/Email/), values.email);
  if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
  if (values.confirm) await user.type(screen.getByLabelText(/Confirm password/), values.confirm);
  const birthDate = values.birthDate === undefined ? '1990-01-15' : values.birthDate;
  if (birthDate) await user.type(screen.getByLabelText(/Date of birth/), birthDate);
  await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
  return { user, ...utils };
}

describe('signup validation', () => {
  it('requires every field, a valid email, matching passwords and a real date of birth', () => {
    expect(validateSignup({ username: '', email: '', password: '', confirmPassword: '', birthDate: '' })).toEqual({
      username: 'Username is required.',
      email: 'Email is required.',
      password: 'Password is required.',
      confirmPassword: 'Please confirm your password.',
      birthDate: 'Enter your date of birth.',
    });
    expect(validateSignup({ username: 'u', email: 'nope', password: 'a', confirmPassword: 'b', birthDate: '3000-01-01' })).toEqual({
      email: 'Please enter a valid email address.',
      confirmPassword: 'Passwords do not match.',
      birthDate: 'A date of birth cannot be in the future.',
    });
  });

  it('shows the field errors and calls nothing while the form is invalid', async () => {
    await fillSignup({ username: 'fan1', email: 'fan1@example.com', password: 'secret123', confirm: 'secret124' });
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });
});

describe('signup', () => {
  it('signs up, confirms the emailed code, signs in and goes to My Collection', async () => {
    const { user, location } = await fillSignup({ username: 'fan1', email: 'fan1@example.com', password: 'secret123', confirm: 'secret123' });
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We emailed a code to f***@example.com.');
    expect(fake.calls[0]).toEqual({
      op: 'SignUp',
      body: {
        ClientId: 'localwebclient',
        Username: 'fan1',
        Password: 'secret123',
        UserAttributes: [
          { Name: 'email', Value: 'fan1@example.com' },
          { Name: 'custom:ageBand', Value: 'adult' },
        ],
        ValidationData: [{ Name: 'birthdate', Value: '1990-01-15' }],
      },
    });
    await user.type(screen.getByLabelText(/Verification code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct.');
    await user.clear(screen.getByLabelText(/Verification code/));
    await user.type(screen.getByLabelText(/Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/mycards'));
    expect(getSession()?.claims.email).toBe('fan1@example.com');
    expect(sessionStorage.getItem('drift.session')).not.toBeNull();
  });

  it('resends the code on request', async () => {
    const { user } = await fillSignup({ username: 'fan2', email: 'fan2@example.com', password: 'secret123', confirm: 'secret123' });
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(fake.calls.map((c) => c.op)).toContain('ResendConfirmationCode'));
  });

  it('says when the username or email is taken', async () => {
    await fillSignup({ username: 'buyer', email: 'someone@example.com', password: 'secret123', confirm: 'secret123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this username or email already exists. Sign in instead.');
  });

  it('explains the password rules when the password is too weak', async () => {
    await fillSignup({ username: 'fan3', email: 'fan3@example.com', password: 'short', confirm: 'short' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Password is too weak: use at least 8 characters, including a lowercase letter and a number.');
  });

  it('shows Cognito’s message for an invalid parameter', async () => {
    fake.failNext.SignUp = 'InvalidParameterException';
    await fillSignup({ username: 'fan4', email: 'fan4@example.com', password: 'secret123', confirm: 'secret123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('InvalidParameterException (forced)');
  });
});

describe('the age screen', () => {
  afterEach(() => sessionStorage.clear());

  it('refuses under 13 without sending anything, neutrally, and stops offering the form', async () => {
    const twelve = new Date(Date.now() - 12 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    await fillSignup({ username: 'kid1', email: 'kid1@example.com', password: 'secret123', confirm: 'secret123', birthDate: twelve });
    expect(await screen.findByText('Sorry, we can’t create an account for you.')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Date of birth/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse athletes' })).toHaveAttribute('href', '/search');
  });

  it('sends a 15-year-old as a minor', async () => {
    const fifteen = new Date(Date.now() - 15.5 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    await fillSignup({ username: 'teen1', email: 'teen1@example.com', password: 'secret123', confirm: 'secret123', birthDate: fifteen });
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(fake.calls[0].body.UserAttributes).toContainEqual({ Name: 'custom:ageBand', Value: 'minor' });
  });

  it('shows the trigger’s refusal when the server refuses what the browser let through', async () => {
    // The browser's clock says 13 today; Cognito's trigger (the fake's clock) still says 12.
    const birthday = new Date(Date.now() - 13 * 365.25 * 86_400_000 - 5 * 86_400_000).toISOString().slice(0, 10);
    fake.now = () => Date.now() - 30 * 86_400_000;
    await fillSignup({ username: 'kid2', email: 'kid2@example.com', password: 'secret123', confirm: 'secret123', birthDate: birthday });
    expect(await screen.findByText('Sorry, we can’t create an account for you.')).toBeInTheDocument();
    expect(fake.calls.map((c) => c.op)).toEqual(['SignUp']);
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
  });
});
