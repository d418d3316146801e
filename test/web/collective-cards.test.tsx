// The collective's Cards section (issue 25 item 2): the pipeline board of its athletes' cards with
// each card's next action, and the step-by-step card form (athlete, art with the framed live
// preview, edition, price and size with a revenue hint, set and unlock rule with a new set in
// place, review) checked with the server's rules, naming every wrong field, and showing the
// server's field errors on their step without losing the form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CardsSection } from '@/features/collective-panel/components/cards/cards-section';
import { members, ownerCards } from './dashboards/fixtures';
import { renderRoute, fakeApi, signInAs, signOut, type Routes } from './harness';

jest.setTimeout(30_000);

beforeEach(() => signInAs('collective', 1));
afterEach(signOut);

const renderCards = () => renderRoute(<CardsSection collectiveId={1} members={members([1, 2])} school="Drift State University" canWrite />);
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card.png', { type: 'image/png' });
const noCards = () => ({ ...ownerCards(2), cards: [], sets: [] });
const api = (over: Routes = {}) =>
  fakeApi({
    'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1) },
    'GET /api/collectives/1/athletes/2/cards': { body: noCards() },
    ...over,
  });

/** The form open, with `athlete` chosen and the step of `label` shown. */
async function openForm(athlete = 'Marcus Reed') {
  fireEvent.click(await screen.findByRole('button', { name: 'New card' }));
  const form = screen.getByRole('form', { name: 'New card' });
  fireEvent.change(within(form).getByLabelText('Athlete'), { target: { value: athlete === 'Marcus Reed' ? '1' : '2' } });
  return form;
}
const step = (form: HTMLElement, label: string) =>
  fireEvent.click(within(within(form).getByRole('list', { name: 'Steps' })).getByRole('button', { name: new RegExp(label) }));
const next = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: 'Next' }));

describe('the pipeline board', () => {
  it('puts each card in its stage with what it waits for, its history and its next action', async () => {
    api();
    renderCards();
    const column = async (name: string) => screen.findByRole('list', { name: `${name} cards` });
    const names = async (name: string) => [...(await column(name)).children].map((li) => li.querySelector('strong')?.textContent);
    expect(await names('Draft')).toEqual(['Card draft', 'Card rejected']);
    expect(await names('Waiting for athlete')).toEqual(['Card pending']);
    expect(await names('Approved')).toEqual(['Card approved']);
    expect(await names('Live')).toEqual(['Card published']);
    expect(await names('Retired')).toEqual(['Card retired']);
    const draft = within(await column('Draft'));
    expect(draft.getByText(/Rejected by Marcus Reed: “The photo is blurry”/)).toBeInTheDocument();
    expect(within(await column('Live')).getByText(/Sold out/)).toBeInTheDocument();
    expect(screen.getAllByText('History (1)')).toHaveLength(6);
    // The next action leads; destructive ones never look like it.
    expect(screen.getByRole('button', { name: 'Submit for approval: Card draft' })).toHaveClass('btn-primary');
    expect(screen.getByRole('button', { name: 'Edit Card rejected' })).toHaveClass('btn-primary');
    expect(screen.getByRole('button', { name: 'Delete Card draft' })).toHaveClass('btn-destructive');
    expect(screen.getByRole('button', { name: 'Retire Card published' })).toHaveClass('btn-destructive');
    expect(screen.getByLabelText('Shopify product id for Card approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Card pending' })).not.toBeInTheDocument();
  });

  it('asks before retiring a card, and retires it only on the confirm', async () => {
    const stub = api({ 'POST /api/collectives/1/athletes/1/cards/5/retire': { body: { ...ownerCards(1).cards[4], state: 'retired' } } });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Retire Card published' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire Card published?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Retire Card published' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Retire Card published?' })).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Card published was retired: it is no longer on sale.')).toBeInTheDocument();
  });

  it('publishes with the Shopify product id when publishing is manual and says on sale only when the answer is published', async () => {
    const stub = api({
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
    api({
      'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1, 'local') },
      'POST /api/collectives/1/athletes/1/cards/3/publish': { body: { ...ownerCards(1).cards[2], state: 'pending' } },
    });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish Card approved' }));
    expect(await screen.findByText('Card approved was not published yet (it is pending approval).')).toBeInTheDocument();
  });

  it('moves a submitted draft to Waiting for athlete once the server has it (the refreshed board replaces the one shown)', async () => {
    let submitted = false;
    const cards = () => {
      const answer = ownerCards(1);
      return { ...answer, cards: answer.cards.map((c) => (submitted && c.name === 'Card draft' ? { ...c, state: 'pending' as const } : c)) };
    };
    api({
      'GET /api/collectives/1/athletes/1/cards': () => ({ body: cards() }),
      'POST /api/collectives/1/athletes/1/cards/1/submit': () => {
        submitted = true;
        return { body: cards().cards.find((c) => c.name === 'Card draft') };
      },
    });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for approval: Card draft' }));
    expect(await screen.findByText('Card draft was sent to Marcus Reed for approval.')).toBeInTheDocument();
    const waiting = await screen.findByRole('list', { name: 'Waiting for athlete cards' });
    await waitFor(() => expect(within(waiting).getByText('Card draft')).toBeInTheDocument());
  });

  it('submits a draft and shows a refusal with its message', async () => {
    api({ 'POST /api/collectives/1/athletes/1/cards/1/submit': { status: 409, body: { error: { code: 'conflict', message: 'The image is missing' } } } });
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for approval: Card draft' }));
    expect(await screen.findByText('The image is missing')).toHaveAttribute('role', 'alert');
  });

  it('closes a set of the chosen athlete after a confirmation that explains Top Fans', async () => {
    const stub = api({
      'POST /api/collectives/1/athletes/1/sets/1/close': { body: { id: 1, name: '2026 Season', cardIds: [5], closedAt: '2026-11-20T00:00:00.000Z' } },
    });
    renderCards();
    fireEvent.change(await screen.findByLabelText('Athlete'), { target: { value: '1' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Close set 2026 Season' }));
    const dialog = screen.getByRole('dialog', { name: 'Close 2026 Season?' });
    expect(dialog).toHaveTextContent('Top Fan');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Set' }));
    expect(await screen.findByText('2026 Season is closed with 1 card.')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST' && c.url.endsWith('/sets/1/close'))).toBe(true);
  });

  it('shows a load error with Retry', async () => {
    let fail = true;
    api({ 'GET /api/collectives/1/athletes/1/cards': () => (fail ? { status: 500, body: { error: { code: 'x', message: 'x' } } } : { body: ownerCards(1) }) });
    renderCards();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Draft cards' })).toBeInTheDocument());
  });
});

describe('the step-by-step card form', () => {
  it('names every wrong field when Create is pressed on an empty form, each with a way to its step', async () => {
    const stub = api();
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'New card' }));
    const form = screen.getByRole('form', { name: 'New card' });
    next(form);
    expect(within(form).getByText('Choose the athlete this card is of')).toBeInTheDocument();
    step(form, 'Review');
    fireEvent.click(within(form).getByRole('button', { name: 'Create draft' }));
    const problems = within(form).getByRole('alert');
    for (const named of [
      'Athlete: Choose the athlete',
      'Card image: Upload the card image',
      'Title: Title is required',
      'Price: Price is required',
      'Edition size:',
      'Set:',
    ])
      expect(problems).toHaveTextContent(named);
    fireEvent.click(within(problems).getByRole('button', { name: /^Price:/ }));
    expect(within(form).getByRole('group', { name: /Price & size/ })).toBeInTheDocument();
    expect(within(form).getByText('Price is required')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('takes dollars as typed, names what is not a price in the server’s words and says what the card would earn', async () => {
    const stub = api();
    renderCards();
    const form = await openForm();
    step(form, 'Price & size');
    fireEvent.change(within(form).getByLabelText(/^Edition size/), { target: { value: '100' } });
    const verdict = (typed: string) => {
      fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: typed } });
      next(form);
      const shown = within(form).queryByText(/^Price (is|must)/)?.textContent ?? null;
      if (!shown) step(form, 'Price & size');
      return shown;
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
    fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: '25' } });
    expect(within(form).getByText('If all 100 sell at $25.00: $2,500.00 in sales, $2,425.00 for the athlete (97%).')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('previews the card in the Drift frame as it is typed', async () => {
    // The browser shows a chosen file from an object URL (jsdom has none).
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined });
    api();
    renderCards();
    const form = await openForm();
    step(form, 'Art');
    const preview = within(within(form).getByRole('region', { name: /Preview/ }));
    expect(preview.getByText(/shows here once you choose an image/)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Card image/), { target: { files: [png()] } });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Rookie Gold' } });
    step(form, 'Edition');
    fireEvent.change(within(form).getByLabelText('Edition'), { target: { value: 'Gold' } });
    step(form, 'Price & size');
    fireEvent.change(within(form).getByLabelText(/^Edition size/), { target: { value: '25' } });
    expect(preview.getByText('Rookie Gold')).toBeInTheDocument();
    expect(preview.getByText('Gold edition of 25')).toBeInTheDocument();
    expect(preview.getByText('Marcus Reed')).toBeInTheDocument();
    expect(preview.getByRole('img', { name: 'Preview of Rookie Gold' })).toHaveAttribute('src', 'blob:preview');
  });

  it('uploads the image, sends the price in cents and an unlock rule, shows a server field error on its step, then creates and sends for approval', async () => {
    let attempt = 0;
    const stub = api({
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
      'POST /api/collectives/1/athletes/1/cards/7/submit': { body: { ...ownerCards(1).cards[0], id: 7, name: 'Rookie Gold', state: 'pending' } },
    });
    renderCards();
    const form = await openForm();
    next(form);
    fireEvent.change(within(form).getByLabelText(/^Card image/), { target: { files: [png()] } });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Rookie Gold' } });
    next(form);
    fireEvent.change(within(form).getByLabelText('Edition'), { target: { value: 'Gold' } });
    next(form);
    fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: '12.50' } });
    fireEvent.change(within(form).getByLabelText(/^Edition size/), { target: { value: '250' } });
    next(form);
    await waitFor(() => expect(within(form).getByLabelText('Set')).toHaveValue('1'));
    fireEvent.click(within(form).getByLabelText(/Locked until another card/));
    fireEvent.change(within(form).getByLabelText('Unlocks on sales of'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Units to unlock'), { target: { value: '25' } });
    next(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Create and send for approval' }));
    // The refusal names its field on its step, and the form keeps what was typed.
    expect(await within(form).findByText('This rule would make the cards unlock each other')).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: /Set & unlock/ })).toBeInTheDocument();
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
    step(form, 'Review');
    expect(within(form).getAllByText('Rookie Gold').length).toBeGreaterThan(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Create and send for approval' }));
    expect(await screen.findByText('Rookie Gold was created and sent to Marcus Reed for approval.')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST' && c.url.endsWith('/cards/7/submit'))).toBe(true);
  });

  it('creates a set in place when the athlete has none and chooses it for the card', async () => {
    const stub = api({ 'POST /api/collectives/1/athletes/2/sets': { status: 201, body: { id: 4, name: 'Rookie Year', cardIds: [], closedAt: null } } });
    renderCards();
    const form = await openForm('Jalen Brooks');
    step(form, 'Set & unlock');
    fireEvent.click(within(form).getByRole('button', { name: 'Create set' }));
    expect(await within(form).findByText(/Set name is required|Name is required/)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('New set name'), { target: { value: 'Rookie Year' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create set' }));
    await waitFor(() => expect(stub.calls.find((c) => c.method === 'POST' && c.url.endsWith('/athletes/2/sets'))?.body).toEqual({ name: 'Rookie Year' }));
  });
});
