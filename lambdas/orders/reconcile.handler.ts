// Scheduled (EventBridge, every 30 minutes): replays the Shopify orders updated since the last
// checkpoint through ingest(). Not an HTTP route. Failures that did not settle keep the
// checkpoint and fail the invocation, so the Errors alarm sees them and the next run retries.
// A token without read_orders fails the run at once, naming the scope (shopify-scopes.ts).
import { reconcile } from './reconcile';
import { adminCredentials } from '#lambdas/platform/shopify-admin';
import { requireScopes } from '#lambdas/platform/shopify-scopes';
import { setCorrelationId } from '#lambdas/platform/log';
import { observed } from '#lambdas/platform/observability';

export const handler = observed(
  async (
    event: { id?: string } = {},
  ): Promise<{ since: string; orders: number; refunds: number; counts: Record<string, number>; checkpoint: string | null }> => {
    setCorrelationId(event.id ? `reconcile-${event.id}` : undefined);
    const credentials = await adminCredentials();
    await requireScopes(credentials, 'orders');
    const report = await reconcile(credentials);
    if (report.counts['retry-later'] > 0)
      throw new Error(`reconcile: ${report.counts['retry-later']} events did not settle; the checkpoint stays at ${report.since}`);
    return { since: report.since, orders: report.orders, refunds: report.refunds, counts: report.counts, checkpoint: report.checkpoint };
  },
);
