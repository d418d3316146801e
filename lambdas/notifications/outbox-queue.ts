// The outbox's queue in AWS (infra/constructs/notifications.ts): the feed function puts the keys of
// due outbox items on it, the sender function takes them off. A message is one item's table key as
// JSON ({"PK", "SK"}); SQS's SendMessageBatch (AWS JSON 1.0) through our small signed call, not the
// SQS client (lambdas/platform/aws-lite.ts says why).
import { awsJsonCall } from '#lambdas/platform/aws-lite';
import type { Key } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';

/** SQS takes at most 10 messages per batch. */
const BATCH = 10;

export const messageOf = (key: Key): string => JSON.stringify({ PK: key.PK, SK: key.SK });

/** The outbox key a message names, or null for anything else (a malformed message is dropped). */
export function keyOfMessage(body: string): Key | null {
  try {
    const value = JSON.parse(body) as { PK?: unknown; SK?: unknown };
    if (typeof value.PK !== 'string' || typeof value.SK !== 'string') return null;
    const key = { PK: value.PK, SK: value.SK };
    if (keys.isFanoutJob(key)) return key;
    if (!keys.recipientOfPartition(value.PK) || !(value.SK.startsWith(keys.notePrefix) || keys.isDigestSortKey(value.SK))) return null;
    return { PK: value.PK, SK: value.SK };
  } catch {
    return null;
  }
}

/** Puts the keys on the queue (`OUTBOX_QUEUE_URL`); answers how many SQS refused (logged by the caller). */
export async function enqueue(keysToSend: Key[], queueUrl = process.env.OUTBOX_QUEUE_URL): Promise<number> {
  if (!queueUrl) throw new Error('OUTBOX_QUEUE_URL is not set');
  let refused = 0;
  for (let i = 0; i < keysToSend.length; i += BATCH) {
    const entries = keysToSend.slice(i, i + BATCH).map((key, n) => ({ Id: String(n), MessageBody: messageOf(key) }));
    const answer = await awsJsonCall('sqs', 'AmazonSQS.SendMessageBatch', { QueueUrl: queueUrl, Entries: entries }, { jsonVersion: '1.0' });
    refused += Array.isArray(answer.Failed) ? answer.Failed.length : 0;
  }
  return refused;
}
