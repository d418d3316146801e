// The storefront (GET /api/storefront, the front door at /; decision 0017): the moment drops coming
// or live, the newest cards on sale, the limited editions among them close to selling out, and the featured schools and
// athletes. Bounded whatever the catalog holds: one GSI1 Query of the newest published cards (the
// card items list themselves while on sale: keys.catalogLiveCard), then one GetItem per athlete
// for its profile and one for its sale totals (at most STOREFRONT_ATHLETES athletes, in parallel:
// readers are granted GetItem and Query only), and the two Queries of the featured lists.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DigitalCollectible } from '#shared/catalog/catalog-types';
import { STOREFRONT_LIMITS, isAlmostGone, type StorefrontCard, type StorefrontResponse } from '#shared/catalog/storefront-api';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import type { AthleteProfile } from './catalog-items';
import { featured } from './catalog-repo';
import { cardView, saleTotalsOf } from './catalog-views';

/** Athletes whose cards one read considers (two GetItems each). */
export const STOREFRONT_ATHLETES = 16;

async function getItem(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
}

/** The newest published cards: [athlete id, card] in listing order (newest first). */
async function newestCards(): Promise<Array<{ athleteId: number; card: DigitalCollectible }>> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keys.GSI1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.catalogLiveCardsListing },
      ScanIndexForward: false,
      Limit: STOREFRONT_LIMITS.window,
    }),
  );
  return (page.Items ?? []).map((item) => ({ athleteId: Number(item.athleteId), card: item.data as DigitalCollectible }));
}

/** The storefront's cards: each with its sale state from its athlete's total. */
export async function storefrontCards(): Promise<StorefrontCard[]> {
  const listed = await newestCards();
  const athleteIds = [...new Set(listed.map((l) => l.athleteId))].slice(0, STOREFRONT_ATHLETES);
  const read = await Promise.all(
    athleteIds.map(async (id) => {
      const [profile, total] = await Promise.all([getItem(keys.catalogAthlete(id)), getItem(keys.aggTotal(id))]);
      return [id, { profile: profile?.data as AthleteProfile | undefined, totals: saleTotalsOf(total) }] as const;
    }),
  );
  const byAthlete = new Map(read);
  const cards: StorefrontCard[] = [];
  for (const { athleteId, card } of listed) {
    const found = byAthlete.get(athleteId);
    // An athlete removed since (its cards go with it) or beyond the athletes read.
    if (!found?.profile) continue;
    const { profile, totals } = found;
    cards.push({
      athlete: {
        id: profile.id,
        name: profile.name,
        schoolId: profile.schoolId,
        school: profile.school,
        sport: profile.sport,
        position: profile.position,
        number: profile.number,
      },
      card: cardView(card, totals),
    });
  }
  return cards;
}

export async function storefront(): Promise<StorefrontResponse> {
  const [cards, { schools, athletes }] = await Promise.all([storefrontCards(), featured()]);
  // Moment drops coming or live (decision 0022): above the cards on sale, by the next moment they
  // change (a live drop's end, a coming drop's start).
  const next = (c: StorefrontCard) => Date.parse(c.card.drop!.phase === 'live' ? c.card.drop!.endsAt : c.card.drop!.startsAt);
  const drops = cards
    .filter((c) => c.card.drop && (c.card.drop.phase === 'scheduled' || c.card.drop.phase === 'live'))
    .sort((a, b) => next(a) - next(b))
    .slice(0, STOREFRONT_LIMITS.drops);
  const live = cards.filter((c) => c.card.buyable && !c.card.drop);
  const almostGone = live
    .filter((c) => isAlmostGone(c.card))
    .sort((a, b) => a.card.remaining! / a.card.editionSize! - b.card.remaining! / b.card.editionSize! || a.card.remaining! - b.card.remaining!)
    .slice(0, STOREFRONT_LIMITS.almostGone);
  return { drops, live: live.slice(0, STOREFRONT_LIMITS.live), almostGone, schools, athletes };
}
