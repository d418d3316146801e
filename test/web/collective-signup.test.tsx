// Collective sign-up on the web: the /collectives/join form (the server's rules under each field,
// the school choice, the terms, the application's state and a decline's reason), the operator's
// Applications list (details, approve, decline with a required reason) and a new collective's
// checklist (each step done or not, each a link to where it is done).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UNDECIDED, type CollectiveApplication } from '@shared/onboarding/collective-signup-api';
import { COLLECTIVE_TERMS_VERSION } from '@shared/onboarding/collective-terms';
import JoinCollective from '@/features/collective-signup/components/join-collective';
import { ApplicationsSection } from '@/features/operator/components/applications-section';
import { GettingStarted } from '@/features/collective-panel/components/getting-started';
import { fakeApi, renderRoute, settleAndSignOut, signIn } from './harness';

jest.setTimeout(30_000);

const applicant = { sub: 'sub-avery', 'cognito:username': 'avery', email: 'avery@example.com', 'cognito:groups': ['buyer'] };

const application = (over: Partial<CollectiveApplication> = {}): CollectiveApplication => ({
  id: 'a'.repeat(20),
  state: 'pending',
  organisation: {
    name: 'Harbor Collective',
    legalName: 'Harbor Collective Inc.',
    website: 'https://harbor.example',
    contactEmail: 'board@harbor.example',
    phone: '+1 555 010 0199',
  },
  school: {
    kind: 'new',
    name: 'Harbor University',
    logo: '/uploads/0b6f3a52-6e53-4e2b-9a7e-1c2d3e4f5a6b.png',
    colors: { primary: '#0A3161', secondary: '#FFFFFF', accent: '#C4161C' },
  },
  termsVersion: COLLECTIVE_TERMS_VERSION,
  submittedAt: '2026-11-20T10:00:00.000Z',
  submittedBy: { username: 'avery', email: 'avery@example.com' },
  ...UNDECIDED,
  ...over,
});

afterEach(settleAndSignOut);

describe('/collectives/join', () => {
  it('asks a signed-out visitor to sign up or sign in, and comes back', async () => {
    fakeApi({});
    renderRoute('/collectives/join');
    expect(await screen.findByRole('heading', { name: 'Join Drift as a collective' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?next=%2Fcollectives%2Fjoin');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fcollectives%2Fjoin');
  });

  it("shows the server's rules under each field and sends nothing until they hold", async () => {
    signIn(applicant);
    const api = fakeApi({
      'GET /api/collective-applications/mine': { body: { application: null } },
      'GET /api/collective-applications/schools': { body: { items: [{ id: 9, name: 'Drift Coastal College', logo: '/x.png' }] } },
      'POST /api/collective-applications': () => ({
        status: 201,
        body: application({ school: { kind: 'existing', schoolId: 9, name: 'Drift Coastal College' } }),
      }),
    });
    renderRoute(<JoinCollective />);
    const form = await screen.findByRole('form', { name: 'Apply as a collective' });
    // The account's email is the contact email to start with.
    expect(within(form).getByLabelText(/^Contact email/)).toHaveValue('avery@example.com');
    expect(within(form).getByRole('region', { name: 'Drift terms for collectives' })).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^Website/), { target: { value: 'http://harbor.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText('Organisation name is required')).toBeInTheDocument();
    expect(within(form).getByText('Website must be an https:// address, like https://example.org')).toBeInTheDocument();
    expect(within(form).getByText('Phone is required')).toBeInTheDocument();
    expect(within(form).getByText('School: choose your school, or add a new one')).toBeInTheDocument();
    expect(within(form).getByText('Terms: read and accept the terms to apply')).toBeInTheDocument();
    // The first invalid field has the focus.
    expect(within(form).getByLabelText(/^Organisation name/)).toHaveFocus();

    // A new school needs its name and logo and valid colours.
    fireEvent.click(within(form).getByLabelText('Add my school'));
    fireEvent.change(within(form).getByLabelText(/^Primary colour( \*)?$/), { target: { value: 'red' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText('School logo: upload a PNG, JPG or GIF')).toBeInTheDocument();
    expect(within(form).getByText('School state: choose the state the school is in')).toBeInTheDocument();
    expect(within(form).getByText('Primary colour must be a colour like #C4161C')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    // An existing school from the list.
    fireEvent.click(within(form).getByLabelText('My school is on Drift'));
    fireEvent.change(await within(form).findByLabelText(/^Your school/), { target: { value: '9' } });
    fireEvent.change(within(form).getByLabelText(/^Organisation name/), { target: { value: 'Coastal Collective' } });
    fireEvent.change(within(form).getByLabelText(/^Legal name/), { target: { value: 'Coastal Collective Inc.' } });
    fireEvent.change(within(form).getByLabelText(/^Website/), { target: { value: 'https://coastal.example' } });
    fireEvent.change(within(form).getByLabelText(/^Phone/), { target: { value: '+1 555 010 0199' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /I have read the terms/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Under review/)).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Coastal Collective',
      legalName: 'Coastal Collective Inc.',
      website: 'https://coastal.example',
      contactEmail: 'avery@example.com',
      phone: '+1 555 010 0199',
      schoolKind: 'existing',
      schoolId: 9,
      acceptTerms: true,
      termsVersion: COLLECTIVE_TERMS_VERSION,
      idempotencyKey: expect.any(String),
    });
    // Under review: no form to send a second one.
    expect(screen.queryByRole('form', { name: 'Apply as a collective' })).not.toBeInTheDocument();
  });

  it("puts the server's field errors on their fields and its 409 in the form message", async () => {
    signIn(applicant);
    let answer = {
      status: 400,
      body: {
        error: { code: 'validation', message: 'Invalid', fields: { schoolName: 'School name: Drift Tech is already on Drift; choose it from the list' } },
      },
    };
    fakeApi({
      'GET /api/collective-applications/mine': { body: { application: null } },
      'GET /api/collective-applications/schools': { body: { items: [] } },
      'POST /api/uploads': {
        status: 201,
        body: { uploadUrl: '/api/uploads/local/k', method: 'PUT', headers: {}, imageUrl: '/uploads/0b6f3a52-6e53-4e2b-9a7e-1c2d3e4f5a6b.png' },
      },
      'PUT /api/uploads/local/k': { status: 204 },
      'POST /api/collective-applications': () => answer,
    });
    renderRoute(<JoinCollective />);
    const form = await screen.findByRole('form', { name: 'Apply as a collective' });
    for (const [label, value] of [
      [/^Organisation name/, 'Tech Boosters'],
      [/^Legal name/, 'Tech Boosters LLC'],
      [/^Website/, 'https://boosters.example'],
      [/^Phone/, '555 010 0199'],
    ] as const)
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fireEvent.click(within(form).getByLabelText('Add my school'));
    fireEvent.change(within(form).getByLabelText(/^School name/), { target: { value: 'drift tech' } });
    fireEvent.change(within(form).getByLabelText(/^State/), { target: { value: 'OH' } });
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText(/^School logo/), { target: { files: [logo] } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /I have read the terms/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText('School name: Drift Tech is already on Drift; choose it from the list')).toBeInTheDocument();

    answer = { status: 409, body: { error: { code: 'conflict', message: 'Drift Tech already has a collective on Drift', fields: {} as never } } };
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Drift Tech already has a collective on Drift');
  });

  it("shows a decline's reason and opens the form again", async () => {
    signIn(applicant);
    fakeApi({
      'GET /api/collective-applications/mine': {
        body: {
          application: application({
            state: 'declined',
            decidedAt: '2026-11-21T09:00:00.000Z',
            decidedBy: 'operator',
            declineReason: 'Send the registration number.',
          }),
        },
      },
      'GET /api/collective-applications/schools': { body: { items: [] } },
    });
    renderRoute(<JoinCollective />);
    expect((await screen.findByText('Declined')).parentElement).toHaveTextContent(/^Declined on .*: Send the registration number\.$/);
    const form = screen.getByRole('form', { name: 'Apply as a collective' });
    expect(within(form).getByLabelText(/^School name/)).toHaveValue('Harbor University');
    expect(within(form).getByRole('button', { name: 'Apply again' })).toBeInTheDocument();
  });
});

describe("the operator's applications", () => {
  it('lists applications with their details; approves one and declines another with a reason', async () => {
    let pending = [application(), application({ id: 'b'.repeat(20), organisation: { ...application().organisation, name: 'Bay Boosters' } })];
    const api = fakeApi({
      'GET /api/operator/applications?status=pending&limit=25': () => ({ body: { items: pending, nextCursor: null } }),
      'GET /api/operator/applications?status=approved&limit=25': () => ({
        body: {
          items: [
            application({
              id: 'c'.repeat(20),
              state: 'approved',
              decidedAt: '2026-11-21T09:00:00.000Z',
              decidedBy: 'operator',
              collectiveId: 4,
              schoolId: 10,
              linked: true,
            }),
          ],
          nextCursor: null,
        },
      }),
      [`POST /api/operator/applications/${'a'.repeat(20)}/approve`]: () => {
        pending = pending.slice(1);
        return { body: application({ state: 'approved', collectiveId: 4, linked: true }) };
      },
      [`POST /api/operator/applications/${'b'.repeat(20)}/decline`]: () => {
        pending = [];
        return { body: application({ id: 'b'.repeat(20), state: 'declined' }) };
      },
    });
    renderRoute(<ApplicationsSection />);
    const harbor = await screen.findByRole('article', { name: /Harbor Collective/ });
    expect(harbor).toHaveTextContent('Harbor Collective Inc.');
    expect(harbor).toHaveTextContent('board@harbor.example');
    expect(harbor).toHaveTextContent('+1 555 010 0199');
    expect(harbor).toHaveTextContent('New school: Harbor University');
    expect(harbor).toHaveTextContent('avery (avery@example.com)');
    expect(within(harbor).getByRole('link', { name: 'https://harbor.example' })).toHaveAttribute('href', 'https://harbor.example');
    expect(within(harbor).getByRole('img', { name: 'Harbor University logo' })).toBeInTheDocument();

    fireEvent.click(within(harbor).getByRole('button', { name: 'Approve Harbor Collective' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /Harbor Collective/ })).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/operator/applications/${'a'.repeat(20)}/approve`]);
    expect(screen.getByRole('status')).toHaveTextContent('Approved: Harbor Collective is the collective of Harbor University, and its account is linked.');

    const bay = screen.getByRole('article', { name: /Bay Boosters/ });
    fireEvent.click(within(bay).getByRole('button', { name: 'Decline…' }));
    const decline = within(bay).getByRole('form', { name: 'Decline Bay Boosters' });
    fireEvent.click(within(decline).getByRole('button', { name: 'Decline' }));
    expect(await within(decline).findByText('Reason is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    fireEvent.change(within(decline).getByLabelText(/^Reason/), { target: { value: 'We could not confirm the organisation.' } });
    fireEvent.click(within(decline).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.getByText('No pending applications.')).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Declined: Bay Boosters sees the reason.');
    expect(api.calls.find((c) => c.url.endsWith('/decline'))?.body).toEqual({ reason: 'We could not confirm the organisation.' });

    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
    const approved = await screen.findByRole('article', { name: /Harbor Collective/ });
    expect(approved).toHaveTextContent('by operator on');
    expect(approved).toHaveTextContent('(collective 4)');
    expect(within(approved).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe("a new collective's checklist", () => {
  it('shows each step done or not, each linking to where it is done; it can be hidden', async () => {
    const steps = (done: string[]) => ['payouts', 'colors', 'invite', 'card', 'drop'].map((id) => ({ id, done: done.includes(id) }));
    const api = fakeApi({
      'GET /api/collectives/4/checklist': { body: { show: true, dismissedAt: null, steps: steps(['colors']) } },
      'POST /api/collectives/4/checklist/dismiss': { body: { show: false, dismissedAt: '2026-11-22T00:00:00.000Z', steps: steps(['colors']) } },
    });
    renderRoute(<GettingStarted collectiveId={4} />);
    const list = await screen.findByRole('region', { name: 'Get started' });
    expect(list).toHaveTextContent('1 of 5 steps done.');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual(['Link payouts', 'School colours', 'Invite athletes', 'First card', 'First drop']);
    expect(items.map((i) => within(i).getByText(/\((done|not done yet)\)/).textContent)).toEqual([
      '(not done yet)',
      '(done)',
      '(not done yet)',
      '(not done yet)',
      '(not done yet)',
    ]);
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/collective?section=settings&tab=payments');
    expect(within(items[1]).getByRole('link')).toHaveAttribute('href', '/collective?section=settings&tab=school-colors');
    expect(within(items[2]).getByRole('link')).toHaveAttribute('href', '/collective?section=settings&tab=invites');
    expect(within(items[3]).getByRole('link')).toHaveAttribute('href', '/collective?section=cards');
    fireEvent.click(within(list).getByRole('button', { name: 'Hide this list' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/collectives/4/checklist/dismiss')).toBe(true);
  });

  it('is not shown when the collective did not sign up or has done every step', async () => {
    fakeApi({ 'GET /api/collectives/1/checklist': { body: { show: false, dismissedAt: null, steps: [] } } });
    renderRoute(<GettingStarted collectiveId={1} />);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument());
  });
});
