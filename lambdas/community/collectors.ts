// Collector profiles (issue 26 item 1): a fan's public showcase at /collector/{name}, when its owner
// turned it on (off by default, never for a minor: lambdas/identity/display-names.ts): the athletes
// whose cards it holds, a page at a time (one Query of its collection index), each with its sets,
// the cards held and their serials, completed sets and Top Fan badges. No purchase dates, no buyer
// key: the page's cursor is an athlete id.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CollectorProfileResponse } from '#shared/community/community-api';
import type { CollectionAthlete } from '#shared/sales/collection-api';
import { getAthlete } from '#lambdas/catalog/catalog-repo';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { BadRequest } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { publicProfileOf } from '#lambdas/identity/display-names';
import { collectionOf, COLLECTION_PAGE } from '#lambdas/sales/collection-repo';

type Serials = Parameters<typeof collectionOf>[2];

/** The showcase of the fan `name` names, or null when there is no public profile by that name. */
export async function collectorProfile(name: string, cursor?: string): Promise<CollectorProfileResponse | null> {
  if (cursor !== undefined && !/^\d{1,9}$/.test(cursor)) throw new BadRequest("'cursor' is not valid", { cursor: 'is not valid' });
  const owner = await publicProfileOf(name);
  if (!owner) return null;
  const after = cursor ? Number(cursor) : null;
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keys.GSI1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.collectorPartition(owner.buyerKey) },
      Limit: COLLECTION_PAGE,
      ...(after !== null
        ? {
            ExclusiveStartKey: {
              ...keys.collectorIndex(owner.buyerKey, after),
              ...keys.fan(after, owner.buyerKey),
            },
          }
        : {}),
    }),
  );
  const fans = (page.Items ?? []).filter((f) => Object.values((f.cards as Record<string, number>) ?? {}).some((n) => n > 0));
  const athletes = await Promise.all(fans.map((f) => getAthlete(Number(f.athleteId))));
  const items: CollectionAthlete[] = [];
  fans.forEach((fan, i) => {
    const athlete = athletes[i];
    if (athlete) items.push(collectionOf(athlete, (fan.cards as Record<string, number>) ?? {}, (fan.serials as Serials) ?? {}, fan.top === true));
  });
  // The collection index sorts by athlete id (GSI1SK): the next page starts after this athlete.
  const last = page.LastEvaluatedKey ? String(Number(page.LastEvaluatedKey.GSI1SK)) : null;
  return {
    displayName: owner.displayName,
    athletes: items,
    topFanOf: items.filter((a) => a.topFan).length,
    completedSets: items.reduce((n, a) => n + a.sets.filter((s) => s.complete && s.countsForTopFan).length, 0),
    nextCursor: last && /^\d+$/.test(last) ? String(Number(last)) : null,
  };
}
