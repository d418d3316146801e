// The sender on the Orders table with the function's mailer (SES v2; the stand-in in local mode),
// its site URL and its signing key: what the sender function and local mode's loop run.
import { mailer } from '#lambdas/platform/mailer';
import { dynamoStore } from '#lambdas/platform/store';
import { signingSecret, siteUrl } from './notify-settings';
import { createSender, type Sender } from './sender';

let cached: Sender | undefined;

export function defaultSender(): Sender {
  return (cached ??= createSender({ store: dynamoStore, mailer, now: () => new Date(), site: () => siteUrl(), secret: () => signingSecret() }));
}
