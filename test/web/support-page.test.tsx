// Donations (issue 22, item 4) in the web app: the public support page (/support/:id) with its
// tiers and one-time gift, the donor's name or Anonymous, the request it sends (one idempotency key
// per submission) and the hand-over to Stripe's page; the closed state of a collective without a
// Stripe account; the thank-you after Stripe sends the donor back (instead of the form, with
// Manage membership); the goal, supporters and wall; the school page's link; and the collective's
// Support Page settings form (tiers added and retired, the fee, receipts, the goal, the server's refusals).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CheckoutResultResponse, SupportPageResponse, SupportSettingsResponse } from '@shared/payments/support-api';
import { SupportPage } from '@/features/support/components/support-page';
import { SupportSettingsForm } from '@/features/collective-panel/components/settings/support-settings-form';
import { entityApi } from './entity-api';
import { fakeApi, renderRoute, settled, settleAndSignOut, signInAs } from './harness';

jest.setTimeout(30_000);

const page = (over: Partial<SupportPageResponse> = {}): SupportPageResponse => ({
  collectiveId: 1,
  collectiveName: 'Mariners NIL Collective',
  school: { id: 2, name: 'Seaside University', logo: '/images/logo.svg' },
  pitch: 'Keep our athletes in town.',
  tiers: [
    { id: 't1', name: 'Crew', amountCents: 1_000, perk: 'A sticker and our thanks' },
    { id: 't2', name: 'Captain', amountCents: 5_000, perk: 'A signed poster' },
  ],
  giftsEnabled: true,
  feeBasisPoints: 0,
  open: true,
  closedBecause: null,
  goal: null,
  supporters: 0,
  wall: [],
  ...over,
});

const CHECKOUT_URL = 'http://127.0.0.1:3000/local-stripe/checkout/cs_test_abc';

function renderSupport(at: string, answer: SupportPageResponse, extra: Parameters<typeof fakeApi>[0] = {}) {
  const onCheckout = jest.fn();
  const api = fakeApi({
    'GET /api/support/1': { body: answer },
    'POST /api/support/1/checkout': { status: 201, body: { url: CHECKOUT_URL, sessionId: 'cs_test_abc' } },
    ...(extra as Record<string, never>),
  });
  renderRoute(<SupportPage onCheckout={onCheckout} />, { path: '/support/:id', at });
  return { api, onCheckout };
}

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST');

describe('the public support page', () => {
  it('joins a tier: the request names the tier and the donor, carries one idempotency key, and hands the donor to Stripe', async () => {
    const { api, onCheckout } = renderSupport('/support/1', page());
    expect(await screen.findByRole('heading', { name: 'Support Mariners NIL Collective' })).toBeInTheDocument();
    expect(screen.getByText('Keep our athletes in town.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Seaside University' })).toHaveAttribute('href', '/school/2');
    fireEvent.click(screen.getByRole('radio', { name: /Captain · \$50\.00 \/ month/ }));
    expect(screen.getByText('A signed poster')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Casey Fan' } });
    fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: 'Go team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment · $50.00 a month' }));
    await settled();
    const [sent] = posts(api);
    expect(sent.url).toBe('/api/support/1/checkout');
    expect(sent.body).toMatchObject({ kind: 'membership', tierId: 't2', donorName: 'Casey Fan', anonymous: false, organization: false, comment: 'Go team' });
    const init = api.mock.calls.find((c) => c[1]?.method === 'POST')![1] as RequestInit;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe((sent.body as { idempotencyKey: string }).idempotencyKey);
    expect(onCheckout).toHaveBeenCalledWith(CHECKOUT_URL);
    // The status is set after the answer is handled: wait for it rather than read it at once.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Taking you to the secure payment page'));
  });

  it('a one-time gift: presets and a typed amount; a name is required unless anonymous, and an anonymous gift sends no name', async () => {
    const { api, onCheckout } = renderSupport('/support/1', page({ feeBasisPoints: 250 }));
    await screen.findByRole('heading', { name: /Support/ });
    expect(screen.getByText(/platform fee of 2.5%/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'One-time gift' }));
    fireEvent.click(screen.getByRole('button', { name: '$100.00' }));
    expect(screen.getByRole('button', { name: '$100.00' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByLabelText(/Gift amount/), { target: { value: 'ten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await settled();
    expect(screen.getByText(/Amount must be an amount in dollars and cents/)).toBeInTheDocument();
    expect(screen.getByText('Your name is required')).toBeInTheDocument();
    expect(posts(api)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Gift amount/), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Secret Sam' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Give anonymously/ }));
    expect(screen.getByLabelText(/Your name/)).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: /organization/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment · $40.00' }));
    await settled();
    expect(posts(api)[0].body).toMatchObject({ kind: 'gift', amountCents: 4_000, anonymous: true, donorName: '' });
    expect(JSON.stringify(posts(api)[0].body)).not.toContain('Secret Sam');
    expect(onCheckout).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal on its field and does not leave the page", async () => {
    const { onCheckout } = renderSupport('/support/1', page(), {
      'POST /api/support/1/checkout': {
        status: 400,
        body: { error: { code: 'validation', message: 'Invalid comment', fields: { comment: 'Comments are shown publicly: leave out email addresses' } } },
      },
    });
    await screen.findByRole('heading', { name: /Support/ });
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Casey' } });
    fireEvent.click(screen.getByRole('button', { name: /Continue to payment/ }));
    expect(await screen.findByText('Comments are shown publicly: leave out email addresses')).toBeInTheDocument();
    expect(screen.getByLabelText(/Comment/)).toHaveAttribute('aria-invalid', 'true');
    expect(onCheckout).not.toHaveBeenCalled();
  });

  it('the name guard (decision 0026): a staff word is refused before sending, an athlete’s name as the server words it, both on the name field', async () => {
    const athlete = 'This name is too close to Marcus Reed, an athlete on Drift: choose a name that is your own.';
    const { api, onCheckout } = renderSupport('/support/1', page(), {
      'POST /api/support/1/checkout': { status: 400, body: { error: { code: 'validation', message: 'Invalid donorName', fields: { donorName: athlete } } } },
    });
    await screen.findByRole('heading', { name: /Support/ });
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Official Drift Admin' } });
    fireEvent.click(screen.getByRole('button', { name: /Continue to payment/ }));
    expect(await screen.findByText('This name is too close to “drift”, a word kept for Drift and its staff: choose a name without it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts(api)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Marcus Reed' } });
    fireEvent.click(screen.getByRole('button', { name: /Continue to payment/ }));
    expect(await screen.findByText(athlete)).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveAttribute('aria-invalid', 'true');
    expect(onCheckout).not.toHaveBeenCalled();
  });

  it('a collective without a linked Stripe account: "not taking donations yet", no form', async () => {
    renderSupport('/support/1', page({ open: false, closedBecause: 'no_account' }));
    expect(await screen.findByRole('heading', { name: 'Not taking donations yet' })).toBeInTheDocument();
    expect(screen.getByText(/has not finished setting up its payment account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue to payment/ })).not.toBeInTheDocument();
  });

  it('a collective that offers neither tiers nor gifts says so, not that its payment account is missing', async () => {
    renderSupport('/support/1', page({ open: false, closedBecause: 'nothing_offered', tiers: [], giftsEnabled: false }));
    expect(await screen.findByText('Mariners NIL Collective is not offering gifts or memberships here at the moment.')).toBeInTheDocument();
    expect(screen.queryByText(/payment account/)).not.toBeInTheDocument();
  });

  it('back from Stripe: thanks the donor for what was bought, promises the receipt, offers Manage membership, and no form until "Give again"', async () => {
    const manageUrl = '/api/support/1/manage?s=sub_1&e=1900000000&t=abc';
    const recorded: CheckoutResultResponse = {
      status: 'complete',
      recorded: { kind: 'membership', amountCents: 1_000, tierName: 'Crew', donorName: 'Casey Fan', comment: 'Go team', date: '2026-11-25T03:00:00.000Z' },
      manageUrl,
    };
    renderSupport('/support/1?checkout=cs_test_abc', page(), { 'GET /api/support/1/checkouts/cs_test_abc': { body: recorded } });
    expect(await screen.findByRole('heading', { name: 'Thank you, Casey Fan!' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('You are now a Crew member of Mariners NIL Collective: $10.00 a month.');
    expect(status).toHaveTextContent('A receipt is on its way to the email address you gave on the payment page.');
    expect(screen.getByText(/Your comment: “Go team”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage membership' })).toHaveAttribute('href', manageUrl);
    expect(screen.queryByRole('button', { name: /Continue to payment/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Give again' }));
    expect(screen.getByRole('button', { name: /Continue to payment/ })).toBeInTheDocument();
    await settled();
  });

  it('a gift: the thanks without Manage membership', async () => {
    const recorded: CheckoutResultResponse = {
      status: 'complete',
      recorded: { kind: 'gift', amountCents: 2_500, tierName: null, donorName: 'Anonymous', comment: null, date: '2026-11-25T03:00:00.000Z' },
      manageUrl: null,
    };
    renderSupport('/support/1?checkout=cs_test_abc', page(), { 'GET /api/support/1/checkouts/cs_test_abc': { body: recorded } });
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your gift of $25.00 to Mariners NIL Collective is recorded.');
    expect(screen.queryByRole('link', { name: 'Manage membership' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue to payment/ })).not.toBeInTheDocument();
    await settled();
  });

  it('shows the goal, the number of supporters and the wall of named supporters', async () => {
    renderSupport(
      '/support/1',
      page({
        goal: { amountCents: 500_000, label: 'Summer training camp', period: 'all', raisedCents: 125_000 },
        supporters: 12,
        wall: [
          { donorName: 'Sam Rivera', kind: 'membership', tierName: 'Crew', date: '2026-11-26T00:00:00.000Z' },
          { donorName: 'Linda Carter', kind: 'gift', tierName: null, date: '2026-11-25T00:00:00.000Z' },
        ],
      }),
    );
    const bar = await screen.findByRole('progressbar', { name: 'Summer training camp' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '$1,250.00 of $5,000.00');
    expect(screen.getByText(/raised of \$5,000\.00 · 12 supporters/)).toBeInTheDocument();
    const wall = screen.getByRole('region', { name: 'Supporters' });
    expect(
      within(wall)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sam RiveraCrew member', 'Linda CarterGift']);
  });

  it('a Manage membership link that expired says so on the page', async () => {
    renderSupport('/support/1?manage=expired', page());
    expect(await screen.findByRole('alert')).toHaveTextContent('That "Manage membership" link has expired. Use the link in your latest receipt');
  });

  it('back from Stripe unpaid (a declined card leaves the session open): nothing was charged', async () => {
    renderSupport('/support/1?checkout=cs_test_abc', page(), {
      'GET /api/support/1/checkouts/cs_test_abc': { body: { status: 'open', recorded: null, manageUrl: null } },
    });
    expect(await screen.findByText(/Your payment was not completed, so nothing was charged/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Continue to payment/ })).toBeInTheDocument();
  });
});

describe('the school page', () => {
  it("links to its collective's support page", async () => {
    fakeApi(entityApi());
    renderRoute('/school/2');
    const link = await screen.findByRole('link', { name: 'Support Mariners NIL Collective' });
    expect(link).toHaveAttribute('href', '/support/1');
    await settled();
  });
});

const settings = (over: Partial<SupportSettingsResponse> = {}): SupportSettingsResponse => ({
  collectiveId: 1,
  settings: {
    pitch: 'Keep our athletes in town.',
    tiers: [{ id: 't1', name: 'Crew', amountCents: 1_000, perk: 'A sticker', retired: false }],
    giftsEnabled: true,
    feeBasisPoints: 0,
    legalName: '',
    taxDeductible: false,
    goal: null,
    version: 3,
    updatedAt: '2026-11-20T00:00:00.000Z',
  },
  account: { linked: true, chargesEnabled: true },
  activeMembers: { t1: 4 },
  ...over,
});

describe("the collective's Support Page settings", () => {
  afterEach(settleAndSignOut);

  it('adds a tier, retires one and sets the fee: the saved request, then the saved page', async () => {
    signInAs('collective', 1);
    const saved = settings({
      settings: {
        ...settings().settings,
        tiers: [
          { id: 't1', name: 'Crew', amountCents: 1_000, perk: 'A sticker', retired: true },
          { id: 't2', name: 'Captain', amountCents: 2_550, perk: 'A signed poster', retired: false },
        ],
        feeBasisPoints: 250,
        version: 4,
      },
    });
    const api = fakeApi({ 'GET /api/collectives/1/support': { body: settings() }, 'PUT /api/collectives/1/support': { body: saved } });
    renderRoute(<SupportSettingsForm collectiveId={1} />);
    const form = await screen.findByRole('form', { name: 'Support Page' });
    expect(within(form).getByText(/Your Stripe account takes payments/)).toBeInTheDocument();
    expect(within(form).getByText(/4 active members/)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Add a tier' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Support Page' }));
    await settled();
    expect(within(form).getByText('Tier name is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    const names = within(form).getAllByLabelText(/^Name/);
    fireEvent.change(names[1], { target: { value: 'Captain' } });
    fireEvent.change(within(form).getAllByLabelText(/Monthly amount/)[1], { target: { value: '25.50' } });
    fireEvent.change(within(form).getAllByLabelText(/^Perk/)[1], { target: { value: 'A signed poster' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Retired/ }));
    fireEvent.change(within(form).getByLabelText(/Platform fee/), { target: { value: '2.5' } });
    fireEvent.change(within(form).getByLabelText(/Legal name on receipts/), { target: { value: 'Mariners NIL Collective LLC' } });
    expect(within(form).getByRole('checkbox', { name: /tax-deductible/ })).not.toBeChecked();
    fireEvent.change(within(form).getByLabelText(/Goal label/), { target: { value: 'Summer camp' } });
    fireEvent.change(within(form).getByLabelText(/Goal amount/), { target: { value: '5000' } });
    fireEvent.click(within(form).getByRole('radio', { name: /This month/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Support Page' }));
    await settled();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      pitch: 'Keep our athletes in town.',
      giftsEnabled: true,
      feeBasisPoints: 250,
      legalName: 'Mariners NIL Collective LLC',
      taxDeductible: false,
      goal: { amountCents: 500_000, label: 'Summer camp', period: 'month' },
      version: 3,
      tiers: [
        { id: 't1', name: 'Crew', amountCents: 1_000, perk: 'A sticker', retired: true },
        { id: null, name: 'Captain', amountCents: 2_550, perk: 'A signed poster', retired: false },
      ],
    });
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Support page saved.'));
    expect(within(form).getByText(/Tier 2/)).toBeInTheDocument();
  });

  it('says the page stays closed until Stripe is linked, and shows a conflicting save as the server words it', async () => {
    signInAs('collective', 1);
    const api = fakeApi({
      'GET /api/collectives/1/support': { body: settings({ account: { linked: false, chargesEnabled: false } }) },
      'PUT /api/collectives/1/support': {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'The support page was changed meanwhile (in another tab or by someone else): reload it and make your changes again',
          },
        },
      },
    });
    renderRoute(<SupportSettingsForm collectiveId={1} />);
    const form = await screen.findByRole('form', { name: 'Support Page' });
    expect(within(form).getByText(/Link your Stripe account first/)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/Platform fee/), { target: { value: '11' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Support Page' }));
    await settled();
    expect(within(form).getByText(/Platform fee must be between 0% and 10%/)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/Platform fee/), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Support Page' }));
    await settled();
    expect(await within(form).findByRole('alert')).toHaveTextContent('The support page was changed meanwhile');
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
