// `npm run webhook -- send FILE.json --topic orders/create --url URL [--secret S] [--id WEBHOOK_ID]`
// Signs a payload with the shop's secret and delivers it as Shopify would (for testing a
// deployed endpoint or local mode). The secret comes from --secret or SHOPIFY_WEBHOOK_SECRET.
import { readFileSync } from 'node:fs';
import { parseCli, usageError } from './lib/cli';
import { deliverWebhook } from './lib/deliver';

const USAGE = 'usage: npm run webhook -- send FILE.json --topic TOPIC --url URL [--secret SECRET] [--id WEBHOOK_ID]';

async function main(): Promise<void> {
  const { values: flags, positionals } = parseCli(USAGE, {
    options: { topic: { type: 'string' }, url: { type: 'string' }, secret: { type: 'string' }, id: { type: 'string' } },
    allowPositionals: true,
  });
  const [command, file, ...extra] = positionals;
  if (command !== 'send' || !file || extra.length > 0)
    usageError(USAGE, command === 'send' ? 'send needs exactly one FILE.json' : `unknown command '${command ?? ''}'`);
  const url = flags.url ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/webhooks/shopify`;
  const topic = flags.topic ?? 'orders/create';
  const secret = flags.secret ?? process.env.SHOPIFY_WEBHOOK_SECRET ?? 'local-dev-shopify-secret';
  // The raw bytes are sent as they are in the file: ids beyond 2^53 stay exact.
  const body = readFileSync(file, 'utf8');
  const result = await deliverWebhook(url, topic, body, secret, flags.id ? { webhookId: flags.id } : {});
  console.log(`${topic} -> ${url}: ${result.status} in ${result.ms.toFixed(0)} ms`);
  console.log(result.body);
  process.exit(result.status >= 200 && result.status < 300 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`webhook failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
