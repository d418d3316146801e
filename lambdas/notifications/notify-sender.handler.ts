// The sender function (docs/decisions/0025): takes outbox keys off its SQS queue and delivers each
// through the sender (sender.ts: claims the item, sends through SES v2, records SES's message id;
// holds for the digest, skips opted-out or suppressed recipients). An item the sender could not
// finish (a storage error) is reported as a batch item failure: SQS delivers it again, and after
// five receipts moves it to the dead-letter queue (an alarm pages the operator; the sweep also comes
// back to any item still due). A delivery of an item already sent changes nothing.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { log } from '#lambdas/platform/log';
import { metric } from '#lambdas/platform/metrics';
import { observed } from '#lambdas/platform/observability';
import { defaultSender } from './default-sender';
import { keyOfMessage } from './outbox-queue';

export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const key = keyOfMessage(record.body);
    if (!key) {
      log('warn', 'outbox message dropped: not an outbox key', { messageId: record.messageId });
      continue;
    }
    try {
      const outcome = await defaultSender().deliver(key);
      if (outcome === 'sent') metric('NotificationEmailSent');
      if (outcome === 'unconfirmed' || outcome === 'failed') metric('NotificationEmailFailed');
    } catch (error) {
      log('error', 'outbox item not delivered; SQS retries it', { key, error: error instanceof Error ? error.message : String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
