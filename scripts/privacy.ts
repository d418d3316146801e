// `npm run privacy -- --shop-redact <requestId>`: carries out a shop's redaction that Shopify asked
// for (shop/redact; the operators' console lists it with its due date), then applies the settle
// step. TABLE_NAME, and DYNAMODB_ENDPOINT for DynamoDB Local (the one `npm start` prints).
import { userInfo } from 'node:os';
import { parseCli, usageError } from './lib/cli';

const USAGE = 'usage: npm run privacy -- --shop-redact <requestId> [--by <who>]   (TABLE_NAME, and DYNAMODB_ENDPOINT for DynamoDB Local)';

async function main(): Promise<void> {
  const { values } = parseCli(USAGE, { options: { 'shop-redact': { type: 'string' }, by: { type: 'string' } } });
  const requestId = values['shop-redact'];
  if (!requestId) usageError(USAGE, 'name the shop redaction request (shop-<shop id>) with --shop-redact');
  if (!process.env.DYNAMODB_ENDPOINT && !process.env.TABLE_NAME) {
    console.error('Set TABLE_NAME (and DYNAMODB_ENDPOINT for DynamoDB Local, e.g. the one printed by `npm start`).');
    process.exit(2);
  }
  process.env.LOG_LEVEL ??= 'silent';
  const { acceptEvent } = await import('#lambdas/orders/accept');
  const { settlePending } = await import('#lambdas/orders/ingest');
  const { dynamoStore } = await import('#lambdas/platform/store');
  const { redactShop } = await import('./lib/privacy');
  const by = `operator:${values.by ?? userInfo().username}`;
  const result = await redactShop(dynamoStore, requestId, { accept: (e) => acceptEvent(e), by });
  let left = 0;
  for (let round = 0; round < 100; round++) {
    const swept = await settlePending({ deadlineMs: 60_000 });
    left = swept.pending;
    if (swept.orders === 0 || swept.settled === 0) break;
  }
  console.log(`privacy: ${result.orders} order(s) of ${result.buyers} buyer(s) redacted (${result.alreadyRedacted} already were), ${left} still pending`);
  process.exit(left ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`privacy failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
