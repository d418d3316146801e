// Forms: waiting list (validation, Submitting..., success and error texts), signup, login, and the
// create-profile rules (its screen, a real request now: test/web/onboarding-profile.test.tsx).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateProfile } from '@/features/auth/api/create-profile';
import { INVALID_CREDENTIALS, validateSignup } from '@/features/auth/api/auth';
import { validateWaitlist } from '@shared/onboarding/onboarding-api';
import { fakeApi, renderRoute } from './harness';

describe('form rules', () => {
  it('requires first name, last name and a valid email on the waiting list', () => {
    expect(validateWaitlist({ firstName: '', lastName: ' ', email: 'nope' })).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      email: 'Please enter a valid email address.',
    });
    expect(validateWaitlist({ firstName: 'A', lastName: 'B', email: 'a@b.co' })).toEqual({});
    // The server's rule, in the form: no control or text-direction characters in names.
    expect(validateWaitlist({ firstName: 'Jo\u202Enhoj', lastName: 'B\u0000', email: 'a@b.co', details: 'ok\nfine' })).toEqual({
      firstName: expect.stringContaining('U+202E'),
      lastName: expect.stringContaining('U+0000'),
    });
  });

  it('requires all signup fields and matching passwords', () => {
    expect(Object.keys(validateSignup({ username: '', email: '', password: '', confirmPassword: '', birthDate: '' }))).toHaveLength(5);
    expect(validateSignup({ username: 'u', email: 'e@x.io', password: 'a', confirmPassword: 'b', birthDate: '1990-01-15' }).confirmPassword).toBe(
      'Passwords do not match.',
    );
  });

  it('requires name, sport, school and position on the profile form and images only', () => {
    const empty = { name: '', sport: '', school: '', position: '', bio: '', profileImage: null };
    expect(Object.keys(validateProfile(empty)).sort()).toEqual(['name', 'position', 'school', 'sport']);
    const pdf = new File(['x'], 'cv.pdf', { type: 'application/pdf' });
    expect(validateProfile({ ...empty, name: 'A', sport: 'Football', school: 'S', position: 'P', profileImage: pdf }).profileImage).toBe(
      'Please choose an image file.',
    );
  });
});

describe('waiting list route', () => {
  let scrolled: Element[] = [];
  beforeEach(() => {
    scrolled = [];
    // jsdom has no layout: record what the form scrolls into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
  });

  it('shows field errors, then submits and shows the success text', async () => {
    let release: () => void = () => undefined;
    const api = fakeApi((path, init) => {
      if (path === '/api/waitlist') return new Promise((resolve) => (release = () => resolve({ status: 201, body: { ok: true } })));
      return { status: 404, body: { error: { code: 'not_found', message: String(init?.method) } } };
    });
    const user = userEvent.setup();
    renderRoute('/waiting-list');
    expect(await screen.findByRole('heading', { name: 'Get on the List' })).toBeInTheDocument();
    const school = screen.getByLabelText('School');
    expect(Array.from((school as HTMLSelectElement).options).map((o) => o.text)).toEqual(['Select a school (optional)', 'Duke', 'Florida State', 'Temple']);
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
    expect(api).not.toHaveBeenCalledWith('/api/waitlist', expect.anything());

    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.selectOptions(school, 'Temple');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    const success = await screen.findByText('Thank you! Your submission has been sent successfully.');
    // Brought into view and focused (it sits below the fold), inside a status region.
    await waitFor(() => expect(success).toHaveFocus());
    expect(scrolled).toContain(success);
    expect(screen.getByRole('status')).toContainElement(success);
    const body = JSON.parse(String((api.mock.calls.find((c) => c[0] === '/api/waitlist')![1] as RequestInit).body));
    expect(body).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', school: 'Temple' });
  });

  it('shows the error text and the server field error on a 400', async () => {
    fakeApi(() => ({ status: 400, body: { error: { code: 'validation', message: 'bad', fields: { email: 'Email domain is not accepted.' } } } }));
    const user = userEvent.setup();
    renderRoute('/demo/waiting-list');
    await user.type(await screen.findByLabelText(/First name/), 'A');
    await user.type(screen.getByLabelText(/Last name/), 'B');
    await user.type(screen.getByLabelText(/Email/), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Sorry, there was an error sending your submission. Please try again.');
    await waitFor(() => expect(failure).toHaveFocus());
    expect(scrolled).toContain(failure);
    expect(screen.getByText('Email domain is not accepted.')).toBeInTheDocument();
  });
});

describe('login, signup and create-profile routes', () => {
  beforeEach(() => {
    fakeApi();
    localStorage.clear();
  });

  it('rejects unknown credentials naming the two role words', async () => {
    const user = userEvent.setup();
    renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Username/), 'fan');
    await user.type(screen.getByLabelText(/Password/), 'fan');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_CREDENTIALS);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it.each([
    ['collective', '/collective-admin-panel'],
    ['athlete', '/athlete-admin-panel'],
  ])('signs in as %s and goes to %s', async (word, target) => {
    const user = userEvent.setup();
    const { location } = renderRoute('/login');
    await user.type(await screen.findByLabelText(/Username/), word);
    await user.type(screen.getByLabelText(/Password/), word);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location().pathname).toBe(target));
    expect(localStorage.getItem('demoRole')).toBe(word);
  });

  it('shows Passwords do not match. on signup and says so when sign-up is not configured', async () => {
    const user = userEvent.setup();
    renderRoute('/signup');
    await user.type(await screen.findByLabelText(/Username/), 'fan1');
    await user.type(screen.getByLabelText(/Email/), 'fan1@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.type(screen.getByLabelText(/Confirm password/), 'secret2');
    await user.type(screen.getByLabelText(/Date of birth/), '1990-01-15');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Confirm password/));
    await user.type(screen.getByLabelText(/Confirm password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in is not available right now. Please try again later.');
  });
});
