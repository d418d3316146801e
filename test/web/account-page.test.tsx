// The account settings page (/account; issue 23): the account's facts, "Download my data" saved as a
// JSON file, "Delete my account" asked first, then the emailed code (its errors named) and the
// deletion; a Google account answers the birth-date question first (under 13: refused, closed).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountView } from '@shared/sales/account-api';
import AccountPage from '@/features/account/components/account-page';
import { renderRoute, fakeApi, signIn, signOut } from './harness';

jest.setTimeout(30_000);
afterEach(signOut);

const view = (over: Partial<AccountView> = {}): AccountView => ({
  username: 'fan1',
  email: 'fan1@example.com',
  ageBand: 'adult',
  ageQuestion: false,
  listedPublicly: true,
  deletion: null,
  ...over,
});

it('shows the account and downloads its data as a JSON file', async () => {
  signIn({ sub: 'fan-sub', email: 'fan1@example.com', 'cognito:groups': ['buyer'], 'cognito:username': 'fan1' });
  const saved: string[] = [];
  fakeApi({
    'GET /api/me/account': { body: view() },
    'GET /api/me/data': {
      body: {
        generatedAt: '2026-11-27T12:00:00.000Z',
        account: { username: 'fan1', email: 'fan1@example.com', emailVerified: true, ageBand: 'adult', groups: ['buyer'] },
        orders: [{ orderId: '1' }, { orderId: '2' }],
        cards: [{ athleteId: 1, athleteName: 'Marcus Reed', cards: [{ cardId: 1, name: 'Card #1', units: 3, serials: [[1, 3]] }] }],
        follows: [{ kind: 'athlete', id: 1, since: '2026-11-01T00:00:00.000Z' }],
        notifications: { settings: null, state: null, notices: [], digests: [] },
        truncated: false,
      },
    },
  });
  const createObjectURL = jest.fn((blob: Blob) => {
    saved.push(blob.type);
    return 'blob:data';
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  renderRoute(<AccountPage />);
  const account = await screen.findByRole('region', { name: 'Account' });
  expect(account).toHaveTextContent('fan1@example.com');
  expect(account).toHaveTextContent('Top Fans and leaderboards may show you under your fan name (never your email).');
  fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
  expect(await screen.findByText('Downloaded: your account, 2 orders, 3 cards, 1 follow and 0 notifications.')).toBeInTheDocument();
  await waitFor(() => expect(saved).toEqual(['application/json']));
  expect(click).toHaveBeenCalled();
  click.mockRestore();
});

it('asks first, emails a code, names a wrong code and deletes with the right one', async () => {
  signIn({ sub: 'fan-sub', email: 'fan1@example.com', 'cognito:groups': ['buyer'], 'cognito:username': 'fan1' });
  let deletion: AccountView['deletion'] = null;
  const stub = fakeApi({
    'GET /api/me/account': () => ({ body: view({ deletion }) }),
    'POST /api/me/deletion': () => {
      deletion = { requestedAt: '2026-11-27T12:00:00.000Z', expiresAt: '2026-11-27T12:30:00.000Z' };
      return { body: { sentTo: 'f***@example.com', expiresAt: deletion.expiresAt } };
    },
    'POST /api/me/deletion/confirm': (init) => {
      const { code } = JSON.parse(String(init?.body));
      if (code !== '123456')
        return {
          status: 400,
          body: { error: { code: 'validation', message: 'Invalid code', fields: { code: 'That code is not correct: check the email and try again' } } },
        };
      return { body: { redactedOrders: 2, requestId: 'account-delete-1' } };
    },
  });
  renderRoute(<AccountPage />);
  const panel = await screen.findByRole('region', { name: 'Delete my account' });
  fireEvent.click(within(panel).getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  fireEvent.click(within(panel).getByRole('button', { name: 'Delete my account' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Email me a code' }));
  const form = await within(panel).findByRole('form', { name: 'Confirm the deletion' });
  expect(form).toHaveTextContent('We emailed a code to f***@example.com.');
  fireEvent.click(within(form).getByRole('button', { name: 'Delete my account now' }));
  expect(await within(form).findByText('Enter the 6-digit code from the email')).toBeInTheDocument();
  fireEvent.change(within(form).getByLabelText(/^Code from the email/), { target: { value: '654321' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Delete my account now' }));
  expect(await within(form).findByText('That code is not correct: check the email and try again')).toBeInTheDocument();
  fireEvent.change(within(form).getByLabelText(/^Code from the email/), { target: { value: '123456' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Delete my account now' }));
  expect(await within(panel).findByText(/Your account is deleted\./)).toBeInTheDocument();
  expect(panel).toHaveTextContent('Your email was removed from 2 orders');
});

it('asks a Google account its date of birth first; under 13 the account is closed', async () => {
  signIn({ sub: 'fan-sub', email: 'fan1@example.com', 'cognito:groups': ['buyer'], 'cognito:username': 'fan1' });
  fakeApi({
    'GET /api/me/account': { body: view({ ageBand: 'unknown', ageQuestion: true, listedPublicly: false }) },
    'PUT /api/me/age': { status: 403, body: { error: { code: 'not_eligible', message: 'Sorry, we can’t create an account for you.' } } },
  });
  renderRoute(<AccountPage />);
  const form = await screen.findByRole('form', { name: 'Your date of birth' });
  expect(screen.queryByRole('region', { name: 'Delete my account' })).not.toBeInTheDocument();
  fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
  expect(await within(form).findByText('Enter your date of birth.')).toBeInTheDocument();
  fireEvent.change(within(form).getByLabelText(/^Date of birth/), { target: { value: '2016-05-01' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Sorry, we can’t create an account for you. Your account was closed.')).toBeInTheDocument();
});
