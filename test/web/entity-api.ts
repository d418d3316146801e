// A fake of the per-entity catalog API (docs/API.md: /api/featured, /api/athletes/{id}[/related],
// /api/schools/{id}[/merch|/sports/{sport}/athletes], /api/search, /api/me/collection) answered from
// the sample catalog, with pagination and the cards' sale state, for the jsdom tests of the public
// and fan pages. GET /api/catalog answers 413 catalog_too_large, as it does beyond 100 athletes.
import type { AthleteProfileResponse, CardView, FeaturedResponse, SchoolPageResponse, SearchResponse, SportRosterResponse } from '@shared/catalog/catalog-api';
import type { MeCollectionResponse } from '@shared/sales/collection-api';
import type { CardSalesResponse, OrderRevealResponse } from '@shared/sales/card-page-api';
import type { StorefrontResponse } from '@shared/catalog/storefront-api';
import { athleteSummary, schoolSummary, type Athlete, type Catalog } from '@shared/catalog/catalog-types';
import { isPublic } from '@shared/cards/lifecycle';
import { compareRoster, searchAthletes, searchRoster, searchSchools } from '@shared/catalog/search';
import { SAMPLE_CATALOG } from '@shared/catalog/seed-data';
import type { ApiHandler, FakeResponse } from './harness';

export interface EntityApiOptions {
  catalog?: Catalog;
  /** Sale state per card, keyed 'athleteId:cardId' (default: nothing sold, quota cards locked). */
  cards?: Record<string, Partial<CardView>>;
  /** The buyer's collection pages (default: one empty page). */
  collection?: MeCollectionResponse[];
  /** A card's recent sales, keyed 'athleteId:cardId' (default: none). */
  sales?: Record<string, CardSalesResponse>;
  /** The buyer's orders as GET /api/me/orders/{id} reveals them (default: 404). */
  orders?: Record<string, OrderRevealResponse | ((calls: number) => OrderRevealResponse)>;
  /** An answer that replaces the fake's for a path (undefined: the fake answers). */
  override?: (path: string, init: RequestInit | undefined) => FakeResponse | undefined;
}

/** The catalog's sports and their athletes (what the search function answers with `type=all`). */
function sportCounts(athletes: Athlete[]): Array<{ sport: string; count: number }> {
  const counts = new Map<string, number>();
  for (const a of athletes) counts.set(a.sport, (counts.get(a.sport) ?? 0) + 1);
  return [...counts].map(([sport, count]) => ({ sport, count }));
}

const notFound = (what: string): FakeResponse => ({ status: 404, body: { error: { code: 'not_found', message: `${what} not found` } } });

/** A page of `items` after the opaque cursor (an offset here). */
function page<T>(items: T[], params: URLSearchParams, fallback: number) {
  const limit = Number(params.get('limit') ?? fallback);
  const start = params.get('cursor') ? Number(atob(params.get('cursor')!)) : 0;
  const slice = items.slice(start, start + limit);
  return { items: slice, nextCursor: start + limit < items.length ? btoa(String(start + limit)) : null };
}

export function cardView(athlete: Athlete, cardId: number, override: Partial<CardView> = {}): CardView {
  const c = athlete.digitalcollectibles.find((x) => x.id === cardId)!;
  const editionSize = c.editionSize ?? null;
  const base: CardView = {
    id: c.id,
    shopifyProductId: c.shopifyProductId,
    name: c.name,
    description: c.description,
    image: c.image,
    priceCents: c.priceCents,
    setId: c.setId ?? null,
    edition: c.edition ?? null,
    editionSize,
    state: c.state === 'retired' ? 'retired' : 'published',
    publishedAt: c.publishedAt ?? null,
    retiredAt: c.retiredAt ?? null,
    sold: 0,
    issued: 0,
    remaining: editionSize,
    soldOut: false,
    oversold: 0,
    unlock: c.unlock ? { cardId: c.unlock.cardId, units: c.unlock.units, sold: 0, unlockedAt: null } : null,
    locked: Boolean(c.unlock),
    buyable: !c.unlock && c.state !== 'retired',
  };
  return { ...base, ...override };
}

export function profileOf(athlete: Athlete, cards: Record<string, Partial<CardView>> = {}): AthleteProfileResponse {
  const { digitalcollectibles, sets, ...rest } = athlete;
  const views = digitalcollectibles.filter(isPublic).map((c) => cardView(athlete, c.id, cards[`${athlete.id}:${c.id}`]));
  return { athlete: rest, cards: views, sets: sets ?? [] };
}

export function entityApi(options: EntityApiOptions = {}): ApiHandler {
  const catalog = options.catalog ?? SAMPLE_CATALOG;
  const athlete = (id: string) => catalog.athletes.find((a) => a.id === Number(id));
  const school = (id: string) => catalog.schools.find((s) => s.id === Number(id));
  const orderCalls = new Map<string, number>();
  return async (fullPath, init) => {
    const overridden = options.override?.(fullPath, init);
    if (overridden) return overridden;
    const url = new URL(fullPath, 'http://test');
    const path = url.pathname;
    const params = url.searchParams;
    let m: RegExpExecArray | null;
    if (path === '/api/catalog') return { status: 413, body: { error: { code: 'catalog_too_large', message: 'The catalog is too large' } } };
    if (path === '/api/featured') {
      const body: FeaturedResponse = { schools: catalog.schools.slice(0, 6).map(schoolSummary), athletes: catalog.athletes.slice(-6).map(athleteSummary) };
      return { body };
    }
    if ((m = /^\/api\/athletes\/(\d+)$/.exec(path))) {
      const a = athlete(m[1]);
      return a ? { body: profileOf(a, options.cards) } : notFound('Athlete');
    }
    if ((m = /^\/api\/athletes\/(\d+)\/related$/.exec(path))) {
      const a = athlete(m[1]);
      if (!a) return notFound('Athlete');
      const items = catalog.athletes.filter((x) => x.schoolId === a.schoolId && x.id !== a.id).sort(compareRoster);
      return { body: { items: items.slice(0, Number(params.get('limit') ?? 12)).map(athleteSummary) } };
    }
    if ((m = /^\/api\/athletes\/(\d+)\/posts$/.exec(path))) return { body: { items: [] } };
    if ((m = /^\/api\/schools\/(\d+)$/.exec(path))) {
      const s = school(m[1]);
      if (!s) return notFound('School');
      const roster = catalog.athletes.filter((a) => a.schoolId === s.id).sort(compareRoster);
      const sports = [...new Set(roster.map((a) => a.sport))].map((sport) => {
        const of = roster.filter((a) => a.sport === sport);
        return { sport, count: of.length, athletes: of.slice(0, 12).map(athleteSummary) };
      });
      const collective = catalog.collectives.find((c) => c.schoolId === s.id);
      const body: SchoolPageResponse = {
        school: s,
        sports,
        merch: catalog.merch.filter((x) => x.schoolId === s.id),
        support: collective ? { collectiveId: collective.id, collectiveName: collective.name } : null,
      };
      return { body };
    }
    if ((m = /^\/api\/schools\/(\d+)\/sports\/([^/]+)\/athletes$/.exec(path))) {
      const s = school(m[1]);
      if (!s) return notFound('School');
      const sport = decodeURIComponent(m[2]);
      const all = catalog.athletes.filter((a) => a.schoolId === s.id && a.sport.toLowerCase() === sport.toLowerCase()).sort(compareRoster);
      const position = params.get('position');
      const filtered = searchRoster(all, params.get('query') ?? '').filter((a) => !position || a.position === position);
      const body: SportRosterResponse = {
        ...page(filtered.map(athleteSummary), params, 24),
        school: { id: s.id, name: s.name },
        sport: all[0]?.sport ?? sport,
        total: all.length,
        positions: [...new Set(all.map((a) => a.position))].sort(),
      };
      return { body };
    }
    if (path === '/api/search') {
      const query = params.get('query') ?? '';
      const type = params.get('type') ?? 'all';
      const empty = { items: [], nextCursor: null, total: 0, totalIsCapped: false };
      const athletes = searchAthletes(catalog.athletes, query);
      const schools = searchSchools(catalog.schools, query);
      const body: SearchResponse = {
        query,
        athletes: type === 'schools' ? empty : { ...page(athletes.map(athleteSummary), params, 24), total: athletes.length, totalIsCapped: false },
        schools: type === 'athletes' ? empty : { ...page(schools.map(schoolSummary), params, 24), total: schools.length, totalIsCapped: false },
        ...(type === 'all' ? { sports: sportCounts(catalog.athletes) } : {}),
      };
      return { body };
    }
    if (path === '/api/storefront') {
      // Every public Base card on sale, newest athlete first, as the listing orders a seed published at once.
      const live = [...catalog.athletes].reverse().flatMap((a) =>
        profileOf(a, options.cards)
          .cards.filter((c) => c.buyable)
          .map((card) => ({ athlete: athleteSummary(a), card })),
      );
      const body: StorefrontResponse = {
        live: live.slice(0, 8),
        almostGone: live.filter((c) => c.card.remaining !== null && c.card.editionSize !== null && c.card.remaining <= c.card.editionSize / 4).slice(0, 4),
        schools: catalog.schools.slice(0, 6).map(schoolSummary),
        athletes: catalog.athletes.slice(-6).map(athleteSummary),
      };
      return { body };
    }
    if ((m = /^\/api\/athletes\/(\d+)\/cards\/(\d+)\/sales$/.exec(path))) {
      if (!athlete(m[1])) return notFound('Athlete');
      return { body: options.sales?.[`${m[1]}:${m[2]}`] ?? { items: [] } };
    }
    if ((m = /^\/api(?:\/demo)?\/me\/orders\/([^/]+)$/.exec(path))) {
      const order = options.orders?.[decodeURIComponent(m[1])];
      orderCalls.set(m[1], (orderCalls.get(m[1]) ?? 0) + 1);
      if (!order) return notFound('Order');
      return { body: typeof order === 'function' ? order(orderCalls.get(m[1])!) : order };
    }
    if (/^\/api(\/demo)?\/me\/collection$/.test(path)) {
      const pages = options.collection ?? [{ items: [], nextCursor: null, latest: null }];
      const cursor = params.get('cursor');
      const index = cursor ? pages.findIndex((_, i) => i > 0 && pages[i - 1].nextCursor === cursor) : 0;
      return index < 0 ? { status: 400, body: { error: { code: 'bad_request', message: "'cursor' is not valid" } } } : { body: pages[index] };
    }
    return notFound(path);
  };
}
