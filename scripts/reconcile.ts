// `npm run reconcile -- [--since ISO] [--mode auto|rest|bulk] [--verbose]`: reads the Shopify orders
// updated since the checkpoint (or --since) from the Admin API and accepts them as the webhook does,
// idempotently, then settles what it stored (the settle function does that in AWS). A window of more
// than 2,500 orders is listed through a bulk operation (--mode auto, the default).
// Config: SHOPIFY_STORE_DOMAIN, SHOPIFY_ADMIN_TOKEN (SHOPIFY_ADMIN_BASE_URL to point elsewhere),
// TABLE_NAME, and DYNAMODB_ENDPOINT for local mode (the one `npm start` prints).
import { settlePending } from '#lambdas/orders/ingest';
import { reconcile } from '#lambdas/orders/reconcile';
import type { ReconcileMode } from '#lambdas/orders/reconcile';
import { adminCredentials } from '#lambdas/platform/shopify-admin';
import { requireScopes } from '#lambdas/platform/shopify-scopes';
import { parseCli, usageError } from './lib/cli';

const USAGE = 'usage: npm run reconcile -- [--since ISO] [--mode auto|rest|bulk] [--verbose]';
const MODES: readonly ReconcileMode[] = ['auto', 'rest', 'bulk'];

async function main(): Promise<void> {
  const { values } = parseCli(USAGE, {
    options: { since: { type: 'string' }, mode: { type: 'string', default: 'auto' }, verbose: { type: 'boolean', default: false } },
  });
  const { since, verbose } = values;
  if (since !== undefined && Number.isNaN(Date.parse(since))) usageError(USAGE, `--since '${since}' is not an ISO-8601 date`);
  const mode = values.mode as ReconcileMode;
  if (!MODES.includes(mode)) usageError(USAGE, `--mode '${values.mode}' is not one of ${MODES.join(', ')}`);
  process.env.LOG_LEVEL ??= 'silent';
  const credentials = await adminCredentials();
  // A token without read_orders stops here, naming the scope, rather than at its first 403.
  await requireScopes(credentials, 'orders');
  const report = await reconcile({ ...credentials, since, mode });
  console.log(
    `reconcile: orders updated since ${report.since} (${report.sinceSource}): ${report.pages} pages, ${report.orders} orders, ${report.refunds} refunds`,
  );
  if (report.mode === 'bulk')
    console.log(
      `  bulk operation: ${report.listed} orders listed, ${report.held} already held at their latest update, ${report.listed - report.held} read in full`,
    );
  if (report.graphql)
    console.log(
      `  GraphQL: ${report.graphql.calls} calls, cost ${report.graphql.actualCost}, waited ${(report.graphql.waitedMs / 1000).toFixed(1)} s for the rate limit`,
    );
  const c = report.counts;
  console.log(
    `  applied ${c.applied}, already held ${c.unchanged + c.duplicate} (unchanged ${c.unchanged}, duplicate ${c.duplicate}), malformed ${c.malformed}, retry later ${c['retry-later']}`,
  );
  for (const e of report.entries) {
    if (verbose || e.outcome === 'applied' || e.outcome === 'malformed' || e.outcome === 'retry-later')
      console.log(`  ${e.outcome.padEnd(11)} ${e.kind} ${e.id}${e.kind === 'refund' ? ` (order ${e.orderId})` : ''}${e.detail ? `: ${e.detail}` : ''}`);
  }
  console.log(report.checkpoint ? `  checkpoint -> ${report.checkpoint}` : '  checkpoint unchanged (some events did not settle; rerun to retry them)');
  let settled = 0;
  for (let round = 0; round < 10; round++) {
    const r = await settlePending();
    settled += r.settled;
    if (r.orders === 0) break;
  }
  console.log(`  settled ${settled} order(s)`);
  process.exit(c['retry-later'] ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`reconcile failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
