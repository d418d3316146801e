// What the platform operators' console reads: the platform inbox (sale lines whose product is not
// in the catalog and whose vendor or title names no school, kept under school 0) a page at a time,
// and the directory of collectives a line can be sent to. Both are Queries of one partition.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { OperatorCollective, PlatformInboxResponse } from '#shared/operator/operator-api';
import type { Collective, School } from '#shared/catalog/catalog-types';
import { unattributedSalesOf } from '#lambdas/sales/collective-repo';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { encodeCursor } from '#lambdas/platform/http';
import * as keys from '#lambdas/platform/keys';

/** School 0: lines that named no known school. */
export const PLATFORM_INBOX_SCHOOL = 0;
/** Collectives listed to an operator at most (there is about one per school: a few hundred). */
const MAX_COLLECTIVES = 1_000;

export async function platformInbox(limit: number, cursor?: Record<string, unknown>): Promise<PlatformInboxResponse> {
  const [total, page] = await Promise.all([
    ddb().send(new GetCommand({ TableName: tableName(), Key: keys.unattributedTotal(PLATFORM_INBOX_SCHOOL), ConsistentRead: true })),
    ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :line)',
        ExpressionAttributeValues: { ':pk': keys.unattributedPartition(PLATFORM_INBOX_SCHOOL), ':line': keys.unattributedOrderPrefix },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: limit,
        ExclusiveStartKey: cursor,
      }),
    ),
  ]);
  return {
    units: Number(total.Item?.units ?? 0),
    revenueCents: Number(total.Item?.revenueCents ?? 0),
    items: (page.Items ?? []).flatMap(unattributedSalesOf),
    nextCursor: encodeCursor(page.LastEvaluatedKey, keys.cursorSpecs.unattributedOrders(PLATFORM_INBOX_SCHOOL)),
  };
}

/** Every collective with its school's name, by name. */
export async function collectivesDirectory(): Promise<OperatorCollective[]> {
  const [collectives, schools] = await Promise.all(
    [keys.catalogCollectivesPartition, keys.catalogSchoolsPartition].map(async (pk) => {
      const page = await ddb().send(
        new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: MAX_COLLECTIVES }),
      );
      return (page.Items ?? []).map((i) => i.data as Collective & School);
    }),
  );
  const schoolNames = new Map(schools.map((s) => [s.id, s.name]));
  return (collectives as Collective[])
    .map((c) => ({ collectiveId: c.id, name: c.name, schoolId: c.schoolId, schoolName: schoolNames.get(c.schoolId) ?? `School ${c.schoolId}` }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
