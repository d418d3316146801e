// My Collection: the buyer's holdings per athlete (the fan items ingestion keeps, listed on the
// buyer's collection index), grouped by the athlete's sets with progress, the serials held and the
// cards still missing. The Top Fan badge is the fan item's `top` flag, the same record the
// athlete's Top Fans list and count follow, so both always agree. A page costs one index Query and
// one Query per athlete on it (at most COLLECTION_PAGE), whatever the buyer or the catalog holds,
// plus one Query of the buyer's latest orders (RECENT_ORDERS_READ) that dates the cards bought in
// them, so the screen can show the newest first (decision 0019).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CollectionAthlete, CollectionCard, CollectionSet, MeCollectionResponse } from '#shared/sales/collection-api';
import { RECENT_ORDERS_READ } from '#shared/sales/collection-api';
import { athleteSummary } from '#shared/catalog/catalog-types';
import { isPublic, publicState } from '#shared/cards/lifecycle';
import type { Athlete, DigitalCollectible } from '#shared/catalog/catalog-types';
import { getAthlete } from '#lambdas/catalog/catalog-repo';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { encodeCursor } from '#lambdas/platform/http';
import * as keys from '#lambdas/platform/keys';
import { buyerOrders } from './sales-repo';

export const COLLECTION_PAGE = 12;

type Serials = Record<string, Array<[number, number]>>;

/** When each card ('athleteId:cardId') was last bought, from the buyer's orders (any order of them). */
export type Acquired = ReadonlyMap<string, string>;
const NO_DATES: Acquired = new Map();
const UNCOUNTED = new Set(['Cancelled', 'Refunded', 'Voided', 'Expired']);

/** The buyer's latest orders: when each card was last bought (orders cancelled or refunded in full left out). */
export async function recentAcquisitions(buyerKey: string): Promise<Acquired> {
  const { items } = await buyerOrders(buyerKey, RECENT_ORDERS_READ);
  const at = new Map<string, string>();
  for (const order of items) {
    if (UNCOUNTED.has(order.status)) continue;
    for (const line of order.lines) {
      if (line.athleteId === null || line.cardId === null || line.quantity <= 0) continue;
      const key = `${line.athleteId}:${line.cardId}`;
      if ((at.get(key) ?? '') < order.createdAt) at.set(key, order.createdAt);
    }
  }
  return at;
}

function collectionCard(athleteId: number, card: DigitalCollectible, held: Record<string, number>, serials: Serials, acquired: Acquired): CollectionCard {
  return {
    id: card.id,
    name: card.name,
    image: card.image,
    edition: card.edition ?? null,
    editionSize: card.editionSize ?? null,
    priceCents: card.priceCents,
    state: publicState(card),
    held: Math.max(0, Number(held[String(card.id)] ?? 0)),
    serials: serials[String(card.id)] ?? [],
    acquiredAt: acquired.get(`${athleteId}:${card.id}`) ?? null,
  };
}

/** The athlete's sets as the buyer sees them (public cards only), then the cards outside any set. */
export function collectionOf(
  athlete: Athlete,
  held: Record<string, number>,
  serials: Serials,
  topFan: boolean,
  acquired: Acquired = NO_DATES,
): CollectionAthlete {
  const cards = athlete.digitalcollectibles.filter(isPublic);
  const byId = new Map(cards.map((c) => [c.id, c]));
  const group = (id: number | null, name: string, countsForTopFan: boolean, members: DigitalCollectible[]): CollectionSet => {
    const shown = members.map((c) => collectionCard(athlete.id, c, held, serials, acquired));
    const owned = shown.filter((c) => c.held > 0).length;
    return { id, name, countsForTopFan, cards: shown, held: owned, total: shown.length, complete: shown.length > 0 && owned === shown.length };
  };
  const sets: CollectionSet[] = [];
  if (athlete.sets?.length) {
    const inSet = new Set<number>();
    for (const set of athlete.sets) {
      const members = set.cardIds.map((id) => byId.get(id)).filter((c): c is DigitalCollectible => Boolean(c));
      members.forEach((c) => inSet.add(c.id));
      if (members.length) sets.push(group(set.id, set.name, set.closedAt !== null, members));
    }
    const rest = cards.filter((c) => !inSet.has(c.id));
    if (rest.length) sets.push(group(null, 'Other cards', false, rest));
  } else if (cards.length) sets.push(group(null, 'All cards', true, cards));
  return { athlete: athleteSummary(athlete), topFan, sets };
}

export async function buyerCollection(buyerKey: string, limit: number, cursor?: Record<string, unknown>): Promise<MeCollectionResponse> {
  const [page, acquired] = await Promise.all([
    ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: keys.GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.collectorPartition(buyerKey) },
        Limit: Math.min(limit, COLLECTION_PAGE),
        ExclusiveStartKey: cursor,
      }),
    ),
    recentAcquisitions(buyerKey),
  ]);
  const fans = (page.Items ?? []).filter((f) => Object.values((f.cards as Record<string, number>) ?? {}).some((n) => n > 0));
  const athletes = await Promise.all(fans.map((f) => getAthlete(Number(f.athleteId))));
  const items: CollectionAthlete[] = [];
  fans.forEach((fan, i) => {
    const athlete = athletes[i];
    if (athlete) items.push(collectionOf(athlete, (fan.cards as Record<string, number>) ?? {}, (fan.serials as Serials) ?? {}, fan.top === true, acquired));
  });
  return { items, nextCursor: encodeCursor(page.LastEvaluatedKey, keys.cursorSpecs.buyerCollection(buyerKey)), latest: latestHeld(items) };
}

/** The newest dated card the buyer still holds on this page. */
function latestHeld(items: CollectionAthlete[]): MeCollectionResponse['latest'] {
  let latest: MeCollectionResponse['latest'] = null;
  for (const entry of items)
    for (const set of entry.sets)
      for (const card of set.cards)
        if (card.held > 0 && card.acquiredAt && (!latest || card.acquiredAt > latest.at))
          latest = { athleteId: entry.athlete.id, cardId: card.id, at: card.acquiredAt };
  return latest;
}
