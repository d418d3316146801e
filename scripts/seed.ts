// `npm run seed -- [--webhook-url URL]`: writes the sample catalog, donations, payouts and athlete
// donation figures into TABLE_NAME (DYNAMODB_ENDPOINT for DynamoDB Local, AWS credentials for a
// deployed table) when it holds no catalog yet; with --webhook-url it also delivers the sample
// Shopify orders, signed with SHOPIFY_WEBHOOK_SECRET, through that endpoint.
// `npm run seed -- --athletes 50000 [--orders 20000]`: a generated national catalog instead
// (scripts/lib/national-catalog.ts: ~564 athletes per school in NCAA programs, a collective per school) and orders
// folded through the ingestion engine in memory, written in parallel batches with progress.
import { parseCli, usageError } from './lib/cli';
import { isSeeded, seedNational, seedOrders, seedStatic } from './lib/seed';

const USAGE = 'usage: npm run seed -- [--webhook-url URL] | --athletes N [--orders M]   (TABLE_NAME, DYNAMODB_ENDPOINT, SHOPIFY_WEBHOOK_SECRET)';

function count(raw: string | undefined, flag: string, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,7}$/.test(raw) || Number(raw) > max) usageError(USAGE, `--${flag} must be a whole number from 0 to ${max.toLocaleString('en-US')}`);
  return Number(raw);
}

async function main(): Promise<void> {
  const { values } = parseCli(USAGE, { options: { 'webhook-url': { type: 'string' }, athletes: { type: 'string' }, orders: { type: 'string' } } });
  const athletes = count(values.athletes, 'athletes', 1_000_000);
  const orders = count(values.orders, 'orders', 1_000_000);
  if (orders !== undefined && athletes === undefined) usageError(USAGE, '--orders goes with --athletes');
  if (athletes !== undefined && values['webhook-url'])
    usageError(USAGE, '--athletes seeds a generated catalog; --webhook-url delivers the sample orders of the sample catalog');
  if (athletes !== undefined && athletes < 1) usageError(USAGE, '--athletes must be at least 1');
  if (!process.env.TABLE_NAME) {
    console.error('Set TABLE_NAME (and DYNAMODB_ENDPOINT for DynamoDB Local).');
    process.exit(2);
  }
  const webhookUrl = values['webhook-url'];
  if (await isSeeded()) {
    console.log(`seed: ${process.env.TABLE_NAME} already holds a catalog; nothing written`);
  } else if (athletes !== undefined) {
    const result = await seedNational({ athletes, orders: orders ?? Math.floor(athletes / 5), onProgress: (m) => console.log(`seed: ${m}`) });
    console.log(
      `seed: ${athletes.toLocaleString('en-US')} athletes (${result.items.toLocaleString('en-US')} catalog items) and ${result.orderItems.toLocaleString('en-US')} order items written to ${process.env.TABLE_NAME} in ${result.seconds.toFixed(1)} s`,
    );
  } else {
    await seedStatic();
    console.log(`seed: catalog, donations and payouts written to ${process.env.TABLE_NAME}`);
  }
  if (webhookUrl) {
    const secret = process.env.SHOPIFY_WEBHOOK_SECRET;
    if (!secret) throw new Error('SHOPIFY_WEBHOOK_SECRET is needed to sign the sample orders');
    console.log(`seed: delivered ${await seedOrders(webhookUrl, secret)} sample Shopify deliveries to ${webhookUrl}`);
  }
}

main().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
