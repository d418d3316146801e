// `npm run seed -- [--webhook-url URL]`: writes the sample catalog, donations, payouts and athlete
// donation figures into TABLE_NAME (DYNAMODB_ENDPOINT for DynamoDB Local, AWS credentials for a
// deployed table) when it holds no catalog yet; with --webhook-url it also delivers the sample
// Shopify orders, signed with SHOPIFY_WEBHOOK_SECRET, through that endpoint.
import { parseCli } from './lib/cli';
import { isSeeded, seedOrders, seedStatic } from './lib/seed';

async function main(): Promise<void> {
  const { values } = parseCli('usage: npm run seed -- [--webhook-url URL]   (TABLE_NAME, DYNAMODB_ENDPOINT, SHOPIFY_WEBHOOK_SECRET)', { options: { 'webhook-url': { type: 'string' } } });
  if (!process.env.TABLE_NAME) {
    console.error('Set TABLE_NAME (and DYNAMODB_ENDPOINT for DynamoDB Local).');
    process.exit(2);
  }
  const webhookUrl = values['webhook-url'];
  if (await isSeeded()) {
    console.log(`seed: ${process.env.TABLE_NAME} already holds a catalog; nothing written`);
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
