// The outbox's feed (docs/decisions/0025): puts due outbox items on the sender's queue. Triggered by
// the Orders table's stream for every new notice or settlement job (the event source mapping filters
// them: an insert under NOTIFY# with a NOTE# sort key, or under FANOUT#), so an email leaves within
// seconds; and every minute by a
// schedule that sweeps the outbox's GSI1 partitions for what is due (digests whose hour is up or
// whose quiet hours ended, notices a stream delivery missed or a refused send left for later). A
// key enqueued twice is harmless: the sender claims each item before sending. Not an HTTP route.
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { log } from '#lambdas/platform/log';
import { metric } from '#lambdas/platform/metrics';
import { observed } from '#lambdas/platform/observability';
import * as keys from '#lambdas/platform/keys';
import type { Key } from '#lambdas/platform/store';
import { dynamoStore } from '#lambdas/platform/store';
import { enqueue } from './outbox-queue';
import { sweepOutbox } from './outbox-sweep';

function noticeKeys(event: DynamoDBStreamEvent): Key[] {
  return event.Records.flatMap((r) => {
    const PK = r.dynamodb?.Keys?.PK?.S ?? '';
    const SK = r.dynamodb?.Keys?.SK?.S ?? '';
    const key = { PK, SK };
    return r.eventName === 'INSERT' && ((keys.recipientOfPartition(PK) && SK.startsWith(keys.notePrefix)) || keys.isFanoutJob(key)) ? [key] : [];
  });
}

export const handler = observed(async (event: DynamoDBStreamEvent | { source?: string }) => {
  const stream = 'Records' in event && Array.isArray(event.Records);
  const due = stream ? noticeKeys(event as DynamoDBStreamEvent) : await sweepOutbox(dynamoStore, new Date());
  const refused = due.length ? await enqueue(due) : 0;
  if (refused) throw new Error(`SQS refused ${refused} of ${due.length} outbox messages`);
  if (!stream) {
    metric('OutboxDue', due.length);
    log('info', 'outbox sweep', { due: due.length });
  }
  return { enqueued: due.length };
});
