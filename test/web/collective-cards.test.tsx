// The collective's Cards tab: each member's cards in every lifecycle state, the card form checked
// with the server's rules (and the server's field errors shown), the lifecycle actions and sets.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CardsManager } from '@/features/collective-panel/components/settings/cards-manager';
import { members, ownerCards } from './dashboards/fixtures';
import { renderRoute, fakeApi, signInAs, signOut } from './harness';

jest.setTimeout(30_000);

beforeEach(() => signInAs('collective', 1));
afterEach(signOut);

const renderCards = () => renderRoute(<CardsManager collectiveId={1} members={members([1, 2])} canWrite />);
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card.png', { type: 'image/png' });

describe('the card form’s price', () => {
  it('takes dollars as typed and names what is not a price in the server’s words', async () => {
    const stub = fakeApi({ 'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1) } });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'New Card' }));
    const form = screen.getByRole('form', { name: 'New card' });
    const verdict = (typed: string) => {
      fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: typed } });
      fireEvent.click(within(form).getByRole('button', { name: 'Create Card' }));
      return within(form).queryByText(/^Price (is|must)/)?.textContent ?? null;
    };
    expect(['', '0', '-5', '1.234', 'twelve', '0.50', '12.5', '$1,000', '10000.01'].map(verdict)).toEqual([
      'Price is required',
      'Price must be more than $0.00',
      'Price must be more than $0.00',
      'Price must be in whole cents',
      'Price must be in whole cents',
      'Price must be at least $1.00',
      null,
      null,
      'Price must be at most $10,000.00',
    ]);
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('Cards tab', () => {
  it('lists every state of a member’s cards with the rejection reason, sold out and the history', async () => {
    fakeApi({ 'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1) } });
    renderCards();
    const table = await screen.findByRole('table', { name: 'Cards of Marcus Reed' });
    const states = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[2].querySelector('.dash-badge')?.textContent);
    expect(states).toEqual(['Draft', 'Pending approval', 'Approved', 'Rejected', 'Sold out', 'Retired']);
    expect(within(table).getByText('Reason: The photo is blurry')).toBeInTheDocument();
    expect(within(table).getAllByText('History (1)')).toHaveLength(6);
    // Actions follow the state: edit draft and rejected, delete and submit a draft, publish an approved card, retire a published one.
    expect(screen.getByRole('button', { name: 'Edit Card draft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Card rejected' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Card pending' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Card draft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retire Card published' })).toBeInTheDocument();
    expect(screen.getByLabelText('Shopify product id for Card approved')).toBeInTheDocument();
  });

  it('checks the form with the server’s rules: a price of 0, an edition of 0, a non-image file, no image', async () => {
    const stub = fakeApi({ 'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1) } });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'New Card' }));
    const form = screen.getByRole('form', { name: 'New card' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Rookie' } });
    fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText(/^Edition size/), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText(/^Card image/), { target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(within(form).getByText('Only PNG, JPG or GIF images can be uploaded')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Create Card' }));
    expect(within(form).getByText('Price must be more than $0.00')).toBeInTheDocument();
    expect(within(form).getByText('Edition size must be at least 1')).toBeInTheDocument();
    expect(within(form).getByText('Only PNG, JPG or GIF images can be uploaded')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveValue('Rookie');
    // The set defaults to the athlete's open set; without one the server's rule is shown before sending.
    expect(within(form).getByLabelText('Set')).toHaveValue('1');
    fireEvent.change(within(form).getByLabelText('Set'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Card' }));
    expect(within(form).getByText('Choose the set this card belongs to (or create one)')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('uploads the image, sends the price in cents and an unlock rule, and shows the server’s field errors without losing the form', async () => {
    let attempt = 0;
    const stub = fakeApi({
      'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1) },
      'POST /api/uploads': {
        body: {
          uploadUrl: '/api/uploads/local/abc?ticket=t',
          method: 'PUT',
          headers: { 'content-type': 'image/png' },
          imageUrl: '/api/uploads/local/11111111-1111-4111-8111-111111111111.png',
        },
      },
      'PUT /api/uploads/local/abc': { status: 200, body: {} },
      'POST /api/collectives/1/athletes/1/cards': () => {
        attempt += 1;
        return attempt === 1
          ? {
              status: 400,
              body: { error: { code: 'validation', message: 'Invalid', fields: { 'unlock.cardId': 'This rule would make the cards unlock each other' } } },
            }
          : { status: 201, body: { ...ownerCards(1).cards[0], id: 7, name: 'Rookie Gold' } };
      },
    });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'New Card' }));
    const form = screen.getByRole('form', { name: 'New card' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Rookie Gold' } });
    fireEvent.change(within(form).getByLabelText('Edition'), { target: { value: 'Gold' } });
    fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: '12.50' } });
    fireEvent.change(within(form).getByLabelText(/^Edition size/), { target: { value: '250' } });
    fireEvent.click(within(form).getByLabelText(/Locked until another card/));
    fireEvent.change(within(form).getByLabelText('Unlocks on sales of'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Units to unlock'), { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('Set'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText(/^Card image/), { target: { files: [png()] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Card' }));
    expect(await within(form).findByText('This rule would make the cards unlock each other')).toBeInTheDocument();
    const sent = stub.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/cards'));
    expect(sent[0].body).toEqual({
      name: 'Rookie Gold',
      edition: 'Gold',
      image: '/api/uploads/local/11111111-1111-4111-8111-111111111111.png',
      description: '',
      priceCents: 1250,
      editionSize: 250,
      unlock: { cardId: 5, units: 25 },
      setId: 1,
    });
    expect(within(form).getByLabelText('Title')).toHaveValue('Rookie Gold');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Card' }));
    expect(await screen.findByText("Rookie Gold was created as a draft. Submit it for the athlete's approval.")).toBeInTheDocument();
  });

  it('publishes with the Shopify product id when publishing is manual and says on sale only when the answer is published', async () => {
    const stub = fakeApi({
      'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1, 'manual') },
      'POST /api/collectives/1/athletes/1/cards/3/publish': { body: { ...ownerCards(1).cards[2], state: 'published' } },
    });
    renderCards();
    const field = await screen.findByLabelText('Shopify product id for Card approved');
    fireEvent.click(within(field.closest('form')!).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Enter the id of the Shopify product that sells this card')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'gid://shopify/Product/8123' } });
    fireEvent.click(within(field.closest('form')!).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Card approved is published and on sale.')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url.endsWith('/publish'))?.body).toEqual({ shopifyProductId: '8123' });
  });

  it('publishes without a product id in local mode and does not claim on sale when the answer is not published', async () => {
    fakeApi({
      'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1, 'local') },
      'POST /api/collectives/1/athletes/1/cards/3/publish': { body: { ...ownerCards(1).cards[2], state: 'pending' } },
    });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish Card approved' }));
    expect(await screen.findByText('Card approved was not published yet (it is pending approval).')).toBeInTheDocument();
  });

  it('submits a draft and shows a refusal with its message', async () => {
    fakeApi({
      'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1) },
      'POST /api/collectives/1/athletes/1/cards/1/submit': { status: 409, body: { error: { code: 'conflict', message: 'The image is missing' } } },
    });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Card draft for approval' }));
    expect(await screen.findByText('The image is missing')).toHaveAttribute('role', 'alert');
  });

  it('closes a set after a confirmation that explains Top Fans', async () => {
    const stub = fakeApi({
      'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1) },
      'POST /api/collectives/1/athletes/1/sets/1/close': { body: { id: 1, name: '2026 Season', cardIds: [5], closedAt: '2026-11-20T00:00:00.000Z' } },
    });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Close set 2026 Season' }));
    const dialog = screen.getByRole('dialog', { name: 'Close 2026 Season?' });
    expect(dialog).toHaveTextContent('Top Fan');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Set' }));
    expect(await screen.findByText('2026 Season is closed with 1 card.')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST' && c.url.endsWith('/sets/1/close'))).toBe(true);
  });

  it('shows a load error with Retry', async () => {
    let fail = true;
    fakeApi({
      'GET /api/collectives/1/athletes/1/cards': () => (fail ? { status: 500, body: { error: { code: 'x', message: 'x' } } } : { body: ownerCards(1) }),
    });
    renderCards();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('table', { name: 'Cards of Marcus Reed' })).toBeInTheDocument());
  });
});
