// The collector profile form (/profile; issue 26 item 1) and the name guard (issue 32 item 4,
// decision 0026): a staff word or "A collector" is refused on the field before sending, and the
// server's refusal (a name too close to an athlete's, a school's or a collective's) lands on it too.
import { fireEvent, screen } from '@testing-library/react';
import type { MyProfile } from '@shared/community/display-names';
import ProfileSettings from '@/features/collector/components/profile-settings';
import { fakeApi, renderRoute, settled, signIn, signOut } from './harness';

jest.setTimeout(30_000);
afterEach(signOut);

const mine: MyProfile = { displayName: null, pseudonym: 'Fan 7KQ2MX', public: false, canBePublic: true };
const ATHLETE = 'This name is too close to Marcus Reed, an athlete on Drift: choose a name that is your own.';

it('refuses a staff word before sending and shows the server’s name guard message on the field', async () => {
  signIn({ sub: 'fan-sub', email: 'fan1@example.com', 'cognito:groups': ['buyer'], 'cognito:username': 'fan1' });
  const api = fakeApi({
    'GET /api/me/profile': { body: mine },
    'PUT /api/me/profile': { status: 400, body: { error: { code: 'validation', message: 'Invalid displayName', fields: { displayName: ATHLETE } } } },
  });
  renderRoute(<ProfileSettings />, { path: '/profile', at: '/profile' });
  const field = await screen.findByLabelText(/Display name/);
  fireEvent.change(field, { target: { value: 'Adm1n Desk' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('This name is too close to “admin”, a word kept for Drift and its staff: choose a name without it.')).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

  fireEvent.change(field, { target: { value: 'M a r c u s Reed' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await settled();
  expect(await screen.findByText(ATHLETE)).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
});
