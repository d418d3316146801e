// The card lifecycle's transition table (shared/cards/lifecycle.ts), pinned state by state and move
// by move with today's refusals and HTTP codes; the cards after each move; the rule that nothing
// reaches fans before the athlete approves the exact image version and the collective publishes;
// the unlock rule (shared/cards/quota.ts) and the labels the screens share.
import fc from 'fast-check';
import {
  CARD_STATES,
  MOVER,
  MOVES,
  REFUSALS,
  actions,
  awaitsApproval,
  can,
  check,
  draftCard,
  isBuyable,
  isPublic,
  next,
  publicState,
  rejectionOf,
  shownState,
  stateLabel,
} from '#shared/cards/lifecycle';
import type { CardFields, CardState, Move, Mover, Role, Step } from '#shared/cards/lifecycle';
import { isLocked, quotaReached, unlockProgress, unlocksNow } from '#shared/cards/quota';
import { membersAtClose } from '#shared/cards/sets';
import { serialLabel } from '#shared/cards/editions';
import { CARD_HISTORY_MAX } from '#shared/catalog/catalog-types';
import type { DigitalCollectible } from '#shared/catalog/catalog-types';

/** 'offered': allowed, with a button on the owners' screens; 'accepted': allowed, no button; else the 409 refusal. */
type Expected = 'offered' | 'accepted' | string;

// Today's messages: lambdas/cards/cards-repo.ts before the table (test/integration/cards.test.ts reads their codes).
const TABLE: Record<CardState, Record<Move, Expected>> = {
  draft: {
    edit: 'offered',
    submit: 'offered',
    delete: 'offered',
    approve: 'This card is a draft; only a card awaiting approval can be approved',
    reject: 'This card is a draft; only a card awaiting approval can be rejected',
    publish: 'Only a card the athlete approved can be published; this one is a draft',
    'schedule-drop': 'Only a card the athlete approved can be dropped; this one is a draft',
    retire: 'Only a published card is retired; this one is a draft (delete it instead)',
    'image-changed': 'This card is a draft: no image version of it waits for the athlete or for publication',
    'close-drop': 'This card is a draft: only a published or retired drop closes',
  },
  pending: {
    edit: 'accepted',
    submit: 'This card is awaiting the athlete’s approval; only a draft or a rejected card is sent for approval',
    delete: 'accepted',
    approve: 'offered',
    reject: 'offered',
    publish: 'Only a card the athlete approved can be published; this one is awaiting the athlete’s approval',
    'schedule-drop': 'Only a card the athlete approved can be dropped; this one is awaiting the athlete’s approval',
    retire: 'Only a published card is retired; this one is awaiting the athlete’s approval (delete it instead)',
    'image-changed': 'accepted',
    'close-drop': 'This card is awaiting the athlete’s approval: only a published or retired drop closes',
  },
  approved: {
    edit: 'accepted',
    submit: 'This card is approved; only a draft or a rejected card is sent for approval',
    delete: 'accepted',
    approve: 'This card is approved; only a card awaiting approval can be approved',
    reject: 'This card is approved; only a card awaiting approval can be rejected',
    publish: 'offered',
    'schedule-drop': 'offered',
    retire: 'Only a published card is retired; this one is approved (delete it instead)',
    'image-changed': 'accepted',
    'close-drop': 'This card is approved: only a published or retired drop closes',
  },
  rejected: {
    edit: 'offered',
    submit: 'accepted',
    delete: 'accepted',
    approve: 'This card is rejected; only a card awaiting approval can be approved',
    reject: 'This card is rejected; only a card awaiting approval can be rejected',
    publish: 'Only a card the athlete approved can be published; this one is rejected',
    'schedule-drop': 'Only a card the athlete approved can be dropped; this one is rejected',
    retire: 'Only a published card is retired; this one is rejected (delete it instead)',
    'image-changed': 'This card is rejected: no image version of it waits for the athlete or for publication',
    'close-drop': 'This card is rejected: only a published or retired drop closes',
  },
  published: {
    edit: 'This card is published: fans may hold it, so it cannot change; retire it and create a new card',
    submit: 'This card is published; only a draft or a rejected card is sent for approval',
    delete: 'This card is published: it stays on record; retire it instead',
    approve: 'This card is published; only a card awaiting approval can be approved',
    reject: 'This card is published; only a card awaiting approval can be rejected',
    publish: 'Only a card the athlete approved can be published; this one is published',
    'schedule-drop': 'Only a card the athlete approved can be dropped; this one is published',
    retire: 'offered',
    'image-changed': 'This card is published: no image version of it waits for the athlete or for publication',
    'close-drop': 'accepted',
  },
  retired: {
    edit: 'This card is retired: fans may hold it, so it cannot change; retire it and create a new card',
    submit: 'This card is retired; only a draft or a rejected card is sent for approval',
    delete: 'This card is retired: it stays on record; retire it instead',
    approve: 'This card is retired; only a card awaiting approval can be approved',
    reject: 'This card is retired; only a card awaiting approval can be rejected',
    publish: 'Only a card the athlete approved can be published; this one is retired',
    'schedule-drop': 'Only a card the athlete approved can be dropped; this one is retired',
    retire: 'Only a published card is retired; this one is retired (delete it instead)',
    'image-changed': 'This card is retired: no image version of it waits for the athlete or for publication',
    'close-drop': 'accepted',
  },
};

const ROLES: Role[] = ['collective', 'athlete'];
const other = (role: Role): Role => (role === 'collective' ? 'athlete' : 'collective');
// The routes' ownership refusals (lambdas/platform/auth.ts), 403.
const WRONG_SIDE: Record<Role, string> = {
  athlete: 'This athlete belongs to another account',
  collective: 'This collective belongs to another account',
};

const cells = CARD_STATES.flatMap((state) => MOVES.map((move) => [state, move, TABLE[state][move]] as const));

describe('the transition table, every state x move', () => {
  it('covers every state and move', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...CARD_STATES].sort());
    for (const state of CARD_STATES) expect(Object.keys(TABLE[state]).sort()).toEqual([...MOVES].sort());
  });

  it.each(cells)('%s, %s: %s', (state, move, expected) => {
    const card = { state };
    const allowed = expected === 'offered' || expected === 'accepted';
    const verdict = allowed ? { ok: true } : { ok: false, status: 409, reason: expected };
    expect(can(card, move)).toEqual(verdict);
    const mover = MOVER[move];
    if (mover) {
      expect(can(card, move, mover)).toEqual(verdict);
      // The other side is refused whatever the state (the routes' 403).
      expect(can(card, move, other(mover))).toEqual({ ok: false, status: 403, reason: WRONG_SIDE[mover] });
    } else {
      for (const role of ROLES) expect(can(card, move, role)).toEqual(verdict);
    }
  });

  it.each(CARD_STATES.flatMap((state) => ROLES.map((role) => [state, role] as const)))('%s: the %s is offered exactly its buttons', (state, role) => {
    const offered = MOVES.filter((move) => TABLE[state][move] === 'offered' && MOVER[move] === role);
    expect(actions({ state }, role)).toEqual(offered);
    for (const move of offered) expect(can({ state }, move, role).ok).toBe(true);
  });

  it('reads a card stored before the lifecycle (no state) as published', () => {
    expect(can({}, 'retire', 'collective')).toEqual({ ok: true });
    expect(can({}, 'edit').ok).toBe(false);
    expect(actions({}, 'collective')).toEqual(['retire']);
    expect(isPublic({})).toBe(true);
  });
});

const fields: CardFields = {
  name: 'Riley - Base',
  edition: 'Base',
  image: '/uploads/0b8f7a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png',
  description: 'First card',
  priceCents: 1200,
  editionSize: 150,
  unlock: null,
  setId: 1,
};
const collective: Mover = { role: 'collective', sub: 'collective-1', at: '2026-11-20T10:00:00.000Z' };
const athlete: Mover = { role: 'athlete', sub: 'athlete-10', at: '2026-11-20T11:00:00.000Z' };

function after(card: DigitalCollectible, step: Step, mover: Mover): DigitalCollectible {
  const outcome = next(card, step, mover);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.card;
}

const draft = () => draftCard(3, fields, collective);
const pending = () => after(draft(), { move: 'submit', imageHash: 'sha256:a' }, collective);
const approved = () => after(pending(), { move: 'approve', reviewedHash: 'sha256:a' }, athlete);
const published = () => after(approved(), { move: 'publish', shopifyProductId: '9001', imageHash: 'sha256:a' }, collective);

describe('next: the card after each move', () => {
  it('creates a draft with its creation in its history', () => {
    expect(draft()).toEqual({
      id: 3,
      shopifyProductId: '',
      ...fields,
      state: 'draft',
      imageHash: null,
      rejectionReason: null,
      approval: null,
      publishedAt: null,
      retiredAt: null,
      history: [{ action: 'created', by: 'collective-1', at: collective.at }],
    });
  });

  it('pins the image version at submission, and the athlete approves that version', () => {
    expect(pending()).toMatchObject({ state: 'pending', imageHash: 'sha256:a', rejectionReason: null });
    expect(approved()).toMatchObject({ state: 'approved', approval: { by: 'athlete-10', at: athlete.at, imageHash: 'sha256:a' } });
    expect(approved().history!.map((e) => [e.action, e.imageHash ?? null])).toEqual([
      ['created', null],
      ['submitted', 'sha256:a'],
      ['approved', 'sha256:a'],
    ]);
  });

  it('refuses a stale review and a publication whose bytes are not the approved version', () => {
    expect(next(pending(), { move: 'approve', reviewedHash: 'sha256:old' }, athlete)).toEqual({ ok: false, status: 409, reason: REFUSALS.staleReview });
    expect(next(approved(), { move: 'publish', shopifyProductId: '9001', imageHash: 'sha256:b' }, collective)).toEqual({
      ok: false,
      status: 409,
      reason: REFUSALS.changedWhilePublishing,
    });
  });

  it('keeps a rejection’s reason; an edit sends any card not on sale back to draft, clearing its approval', () => {
    const rejected = after(pending(), { move: 'reject', reason: 'Blurry' }, athlete);
    expect(rejected).toMatchObject({ state: 'rejected', rejectionReason: 'Blurry', approval: null });
    expect(rejected.history!.at(-1)).toEqual({ action: 'rejected', by: 'athlete-10', at: athlete.at, reason: 'Blurry', imageHash: 'sha256:a' });
    expect(rejectionOf(rejected)).toBe('Blurry');
    for (const card of [rejected, pending(), approved()]) {
      const edited = after(card, { move: 'edit', fields: { ...fields, priceCents: 1500 } }, collective);
      expect(edited).toMatchObject({ state: 'draft', priceCents: 1500, imageHash: null, approval: null, rejectionReason: null });
      expect(edited.history!.at(-1)).toEqual({ action: 'edited', by: 'collective-1', at: collective.at });
    }
  });

  it('publishes with the product id, retires, and sends a card back to the athlete when its bytes change', () => {
    expect(published()).toMatchObject({ state: 'published', shopifyProductId: '9001', publishedAt: collective.at });
    expect(after(published(), { move: 'retire' }, collective)).toMatchObject({ state: 'retired', retiredAt: collective.at });
    const back = after(approved(), { move: 'image-changed', imageHash: 'sha256:b' }, collective);
    expect(back).toMatchObject({ state: 'pending', imageHash: 'sha256:b', approval: null });
    const refreshed = after(pending(), { move: 'image-changed', imageHash: 'sha256:c' }, athlete);
    expect(refreshed).toMatchObject({ state: 'pending', imageHash: 'sha256:c' });
    expect(refreshed.history!.at(-1)).toEqual({ action: 'image-changed', by: 'athlete-10', at: athlete.at, imageHash: 'sha256:c' });
  });

  it('answers a repeat with the card unchanged, so a retried request succeeds', () => {
    const repeats: Array<[DigitalCollectible, Step, Mover]> = [
      [pending(), { move: 'submit', imageHash: 'sha256:z' }, collective],
      [approved(), { move: 'approve', reviewedHash: 'sha256:a' }, athlete],
      [after(pending(), { move: 'reject', reason: 'Blurry' }, athlete), { move: 'reject', reason: 'Blurry' }, athlete],
      [published(), { move: 'publish', shopifyProductId: '9001', imageHash: 'sha256:z' }, collective],
      [after(published(), { move: 'retire' }, collective), { move: 'retire' }, collective],
      [draft(), { move: 'edit', fields }, collective],
    ];
    for (const [card, step, mover] of repeats) expect(next(card, step, mover)).toEqual({ ok: true, card, changed: false });
    expect(check(published(), { move: 'publish' })).toEqual({ ok: true, repeat: true });
    // Not repeats: another decision, another product, an unchanged edit of a card on sale.
    expect(next(approved(), { move: 'approve', reviewedHash: 'sha256:b' }, athlete).ok).toBe(false);
    expect(next(after(pending(), { move: 'reject', reason: 'Blurry' }, athlete), { move: 'reject', reason: 'Dark' }, athlete).ok).toBe(false);
    expect(next(published(), { move: 'publish', shopifyProductId: '9002', imageHash: 'sha256:a' }, collective).ok).toBe(false);
    expect(next(published(), { move: 'edit', fields }, collective).ok).toBe(false);
  });

  it('keeps the last CARD_HISTORY_MAX events', () => {
    let card = draft();
    for (let i = 0; i < CARD_HISTORY_MAX + 5; i++) card = after(card, { move: 'edit', fields: { ...fields, priceCents: 100 + i } }, collective);
    expect(card.history).toHaveLength(CARD_HISTORY_MAX);
  });
});

describe('nothing reaches fans before the athlete approves the exact image version and the collective publishes', () => {
  const step = fc.oneof(
    fc
      .record({ move: fc.constant('edit' as const), price: fc.integer({ min: 100, max: 105 }) })
      .map(({ price }) => ({ move: 'edit' as const, fields: { ...fields, priceCents: price } })),
    fc.record({ move: fc.constant('submit' as const), imageHash: fc.constantFrom('h1', 'h2') }),
    fc.record({ move: fc.constant('approve' as const), reviewedHash: fc.constantFrom('h1', 'h2') }),
    fc.record({ move: fc.constant('reject' as const), reason: fc.constantFrom('Blurry', 'Dark') }),
    fc.record({ move: fc.constant('publish' as const), shopifyProductId: fc.constant('9001'), imageHash: fc.constantFrom('h1', 'h2') }),
    fc.record({ move: fc.constant('retire' as const) }),
    fc.record({ move: fc.constant('image-changed' as const), imageHash: fc.constantFrom('h1', 'h2') }),
  ) as fc.Arbitrary<Step>;

  it('holds for any sequence of moves', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let card = draft();
        for (const s of steps) {
          const before = card;
          const outcome = next(card, s, { ...(MOVER[s.move] === 'athlete' ? athlete : collective) });
          if (!outcome.ok) continue;
          card = outcome.card;
          if (!isPublic(before) && isPublic(card)) {
            // The only way on sale: publish an approved card whose bytes are the version the athlete approved.
            expect(s.move).toBe('publish');
            expect(before.state).toBe('approved');
            expect(before.approval?.imageHash).toBe((s as Extract<Step, { move: 'publish' }>).imageHash);
            // ... and that version is the one pinned when the card was last sent to the athlete.
            const pinned = [...before.history!].reverse().find((e) => e.action === 'submitted' || e.action === 'image-changed');
            expect(before.approval?.imageHash).toBe(pinned?.imageHash);
          }
          // Once public, a card stays public and never changes but for its retirement.
          if (isPublic(before)) expect(isPublic(card)).toBe(true);
        }
      }),
    );
  });
});

describe('questions about a card', () => {
  it('asks the state only through the module', () => {
    expect(CARD_STATES.filter((state) => isPublic({ state }))).toEqual(['published', 'retired']);
    expect(CARD_STATES.filter((state) => awaitsApproval({ state }))).toEqual(['pending']);
    expect(CARD_STATES.map((state) => publicState({ state }))).toEqual(['published', 'published', 'published', 'published', 'published', 'retired']);
    expect(CARD_STATES.map((state) => isBuyable({ state }, { locked: false, soldOut: false }))).toEqual([false, false, false, false, true, false]);
    expect(isBuyable({ state: 'published' }, { locked: true, soldOut: false })).toBe(false);
    expect(isBuyable({ state: 'published' }, { locked: false, soldOut: true })).toBe(false);
    expect(rejectionOf({ state: 'draft', rejectionReason: 'old' })).toBeNull();
  });

  it('labels the states, sold out derived from the edition', () => {
    expect(CARD_STATES.map((state) => stateLabel(shownState({ state })))).toEqual([
      'Draft',
      'Pending approval',
      'Approved',
      'Rejected',
      'Published',
      'Retired',
    ]);
    expect(stateLabel(shownState({ state: 'published' }, true))).toBe('Sold out');
    expect(shownState({ state: 'retired' }, true)).toBe('retired');
  });

  it('closes a set on its cards fans can see', () => {
    const cards = [draft(), { ...published(), id: 4 }, { ...after(published(), { move: 'retire' }, collective), id: 5 }];
    expect(membersAtClose({ id: 1, name: 'S', cardIds: [3, 4, 5, 99], closedAt: null }, cards)).toEqual([4, 5]);
  });
});

describe('the unlock rule and the labels', () => {
  const rule = { cardId: 1, units: 25 };

  it('unlocks once counted sales of the named card reach the quota, and stays unlocked', () => {
    expect(quotaReached(rule, { 1: 24 })).toBe(false);
    expect(quotaReached(rule, { 1: 25 })).toBe(true);
    expect(quotaReached(rule, { 2: 99 })).toBe(false);
    expect(isLocked(rule, null)).toBe(true);
    expect(isLocked(null, null)).toBe(false);
    // Permanent: a refund under the quota does not lock it again.
    expect(isLocked(rule, '2026-05-01T00:00:00.000Z')).toBe(false);
    expect(unlocksNow(rule, { 1: 25 }, undefined)).toBe(true);
    expect(unlocksNow(rule, { 1: 25 }, '2026-05-01T00:00:00.000Z')).toBe(false);
    expect(unlocksNow(null, { 1: 25 }, undefined)).toBe(false);
  });

  it('says the progress with the quota card’s edition, its title without one', () => {
    expect(unlockProgress({ sold: 18, units: 25 }, { name: 'Card #1', edition: 'Base' })).toBe('18 of 25 Base sold to unlock');
    expect(unlockProgress({ sold: 30, units: 25 }, { name: 'Card #1', edition: null })).toBe('25 of 25 Card #1 sold to unlock');
    expect(unlockProgress({ sold: 0, units: 2 })).toBe('0 of 2 cards sold to unlock');
  });

  it('labels serials in one function, with one dash everywhere', () => {
    expect(serialLabel([7, 7], 500)).toBe('#7 / 500');
    expect(serialLabel([3, 5], 100)).toBe('#3–5 / 100');
    expect(serialLabel([3, 5], null)).toBe('#3–5');
  });
});
