// `npm run settle`: applies every accepted order whose effects are still pending, as the settle
// function's scheduled sweep does in AWS (local mode does it on its own while it runs).
// TABLE_NAME, and DYNAMODB_ENDPOINT for DynamoDB Local (the one `npm start` prints).
import { parseCli } from './lib/cli';

const USAGE = 'usage: npm run settle   (no flags; TABLE_NAME, and DYNAMODB_ENDPOINT for DynamoDB Local)';

async function main(): Promise<void> {
  parseCli(USAGE, { options: {} });
  if (!process.env.DYNAMODB_ENDPOINT && !process.env.TABLE_NAME) {
    console.error('Set TABLE_NAME (and DYNAMODB_ENDPOINT for DynamoDB Local, e.g. the one printed by `npm start`).');
    process.exit(2);
  }
  process.env.LOG_LEVEL ??= 'silent';
  const { settlePending } = await import('#lambdas/orders/ingest');
  let settled = 0;
  let left = 0;
  for (let round = 0; round < 100; round++) {
    const result = await settlePending({ deadlineMs: 60_000 });
    settled += result.settled;
    left = result.pending;
    if (result.orders === 0 || result.settled === 0) break;
  }
  console.log(`settle: ${settled} order(s) applied, ${left} still pending`);
  process.exit(left ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`settle failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
