// The owners' screens draw each card's buttons from the lifecycle table (shared/cards/lifecycle.ts):
// the collective's Cards board and the athlete's Approvals tab show exactly the moves `actions()`
// offers in each state, every one of them allowed by `can()`.
import { screen, within } from '@testing-library/react';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import { CARD_STATES, actions, can, type Move } from '@shared/cards/lifecycle';
import ApprovalsTab from '@/features/athlete-panel/components/approvals-tab';
import { CardsSection } from '@/features/collective-panel/components/cards/cards-section';
import { members, ownerCards, profileWithSales } from './dashboards/fixtures';
import { fakeApi, renderRoute, settleAndSignOut, signIn } from './harness';

afterEach(() => settleAndSignOut());

/** The move a control of a card's row stands for, from its accessible name. */
function moveOf(name: string, card: string): Move | null {
  const moves: Array<[string, Move]> = [
    [`Edit ${card}`, 'edit'],
    [`Submit for approval: ${card}`, 'submit'],
    [`Delete ${card}`, 'delete'],
    [`Publish ${card}`, 'publish'],
    [`Shopify product id for ${card}`, 'publish'],
    [`Schedule a drop of ${card}`, 'schedule-drop'],
    [`Retire ${card}`, 'retire'],
    [`Approve ${card}`, 'approve'],
    [`Reject ${card}`, 'reject'],
  ];
  return moves.find(([label]) => label === name)?.[1] ?? null;
}

describe('the Cards board draws each card’s buttons from the lifecycle', () => {
  const board = (canWrite: boolean) => renderRoute(<CardsSection collectiveId={1} members={members([1])} school={null} canWrite={canWrite} />);
  /** Each card's item on the board, by its name. */
  const items = async () => {
    await screen.findByRole('list', { name: 'Draft cards' });
    return new Map(
      screen
        .getAllByRole('list')
        .filter((l) => /cards$/.test(l.getAttribute('aria-label') ?? ''))
        .flatMap((l) => [...l.children] as HTMLElement[])
        .map((li) => [li.querySelector('strong')?.textContent ?? '', li]),
    );
  };

  it.each(['manual', 'local'] as const)('shows exactly the collective’s moves of each state (publishing %s)', async (mode) => {
    signIn({ 'cognito:groups': ['collective'], 'custom:collectiveId': '1' });
    const data = ownerCards(1, mode);
    fakeApi({ 'GET /api/collectives/1/athletes/1/cards': { body: data } });
    board(true);
    const shownItems = await items();
    expect([...shownItems.keys()].sort()).toEqual(data.cards.map((c) => c.name).sort());
    expect(new Set(data.cards.map((c) => c.state))).toEqual(new Set(CARD_STATES));
    for (const card of data.cards) {
      const item = shownItems.get(card.name)!;
      const shown = [...within(item).queryAllByRole('button'), ...within(item).queryAllByRole('textbox')]
        .map((control) => control.getAttribute('aria-label') ?? (control.id ? document.querySelector(`label[for="${control.id}"]`)?.textContent : null) ?? '')
        .map((name) => moveOf(name, card.name))
        .filter((move): move is Move => move !== null);
      const expected = actions(card, 'collective');
      // (Buttons are read before the product id's field: compared as sets.)
      expect([card.state, [...new Set(shown)].sort()]).toEqual([card.state, [...expected].sort()]);
      for (const move of expected) expect(can(card, move, 'collective')).toEqual({ ok: true });
    }
  });

  it('shows no actions to an account that cannot change the cards', async () => {
    signIn({ 'cognito:groups': ['collective'], 'custom:collectiveId': '1' });
    fakeApi({ 'GET /api/collectives/1/athletes/1/cards': { body: ownerCards(1) } });
    board(false);
    const shownItems = await items();
    for (const item of shownItems.values()) expect(within(item).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'New card' })).not.toBeInTheDocument();
  });
});

describe('the Approvals tab draws the athlete’s buttons from the lifecycle', () => {
  const card = (id: number, state: OwnerCard['state']): OwnerCard => ({
    ...ownerCards(1).cards[0],
    id,
    name: `Card ${state}`,
    state,
    imageHash: `hash-${id}`,
    history: [{ action: state === 'rejected' ? 'rejected' : 'approved', by: 'athlete-sub', at: `2026-11-0${id}T00:00:00.000Z` }],
  });

  it('shows Approve and Reject on exactly the cards the athlete may decide on', async () => {
    signIn({ sub: 'athlete-sub', 'cognito:groups': ['athlete'], 'custom:athleteId': '1' });
    const cards = CARD_STATES.map((state, i) => card(i + 1, state));
    const body: OwnerCardsResponse = { ...ownerCards(1), cards };
    fakeApi({ 'GET /api/athletes/1/cards': { body } });
    renderRoute(<ApprovalsTab profile={profileWithSales(1)} own />);
    await screen.findByRole('list', { name: 'Cards waiting for your approval' });
    for (const c of cards) {
      const shown = screen
        .queryAllByRole('button')
        .map((b) => moveOf(b.getAttribute('aria-label') ?? '', c.name))
        .filter((move): move is Move => move !== null);
      expect([c.state, shown]).toEqual([c.state, actions(c, 'athlete')]);
      for (const move of shown) expect(can(c, move, 'athlete')).toEqual({ ok: true });
    }
    // The collective's moves are never the athlete's.
    for (const c of cards) for (const move of actions(c, 'collective')) expect(can(c, move, 'athlete').ok).toBe(false);
  });
});
