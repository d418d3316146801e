// Moment drops (decision 0022): the lifecycle's rules (shared/cards/lifecycle.ts: phases, the window,
// what fans may buy), the request's checks, and the drop's schedule, start and close over the
// memory store (lambdas/cards/card-drops.ts through cards-repo): each exactly once, with its events
// through the hook, its Shopify product opened and closed in Admin API mode, and the print run
// fixed on the card and on the athlete's total.
import { cardsRepo } from '#lambdas/cards/cards-repo';
import type { DropDeps } from '#lambdas/cards/cards-repo';
import { catalogItems } from '#lambdas/catalog/catalog-items';
import { cardView, emptySaleTotals } from '#lambdas/catalog/catalog-views';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import { keyString } from '#lambdas/platform/store';
import type { Item, Key, Write } from '#lambdas/platform/store';
import type { DomainEvent } from '#shared/cards/domain-events';
import { validateScheduleDrop } from '#shared/cards/cards-api';
import { REFUSALS, actions, dropPhase, dropWindowErrors, inDropWindow, isBuyable, next, withheld } from '#shared/cards/lifecycle';
import { NO_COPIES_SOLD, printRunText, serialLabel } from '#shared/cards/editions';
import { settlementEvent } from '#lambdas/notifications/fanout';
import type { CardRequest } from '#shared/cards/cards-api';
import type { DigitalCollectible } from '#shared/catalog/catalog-types';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';

const ATHLETE = 10;
const COLLECTIVE = 1;
const actor = { sub: 'collective-user' };
const T0 = '2027-03-01T12:00:00.000Z';
const hours = (n: number) => new Date(Date.parse(T0) + n * 3_600_000).toISOString();
const window = { startsAt: hours(1), endsAt: hours(25) };

function setup(mode: 'local' | 'admin-api' = 'local') {
  const store = createMemoryStore();
  for (const item of catalogItems(structuredClone(SAMPLE_CATALOG))) store.items.set(keyString(item as unknown as Key), structuredClone(item));
  let now = new Date(T0);
  const statuses: Array<[string, string]> = [];
  const events: DomainEvent[] = [];
  const deps: DropDeps = {
    now: () => now,
    fingerprint: async (url) => `hash:${url}`,
    publishMode: () => mode,
    createProduct: async (input) => {
      statuses.push(['created', input.status ?? 'ACTIVE']);
      return '8100000000001';
    },
    setProductStatus: async (productId, status) => void statuses.push([productId, status]),
    // The hook's item per event, keyed by the event; pure (recording happens when it is written).
    eventWrites: (event): Write[] => [
      { put: { PK: 'EVENTS', SK: `${event.kind}#${event.athleteId}#${'cardId' in event ? event.cardId : ''}`, event }, condition: { notExists: true } },
    ],
  };
  const item = (key: Key) => store.items.get(keyString(key));
  const written = () => [...store.items.values()].filter((i) => i.PK === 'EVENTS').map((i) => (i as Item & { event: DomainEvent }).event);
  const repo = cardsRepo(store);
  return { store, repo, deps, item, statuses, events, written, at: (iso: string) => (now = new Date(iso)) };
}

const request = (setId: number, extra: Partial<CardRequest> = {}): CardRequest => ({
  name: 'Avery - Moment',
  edition: 'Base',
  image: '/api/uploads/local/moment.png',
  description: 'The game-winner',
  priceCents: 900,
  // A drop sells an open edition: only a card the athlete approved as one may be dropped.
  editionSize: null,
  unlock: null,
  setId,
  ...extra,
});

async function approvedCard(s: ReturnType<typeof setup>, extra: Partial<CardRequest> = {}) {
  const set = await s.repo.createSet(COLLECTIVE, ATHLETE, 'Moments');
  const card = await s.repo.createCard(COLLECTIVE, ATHLETE, request(set.id, extra), actor, s.deps);
  await s.repo.submitCard(COLLECTIVE, ATHLETE, card.id, actor, s.deps);
  await s.repo.approveCard(ATHLETE, card.id, 'hash:/api/uploads/local/moment.png', { sub: 'athlete-user' }, s.deps);
  return card.id;
}

describe('the lifecycle of a drop', () => {
  const drop = { ...window, closedAt: null, printRun: null };
  it('tells the phase from the time, and sells only while live', () => {
    const card = { state: 'published' as const, drop };
    expect(dropPhase(card, T0)).toBe('scheduled');
    expect(dropPhase(card, window.startsAt)).toBe('live');
    expect(dropPhase(card, window.endsAt)).toBe('ended');
    expect(dropPhase({ drop: { ...drop, closedAt: hours(26), printRun: 3 } }, hours(30))).toBe('closed');
    expect(dropPhase({}, T0)).toBeNull();
    expect(isBuyable(card, { locked: false, soldOut: false }, hours(2))).toBe(true);
    expect(isBuyable(card, { locked: false, soldOut: false }, T0)).toBe(false);
    expect(isBuyable(card, { locked: false, soldOut: false }, window.endsAt)).toBe(false);
    expect(inDropWindow(window, window.startsAt)).toBe(true);
    expect(inDropWindow(window, window.endsAt)).toBe(false);
  });

  it('checks the window and names the wrong field', () => {
    expect(dropWindowErrors(window.startsAt, window.endsAt, T0)).toEqual({});
    expect(dropWindowErrors(hours(-1), hours(5), T0)).toEqual({ startsAt: 'A drop cannot start in the past' });
    expect(dropWindowErrors(hours(1), hours(1.01), T0)).toEqual({ endsAt: 'A drop lasts at least a minute: end it after it starts' });
    expect(dropWindowErrors(hours(1), hours(1 + 24 * 8), T0)).toEqual({ endsAt: 'A drop lasts at most 7 days' });
    expect(dropWindowErrors('', '', T0)).toEqual({ startsAt: 'Enter when the drop starts', endsAt: 'Enter when the drop ends' });
    // The end defaults to 24 hours after the start; times are kept as UTC.
    expect(validateScheduleDrop({ startsAt: '2027-03-01T08:00:00-05:00' }, T0)).toEqual({
      value: { startsAt: '2027-03-01T13:00:00.000Z', endsAt: '2027-03-02T13:00:00.000Z' },
      errors: {},
    });
  });

  it('closes once, after its window, into an edition of its print run', () => {
    const published: DigitalCollectible = { id: 1, shopifyProductId: '1', name: 'x', description: '', image: '', priceCents: 100, state: 'published', drop };
    const early = next(published, { move: 'close-drop', printRun: 4 }, { role: 'collective', sub: 'drift', at: hours(2) });
    expect(early).toEqual({ ok: false, status: 409, reason: REFUSALS.dropNotEnded });
    const closed = next(published, { move: 'close-drop', printRun: 4 }, { role: 'collective', sub: 'drift', at: hours(26) });
    expect(closed).toMatchObject({ ok: true, changed: true, card: { editionSize: 4, drop: { closedAt: hours(26), printRun: 4 } } });
    if (!closed.ok) return;
    expect(next(closed.card, { move: 'close-drop', printRun: 9 }, { role: 'collective', sub: 'drift', at: hours(27) })).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(next({ ...published, drop: null }, { move: 'close-drop', printRun: 1 }, { role: 'collective', sub: 'drift', at: hours(26) })).toEqual({
      ok: false,
      status: 409,
      reason: REFUSALS.notADrop,
    });
  });

  it('writes a print run only when it is more than 0: a drop that sold nothing says so', () => {
    expect(printRunText(1234)).toBe('Print run: 1,234');
    expect(printRunText(0)).toBe(NO_COPIES_SOLD);
    expect(NO_COPIES_SOLD).toBe('No copies sold in this drop');
    const athlete = { id: ATHLETE, name: 'Avery Cole', schoolId: 1, collectiveId: COLLECTIVE };
    const closed = (printRun: number) =>
      settlementEvent({ kind: 'drop-closed', athleteId: ATHLETE, cardId: 3, at: hours(26), printRun }, 'job-1', athlete, { id: 3, name: 'Moment' }).direct;
    expect(closed(0).summary).toBe('The drop of “Moment” of Avery Cole closed: no copies sold in this drop');
    expect(closed(7).summary).toBe('The drop of “Moment” of Avery Cole closed: print run 7');
  });

  it('shows serials without a size while the print run is open', () => {
    expect(serialLabel([12, 12], 0)).toBe('#12');
    expect(serialLabel([12, 14], 1234)).toBe('#12–14 / 1234');
  });
});

describe('scheduling, starting and closing a drop (memory store)', () => {
  it('schedules an approved card as an open edition for its window, then opens and closes it once', async () => {
    const s = setup('admin-api');
    const cardId = await approvedCard(s);
    const scheduled = await s.repo.scheduleDrop(COLLECTIVE, ATHLETE, cardId, { ...window, shopifyProductId: undefined }, actor, s.deps);
    expect(scheduled).toMatchObject({ state: 'published', editionSize: null, drop: { ...window, closedAt: null, printRun: null } });
    expect(scheduled.history?.at(-1)).toMatchObject({ action: 'drop-scheduled', startsAt: window.startsAt, endsAt: window.endsAt });
    // Created off sale: the window has not started.
    expect(s.statuses).toEqual([['created', 'DRAFT']]);
    expect(s.item(keys.dropStart(window.startsAt, ATHLETE, cardId))).toBeDefined();
    expect(s.item(keys.dropEnd(window.endsAt, ATHLETE, cardId))).toBeDefined();
    // Fans see it coming, cannot buy it yet.
    expect(cardView(scheduled, emptySaleTotals(), T0)).toMatchObject({ buyable: false, drop: { phase: 'scheduled' } });
    expect(cardView(scheduled, emptySaleTotals(), hours(2))).toMatchObject({ buyable: true, drop: { phase: 'live' } });

    // Before the start nothing is due; at the start two sweeps open it once.
    expect(await s.repo.sweepDrops(s.deps)).toEqual({ started: 0, closed: 0, unpublished: 0 });
    s.at(hours(1.5));
    const [a, b] = await Promise.all([s.repo.sweepDrops(s.deps), s.repo.sweepDrops(s.deps)]);
    expect(a.started + b.started).toBe(1);
    expect(s.written()).toEqual([{ kind: 'drop-started', athleteId: ATHLETE, cardId, at: hours(1.5), ...window }]);
    expect(s.statuses.filter(([, status]) => status === 'ACTIVE').length).toBeGreaterThanOrEqual(1);

    // 7 serials issued by the end (what settling recorded on the total).
    s.store.items.set(keyString(keys.aggTotal(ATHLETE)), {
      ...keys.aggTotal(ATHLETE),
      athleteId: ATHLETE,
      issued: { [cardId]: 7 },
      cards: { [cardId]: 7 },
      version: 3,
    });
    s.at(new Date(Date.parse(window.endsAt) + 30_000).toISOString());
    // Not before the grace after the end (AWS: time for the stream to settle what was accepted).
    expect((await s.repo.sweepDrops(s.deps)).closed).toBe(0);
    s.at(hours(26));
    const closing = await Promise.all([s.repo.sweepDrops(s.deps), s.repo.sweepDrops(s.deps)]);
    expect(closing.reduce((n, r) => n + r.closed, 0)).toBe(1);
    const card = (await s.repo.ownerCards(ATHLETE, s.deps)).cards.find((c) => c.id === cardId)!;
    expect(card).toMatchObject({ editionSize: 7, drop: { closedAt: hours(26), printRun: 7 }, sale: { soldOut: true, buyable: false } });
    expect(s.item(keys.aggTotal(ATHLETE))).toMatchObject({ printRuns: { [cardId]: 7 }, version: 4 });
    expect(s.item(keys.dropEnd(window.endsAt, ATHLETE, cardId))).toBeUndefined();
    expect(s.written().filter((e) => e.kind === 'drop-closed')).toEqual([{ kind: 'drop-closed', athleteId: ATHLETE, cardId, at: hours(26), printRun: 7 }]);
    // Taken off sale on Shopify once the close is recorded (an idempotent call; concurrent sweeps may both make it).
    expect(s.statuses.at(-1)).toEqual(['8100000000001', 'DRAFT']);
    expect(s.item(keys.dropShopify(ATHLETE, cardId))).toBeUndefined();
    expect(await s.repo.sweepDrops(s.deps)).toEqual({ started: 0, closed: 0, unpublished: 0 });
  });

  it('opens at once a drop that starts now, with its event in the same transaction', async () => {
    const s = setup();
    const cardId = await approvedCard(s);
    await s.repo.scheduleDrop(COLLECTIVE, ATHLETE, cardId, { startsAt: T0, endsAt: hours(24) }, actor, s.deps);
    expect(s.written()).toEqual([{ kind: 'drop-started', athleteId: ATHLETE, cardId, at: T0, startsAt: T0, endsAt: hours(24) }]);
    expect(s.item(keys.dropStart(T0, ATHLETE, cardId))).toBeUndefined();
    // The same request again changes nothing.
    await s.repo.scheduleDrop(COLLECTIVE, ATHLETE, cardId, { startsAt: T0, endsAt: hours(24) }, actor, s.deps);
    expect(s.written()).toHaveLength(1);
  });

  it('never turns an approved limited edition into an open one: refused before any product or due item, the card as approved', async () => {
    const s = setup('admin-api');
    const cardId = await approvedCard(s, { edition: 'Gold', editionSize: 50 });
    const reason =
      'The athlete approved this card as Gold, an edition of 50, and a drop sells an open edition (as many as fans order in the window): to drop it, ask the athlete to approve an open-edition version of the card first';
    expect(REFUSALS.dropOfLimitedEdition('Gold', 50)).toBe(reason);
    await expect(s.repo.scheduleDrop(COLLECTIVE, ATHLETE, cardId, { ...window }, actor, s.deps)).rejects.toMatchObject({ status: 409, message: reason });
    const card = (await s.repo.ownerCards(ATHLETE, s.deps)).cards.find((c) => c.id === cardId)!;
    expect(card).toMatchObject({ state: 'approved', edition: 'Gold', editionSize: 50 });
    expect(card.drop ?? null).toBeNull();
    expect(s.statuses).toEqual([]);
    expect(s.item(keys.dropStart(window.startsAt, ATHLETE, cardId))).toBeUndefined();
    expect(s.item(keys.dropEnd(window.endsAt, ATHLETE, cardId))).toBeUndefined();
    // The lifecycle says so to the screens: no "Schedule a drop" button, the reason in its place.
    expect(actions(card, 'collective')).toEqual(['publish']);
    expect(withheld(card, 'collective')).toEqual([{ move: 'schedule-drop', reason }]);
    // An open edition the athlete approved is dropped as it was approved.
    const open = await approvedCard(s, { edition: 'Gold' });
    const dropped = await s.repo.scheduleDrop(COLLECTIVE, ATHLETE, open, { ...window }, actor, s.deps);
    expect(dropped).toMatchObject({ state: 'published', edition: 'Gold', editionSize: null, drop: { ...window } });
  });

  it('refuses a card with a quota, a card not approved, and another collective’s athlete', async () => {
    const s = setup();
    const locked = await approvedCard(s, { unlock: { cardId: 1, units: 3 } });
    await expect(s.repo.scheduleDrop(COLLECTIVE, ATHLETE, locked, { ...window }, actor, s.deps)).rejects.toMatchObject({
      status: 409,
      message: REFUSALS.dropWithUnlockRule,
    });
    const set = await s.repo.createSet(COLLECTIVE, ATHLETE, 'Drafts');
    const draft = await s.repo.createCard(COLLECTIVE, ATHLETE, request(set.id), actor, s.deps);
    await expect(s.repo.scheduleDrop(COLLECTIVE, ATHLETE, draft.id, { ...window }, actor, s.deps)).rejects.toMatchObject({
      status: 409,
      message: 'Only a card the athlete approved can be dropped; this one is a draft',
    });
    await expect(s.repo.scheduleDrop(2, ATHLETE, draft.id, { ...window }, actor, s.deps)).rejects.toMatchObject({ status: 403 });
  });
});
