// Builds My Collection from the buyer's storefront orders and the cards kept in this browser.
import type { BuyerOrder } from '@shared/api';
import type { Catalog } from '@shared/catalog-types';
import type { LocalCollectible } from '@/lib/purchased-cards';

export interface CollectionEntry {
  key: string;
  athleteId: number | null;
  cardId: number | null;
  title: string;
  athleteName: string;
  image: string;
  priceCents: number;
  quantity: number;
  purchaseMethod: string;
  purchaseDate: string;
  isShopifyOrder: boolean;
  orderId?: string;
  /** Set for entries kept in this browser: only these can be removed. */
  localId?: string;
}

export function buildCollection(orders: BuyerOrder[], local: LocalCollectible[], catalog: Catalog | undefined): CollectionEntry[] {
  const athletes = new Map((catalog?.athletes ?? []).map((a) => [a.id, a]));
  const fromOrders: CollectionEntry[] = orders.flatMap((order) =>
    order.lines.map((line, i) => {
      const athlete = line.athleteId === null ? undefined : athletes.get(line.athleteId);
      const card = athlete?.digitalcollectibles.find((c) => c.id === line.cardId);
      return {
        key: `${order.orderId}-${i}`,
        athleteId: line.athleteId,
        cardId: line.cardId,
        title: card?.name ?? line.title,
        athleteName: athlete?.name ?? '',
        image: card?.image ?? '/images/logo.svg',
        priceCents: line.priceCents,
        quantity: line.quantity || 1,
        purchaseMethod: 'Shopify',
        purchaseDate: order.createdAt,
        isShopifyOrder: true,
        orderId: order.orderId,
      };
    }),
  );
  const orderIds = new Set(orders.map((o) => o.orderId));
  // A local entry whose storefront order has arrived is shown once, as the (non-removable) order.
  const fromLocal: CollectionEntry[] = local
    .filter((e) => !e.orderId || !orderIds.has(e.orderId))
    .map((e) => ({
      key: e.id,
      athleteId: e.athleteId,
      cardId: e.cardId,
      title: e.title,
      athleteName: e.athleteName,
      image: e.image,
      priceCents: e.priceCents,
      quantity: 1,
      purchaseMethod: e.purchaseMethod,
      purchaseDate: e.purchaseDate,
      isShopifyOrder: false,
      orderId: e.orderId,
      localId: e.id,
    }));
  return [...fromLocal, ...fromOrders].sort((a, b) => b.purchaseDate.localeCompare(a.purchaseDate));
}

/** Athletes whose full set of cards the buyer holds (Top Fan). */
export function topFanAthleteIds(entries: CollectionEntry[], catalog: Catalog | undefined): Set<number> {
  const held = new Map<number, Set<number>>();
  for (const e of entries) {
    if (e.athleteId === null || e.cardId === null) continue;
    if (!held.has(e.athleteId)) held.set(e.athleteId, new Set());
    held.get(e.athleteId)!.add(e.cardId);
  }
  const result = new Set<number>();
  for (const athlete of catalog?.athletes ?? []) {
    const cards = held.get(athlete.id);
    if (cards && athlete.digitalcollectibles.length > 0 && athlete.digitalcollectibles.every((c) => cards.has(c.id))) result.add(athlete.id);
  }
  return result;
}

/** Local storefront purchases still waiting for their order to be processed (poll while any is recent). */
export function pendingLocalOrders(entries: CollectionEntry[], now: number, windowMs = 30_000): number {
  return entries.filter((e) => e.localId && e.orderId && now - Date.parse(e.purchaseDate) < windowMs).length;
}
