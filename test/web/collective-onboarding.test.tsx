// Invites and profile requests in the collective's Settings: the server's rules on the form, the
// link shown once with Copy, the statuses, Revoke, Accept with a jersey number, Decline with a reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Invite, ProfileRequest } from '@shared/onboarding/onboarding-api';
import { InvitesManager } from '@/features/collective-panel/components/settings/invites-manager';
import { ProfileRequests } from '@/features/collective-panel/components/settings/profile-requests';
import { members } from './dashboards/fixtures';
import { renderRoute, fakeApi } from './harness';

jest.setTimeout(30_000);

const invite = (id: string, state: Invite['state'], over: Partial<Invite> = {}): Invite => ({
  id: id.repeat(64).slice(0, 64),
  athleteId: 2,
  athleteName: 'Jalen Brooks',
  email: `${state}@example.com`,
  state,
  createdAt: '2026-11-10T00:00:00.000Z',
  createdBy: 'c1',
  expiresAt: '2026-11-24T00:00:00.000Z',
  claimedAt: state === 'claimed' ? '2026-11-12T00:00:00.000Z' : null,
  ...over,
});

const request = (id: string, state: ProfileRequest['state']): ProfileRequest => ({
  id,
  name: `Requester ${id}`,
  sport: 'Soccer',
  schoolId: 2,
  position: 'Forward',
  bio: '',
  image: null,
  schoolName: 'Drift State University',
  state,
  createdAt: '2026-11-10T00:00:00.000Z',
  email: `${id}@example.com`,
  decidedAt: null,
  declineReason: state === 'declined' ? 'Not on our roster' : null,
  athleteId: null,
});

describe('Invites', () => {
  it('checks the form, shows the link and code once with Copy, and lists the statuses', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const items = [invite('a', 'open'), invite('b', 'claimed'), invite('c', 'revoked'), invite('d', 'expired')];
    const stub = fakeApi({
      'GET /api/collectives/1/invites': () => ({ body: { items } }),
      'POST /api/collectives/1/invites': {
        status: 201,
        body: { ...invite('e', 'open', { email: 'jalen@example.com' }), code: 'CODE123456789012345678901', claimPath: '/claim/CODE123456789012345678901' },
      },
    });
    renderRoute(<InvitesManager collectiveId={1} members={members([1, 2])} />);
    const table = await screen.findByRole('table', { name: 'Invites, newest first' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('.dash-badge')?.textContent),
    ).toEqual(['Pending', 'Claimed', 'Revoked', 'Expired']);
    expect(within(table).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Create Invite' }));
    expect(screen.getByText('Choose the athlete to invite')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Athlete'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText("Athlete's email"), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Invite' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText("Athlete's email"), { target: { value: 'Jalen@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Invite' }));
    const link = await screen.findByLabelText('Invite link');
    expect(link).toHaveValue(`${window.location.origin}/claim/CODE123456789012345678901`);
    expect(screen.getByLabelText('Invite code')).toHaveValue('CODE123456789012345678901');
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({ athleteId: 2, email: 'jalen@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/claim/CODE123456789012345678901`);
  });

  it('revokes a pending invite after a confirmation and shows a failed list with Retry', async () => {
    let fail = true;
    const stub = fakeApi({
      'GET /api/collectives/1/invites': () =>
        fail ? { status: 503, body: { error: { code: 'x', message: 'x' } } } : { body: { items: [invite('a', 'open')] } },
      [`POST /api/collectives/1/invites/${'a'.repeat(64)}/revoke`]: { body: invite('a', 'revoked') },
    });
    renderRoute(<InvitesManager collectiveId={1} members={members([1, 2])} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the invite of Jalen Brooks (open@example.com)' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Revoke this invite?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The invite of Jalen Brooks was revoked: its link no longer works.')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.endsWith('/revoke'))).toBe(true);
  });
});

describe('Profile requests', () => {
  it('accepts with a checked jersey number and declines with a reason', async () => {
    const stub = fakeApi({
      'GET /api/collectives/1/profile-requests': { body: { items: [request('r1', 'pending'), request('r2', 'pending'), request('r3', 'declined')] } },
      'POST /api/collectives/1/profile-requests/r1/accept': { body: { ...request('r1', 'accepted'), athleteId: 40 } },
      'POST /api/collectives/1/profile-requests/r2/decline': { body: request('r2', 'declined') },
    });
    renderRoute(<ProfileRequests collectiveId={1} />);
    const table = await screen.findByRole('table', { name: 'Profile requests' });
    expect(within(table).getByText('Reason: Not on our roster')).toBeInTheDocument();
    const number = screen.getByLabelText('Player number for Requester r1');
    fireEvent.click(within(number.closest('form')!).getByRole('button', { name: 'Accept' }));
    expect(screen.getByText('Player number is required')).toBeInTheDocument();
    fireEvent.change(number, { target: { value: '1000' } });
    fireEvent.click(within(number.closest('form')!).getByRole('button', { name: 'Accept' }));
    expect(screen.getByText('Player number must be 0 to 999')).toBeInTheDocument();
    fireEvent.change(number, { target: { value: '7' } });
    fireEvent.click(within(number.closest('form')!).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Requester r1 was added to the collective and their account linked.')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url.endsWith('/accept'))?.body).toEqual({ number: '7' });

    fireEvent.click(screen.getByRole('button', { name: 'Decline Requester r2' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline Requester r2?' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Please use your school email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(stub.calls.find((c) => c.url.endsWith('/decline'))?.body).toEqual({ reason: 'Please use your school email' }));
    expect(await screen.findByText('The request of Requester r2 was declined.')).toBeInTheDocument();
  });

  it('says when there are no requests', async () => {
    fakeApi({ 'GET /api/collectives/1/profile-requests': { body: { items: [] } } });
    renderRoute(<ProfileRequests collectiveId={1} />);
    expect(await screen.findByText('No profile requests.')).toBeInTheDocument();
  });
});
