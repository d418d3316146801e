// Fixtures of the dashboards' component tests, shaped like the API's answers. The casts keep them
// valid while the API contract gains fields (serials, card states, unattributed order names).
import type { AthleteProfileResponse, CardView } from '@shared/catalog/catalog-api';
import type { AthleteStatsResponse, CollectiveStatsResponse, SaleLine, UnattributedSale } from '@shared/sales/sales-api';
import type { CollectiveMembersResponse, CollectiveResponse } from '@shared/catalog/catalog-api';
import { athleteSummary, type MemberSummary } from '@shared/catalog/catalog-types';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import { SAMPLE_CATALOG } from '@shared/catalog/seed-data';
import { cardView } from '../entity-api';

export const catalog = () => JSON.parse(JSON.stringify(SAMPLE_CATALOG)) as typeof SAMPLE_CATALOG;

export const athleteStats = (over: Partial<AthleteStatsResponse> = {}): AthleteStatsResponse =>
  ({
    athleteId: 1,
    totalCardsSold: 7,
    totalRevenueCents: 4100,
    averagePriceCents: 586,
    orderCount: 6,
    uniqueFans: 4,
    earningsCents: 3977,
    cardsSoldByCard: { '1': 3, '2': 2, '3': 2 },
    monthly: [{ month: '2026-11', cardsSold: 7, revenueCents: 4100, orderCount: 6 }],
    topFanCount: 1,
    topFans: [{ buyer: 'superfan', cardsHeld: 3 }],
    cardStates: {},
    ...over,
  }) as AthleteStatsResponse;

export function saleLines(n: number): SaleLine[] {
  return Array.from(
    { length: n },
    (_, i) =>
      ({
        serials: [],
        oversoldUnits: 0,
        whileLockedUnits: 0,
        orderId: `gid-order-${String(1000 + i)}-abcdef`,
        orderName: `#${1000 + i}`,
        createdAt: `2026-11-${String(20 - i).padStart(2, '0')}T12:00:00.000Z`,
        buyer: `fan${i}`,
        quantity: 1,
        amountCents: 2500,
        status: i === 0 ? '' : 'Refunded',
      }) as SaleLine,
  );
}

export const collectiveStats = (): CollectiveStatsResponse => ({
  collectiveId: 1,
  name: 'Mariners NIL Collective',
  schoolId: 2,
  members: [1, 2, 3, 10, 11],
  currentMonth: '2026-11',
  tiles: { athleteEarningsThisMonthCents: 3977, donationsThisMonthCents: 105000, totalAthletes: 5, athleteTransactions: 9, collectiveDonationsCount: 7 },
  totals: { cardsSold: 9, revenueCents: 4600, orderCount: 7, donationsCents: 1040000 },
  athletes: [
    { athleteId: 1, cardsSold: 7, revenueCents: 4100, orderCount: 6, earningsCents: 3977 },
    { athleteId: 2, cardsSold: 0, revenueCents: 0, orderCount: 0, earningsCents: 0 },
    { athleteId: 3, cardsSold: 2, revenueCents: 500, orderCount: 1, earningsCents: 485 },
    { athleteId: 10, cardsSold: 0, revenueCents: 0, orderCount: 0, earningsCents: 0 },
    { athleteId: 11, cardsSold: 0, revenueCents: 0, orderCount: 0, earningsCents: 0 },
  ],
  monthly: [{ month: '2026-11', totalCents: 109600, athleteCents: 4462, donationsCents: 105000 }],
  unattributed: {
    units: 1,
    revenueCents: 300,
    recent: [
      {
        orderId: 'o-9',
        orderName: '#1009',
        lineItemId: 'l-1',
        createdAt: '2026-11-01T00:00:00.000Z',
        title: 'Mystery Card',
        productId: null,
        units: 1,
        revenueCents: 300,
        reason: 'unmatched',
      } as UnattributedSale,
    ],
  },
});

/** GET /api/athletes/{id} of a sample athlete for the athlete panel: its cards on sale, 2 sold each, with a sale state changed per card id by `over`. */
export function profileWithSales(athleteId = 1, over: Record<number, Partial<CardView>> = {}): AthleteProfileResponse {
  const full = catalog().athletes.find((a) => a.id === athleteId)!;
  const { digitalcollectibles, sets, ...athlete } = full;
  const cards = digitalcollectibles.map((c) =>
    cardView(full, c.id, {
      state: 'published',
      publishedAt: null,
      retiredAt: null,
      sold: 2,
      issued: 2,
      remaining: c.editionSize ? c.editionSize - 2 : null,
      unlock: null,
      locked: false,
      buyable: true,
      ...over[c.id],
    }),
  );
  return { athlete, cards, sets: sets ?? [] };
}

// ---- the collective panel's own routes (GET /api/collectives/{id}, .../members, .../cards) ----

/** The members of collective 1 as GET /api/collectives/1/members answers them. */
export const members = (ids = [1, 2, 3, 10, 11]): MemberSummary[] =>
  catalog()
    .athletes.filter((a) => ids.includes(a.id))
    .map((a) => ({
      ...athleteSummary(a),
      status: a.status,
      joinDate: a.joinDate,
      cardCount: a.digitalcollectibles.length,
    }));

export const membersPage = (ids?: number[], nextCursor: string | null = null): CollectiveMembersResponse => ({ items: members(ids), nextCursor });

/** GET /api/collectives/1: the collective, its school (2) and merch. */
export const collectiveResponse = (): CollectiveResponse => {
  const c = catalog();
  const collective = c.collectives.find((x) => x.id === 1)!;
  return { collective, school: c.schools.find((s) => s.id === collective.schoolId)!, merch: c.merch.filter((m) => m.schoolId === collective.schoolId) };
};

/** GET /api/collectives/1/athletes/{id}/cards: one card in each lifecycle state. */
export const ownerCards = (athleteId = 1, publishMode: OwnerCardsResponse['publishMode'] = 'manual'): OwnerCardsResponse => {
  const a = catalog().athletes.find((x) => x.id === athleteId)!;
  const base = {
    description: 'A card',
    image: '/uploads/00000000-0000-4000-8000-000000000001.png',
    priceCents: 2500,
    editionSize: 100,
    edition: 'Base',
    setId: null,
    unlock: null,
  };
  const card = (id: number, state: OwnerCard['state'], over: Partial<OwnerCard> = {}): OwnerCard => ({
    ...base,
    id,
    name: `Card ${state}`,
    shopifyProductId: state === 'published' || state === 'retired' ? `90${id}` : '',
    state,
    sale: null,
    history: [{ action: 'created', by: 'c1', at: '2026-11-01T00:00:00.000Z' }],
    ...over,
  });
  return {
    athlete: athleteSummary(a),
    cards: [
      card(1, 'draft'),
      card(2, 'pending'),
      card(3, 'approved'),
      card(4, 'rejected', { rejectionReason: 'The photo is blurry' }),
      card(5, 'published', { sale: { soldOut: true } as OwnerCard['sale'] }),
      card(6, 'retired'),
    ],
    sets: [{ id: 1, name: '2026 Season', cardIds: [5], closedAt: null }],
    publishMode,
  };
};
