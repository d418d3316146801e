// Signed deliveries we refuse to count (another shop currency, unstorable, malformed) are parked:
// one item per order (or per delivery when no order id could be read), with the reason and the
// start of the body, listed by `npm run verify` and counted in the alarms. Shopify gets a 4xx, so it
// does not retry what can never succeed; the operator fixes the cause and replays the order
// (`npm run reconcile -- --since ...` or `npm run webhook -- send ...`).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import { log } from '#lambdas/platform/log';
import { dynamoStore as store } from '#lambdas/platform/store';

export interface ParkedDelivery {
  reason: 'currency' | 'amount' | 'size' | 'malformed';
  message: string;
  topic: string;
  orderId: string | null;
  webhookId: string | null;
  bytes: number;
  /** The first 2 KB of the body, for the operator. */
  bodyStart: string;
}

export async function park(delivery: ParkedDelivery): Promise<void> {
  const key = delivery.orderId ? keys.parkedOrder(delivery.orderId) : keys.parkedDelivery(delivery.webhookId ?? 'unknown');
  log('warn', 'delivery parked', {
    reason: delivery.reason,
    message: delivery.message,
    topic: delivery.topic,
    orderId: delivery.orderId,
    webhookId: delivery.webhookId,
  });
  await store.write({ put: { ...key, ...delivery, parkedAt: new Date().toISOString() } });
}

export async function listParked(limit = 100): Promise<Array<ParkedDelivery & { parkedAt: string }>> {
  const page = await ddb().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.parkedPartition }, Limit: limit }),
  );
  return (page.Items ?? []) as Array<ParkedDelivery & { parkedAt: string }>;
}
