// /create-profile: signed out it says sign-in is needed (links keep the page in next); signed in
// it validates with the server's rules, uploads the image, sends the request, says "Profile
// received" only once the server stored it, shows server field errors on their fields, and shows
// the request's status (pending, accepted, declined with the reason).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfileRequest } from '@shared/onboarding/onboarding-api';
import { resetRuntimeConfig } from '@/lib/runtime-config';
import { installFakeCognito, resetAuth, type FakeCognito } from './auth-helpers';
import { catalogHandler, renderRoute, signIn, signOut, type ApiHandler } from './harness';

jest.setTimeout(30_000);

let fake: FakeCognito;
const UPLOADED = '/api/uploads/local/00000000-0000-4000-8000-000000000009.png';

function install(api: ApiHandler) {
  resetRuntimeConfig();
  fake = installFakeCognito({ api: (path, init) => api(path, init) ?? catalogHandler(path, init) });
}

const signInAsSam = () =>
  signIn({ sub: 'sub-sam', email: 'sam@example.com', 'cognito:username': 'sam', 'cognito:groups': ['buyer'] }, { refreshToken: 'refresh-sam' });

const stored = (over: Partial<ProfileRequest> = {}): ProfileRequest => ({
  id: 'r1',
  name: 'Sam Striker',
  sport: 'Soccer',
  schoolId: 2,
  schoolName: 'Temple',
  position: 'Striker',
  bio: '',
  image: null,
  state: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  email: 'sam@example.com',
  decidedAt: null,
  declineReason: null,
  athleteId: null,
  ...over,
});

const schools = {
  body: {
    items: [
      { id: 2, name: 'Temple' },
      { id: 3, name: 'Villanova' },
    ],
  },
};

beforeEach(resetAuth);
afterEach(signOut);

describe('create-profile', () => {
  it('says sign-in is needed and links to sign in and sign up, back to this page', async () => {
    install(() => undefined as never);
    renderRoute('/create-profile');
    expect(await screen.findByText(/Sign in to send your profile/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fcreate-profile');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?next=%2Fcreate-profile');
    expect(screen.queryByRole('button', { name: 'Create Profile' })).not.toBeInTheDocument();
  });

  it('validates, uploads the image, sends the request and shows it pending once stored', async () => {
    let request: ProfileRequest | null = null;
    let release: () => void = () => undefined;
    const posted: unknown[] = [];
    install((path, init) => {
      if (path === '/api/profile-requests/schools') return schools;
      if (path === '/api/profile-requests/mine') return { body: { request } };
      if (path === '/api/uploads' && init?.method === 'POST')
        return {
          status: 201,
          body: { uploadUrl: '/api/uploads/local/put?ticket=t', method: 'PUT', headers: { 'content-type': 'image/png' }, imageUrl: UPLOADED },
        };
      if (path.startsWith('/api/uploads/local/put') && init?.method === 'PUT') return { status: 200, body: {} };
      if (path === '/api/profile-requests' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return new Promise((resolve) => {
          release = () => {
            request = stored({ image: UPLOADED });
            resolve({ status: 201, body: request });
          };
        });
      }
      return undefined as never;
    });
    signInAsSam();
    const user = userEvent.setup();
    renderRoute('/create-profile');
    const submit = await screen.findByRole('button', { name: 'Create Profile' }, { timeout: 5000 });
    await user.click(submit);
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose your school')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Track & Field' })).toHaveValue('Track and Field');
    await user.type(screen.getByLabelText(/^Name/), 'Sam Striker');
    await user.selectOptions(screen.getByLabelText(/^Sport/), 'Soccer');
    await user.selectOptions(await screen.findByLabelText(/^School/), 'Temple');
    await user.type(screen.getByLabelText(/^Position/), 'Striker');
    await user.upload(screen.getByLabelText(/^Profile image/), new File(['png'], 'me.png', { type: 'image/png' }));
    await user.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(screen.queryByText(/Profile received/)).not.toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText(/Profile received/)).toBeInTheDocument();
    expect(posted[0]).toEqual({ name: 'Sam Striker', sport: 'Soccer', schoolId: 2, position: 'Striker', bio: '', image: UPLOADED });
    expect(screen.getByText(/Pending/).closest('[role="status"]')).toHaveTextContent('to the collectives of Temple');
    expect(fake.api.mock.calls.some(([p, i]) => String(p).startsWith('/api/uploads/local/put') && (i as RequestInit).method === 'PUT')).toBe(true);
  });

  it('shows the server field errors on their fields and keeps what was typed', async () => {
    install((path, init) => {
      if (path === '/api/profile-requests/schools') return schools;
      if (path === '/api/profile-requests/mine') return { body: { request: null } };
      if (path === '/api/profile-requests' && init?.method === 'POST')
        return { status: 400, body: { error: { code: 'validation', message: 'Invalid input', fields: { schoolId: 'Choose your school from the list' } } } };
      return undefined as never;
    });
    signInAsSam();
    const user = userEvent.setup();
    renderRoute('/create-profile');
    await user.type(await screen.findByLabelText(/^Name/, {}, { timeout: 5000 }), 'Sam');
    await user.selectOptions(screen.getByLabelText(/^Sport/), 'Soccer');
    await user.selectOptions(await screen.findByLabelText(/^School/), 'Villanova');
    await user.type(screen.getByLabelText(/^Position/), 'Keeper');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Choose your school from the list')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid input');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Sam');
    expect(screen.queryByText(/Profile received/)).not.toBeInTheDocument();
  });

  it('shows an accepted request and a declined one with its reason', async () => {
    let request = stored({ state: 'accepted', decidedAt: '2026-11-21T10:00:00.000Z', athleteId: 40 });
    install((path) => {
      if (path === '/api/profile-requests/schools') return schools;
      if (path === '/api/profile-requests/mine') return { body: { request } };
      return undefined as never;
    });
    signInAsSam();
    const view = renderRoute('/create-profile');
    expect(await screen.findByText('Accepted', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open your athlete panel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create Profile|Send again/ })).not.toBeInTheDocument();
    view.unmount();
    request = stored({ state: 'declined', decidedAt: '2026-11-21T10:00:00.000Z', declineReason: 'We could not verify your roster spot' });
    renderRoute('/create-profile');
    expect(await screen.findByText(/We could not verify your roster spot/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it('shows the schools error with Try Again', async () => {
    let fail = true;
    install((path) => {
      if (path === '/api/profile-requests/schools') return fail ? { status: 503, body: { error: { code: 'x', message: 'x' } } } : schools;
      if (path === '/api/profile-requests/mine') return { body: { request: null } };
      return undefined as never;
    });
    signInAsSam();
    const user = userEvent.setup();
    renderRoute('/create-profile');
    expect(await screen.findByText('Failed to load the schools. Please try again.', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText(/^School/)).toBeInTheDocument();
  });

  it('tells an account already linked to an athlete to open its panel instead of the form', async () => {
    install((path) => (path === '/api/profile-requests/mine' ? { body: { request: null } } : (undefined as never)));
    signIn({ sub: 'sub-a', email: 'a@example.com', 'cognito:groups': ['athlete'], 'custom:athleteId': '1' }, { refreshToken: 'refresh-a' });
    renderRoute('/create-profile');
    expect(await screen.findByText(/This account already belongs to an athlete/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your athlete panel' })).toHaveAttribute('href', '/athlete');
    expect(screen.queryByRole('button', { name: 'Create Profile' })).not.toBeInTheDocument();
  });
});
