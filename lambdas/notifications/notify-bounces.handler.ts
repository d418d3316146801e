// Bounces and complaints (docs/decisions/0025): SES publishes the events of the sender's
// configuration set to an SNS topic, which invokes this function. A permanent bounce or a complaint
// suppresses the address (SUPPRESSED#<hash of the address>): the sender never mails it again and
// records such notices as skipped (the in-app entry stays). A transient bounce is only logged (SES
// retried it already). Only the hash of the address is stored.
import type { SNSEvent } from 'aws-lambda';
import { log } from '#lambdas/platform/log';
import { metric } from '#lambdas/platform/metrics';
import { observed } from '#lambdas/platform/observability';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore } from '#lambdas/platform/store';
import type { Store } from '#lambdas/platform/store';
import { hashEmail } from '#lambdas/identity/buyers';

interface SesEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: Array<{ emailAddress?: string }> };
  complaint?: { complainedRecipients?: Array<{ emailAddress?: string }> };
  mail?: { messageId?: string };
}

/** The addresses an SES event says never to mail again, and why. */
export function suppressionsOf(message: SesEvent): { addresses: string[]; reason: 'bounce' | 'complaint' } | null {
  const type = message.eventType ?? message.notificationType;
  if (type === 'Bounce' && message.bounce?.bounceType === 'Permanent')
    return { addresses: (message.bounce.bouncedRecipients ?? []).map((r) => r.emailAddress ?? '').filter(Boolean), reason: 'bounce' };
  if (type === 'Complaint')
    return { addresses: (message.complaint?.complainedRecipients ?? []).map((r) => r.emailAddress ?? '').filter(Boolean), reason: 'complaint' };
  return null;
}

export async function recordSesEvent(store: Store, message: SesEvent, at = new Date().toISOString()): Promise<number> {
  const found = suppressionsOf(message);
  if (!found) return 0;
  for (const address of found.addresses)
    await store.write({
      put: { ...keys.suppressedAddress(hashEmail(address)), type: 'suppressed', reason: found.reason, at, messageId: message.mail?.messageId ?? null },
    });
  return found.addresses.length;
}

export const handler = observed(async (event: SNSEvent) => {
  let suppressed = 0;
  for (const record of event.Records) {
    let message: SesEvent;
    try {
      message = JSON.parse(record.Sns.Message) as SesEvent;
    } catch {
      log('warn', 'SES event not JSON; ignored', { messageId: record.Sns.MessageId });
      continue;
    }
    suppressed += await recordSesEvent(dynamoStore, message);
  }
  if (suppressed) metric('EmailSuppressed', suppressed);
  return { suppressed };
});
