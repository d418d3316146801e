// The Shopify Admin GraphQL API with cost-aware throttling. Shopify meters GraphQL by query cost
// in a leaky bucket (standard plan: 2,000 points, restored at 100 points/s) and reports it in every
// answer's `extensions.cost.throttleStatus`. The client keeps the last status it read, estimates
// what the bucket holds now (restored since, capped at the maximum), and waits before a call whose
// cost the bucket would not cover; a THROTTLED answer (or a 429/5xx) waits for the points it needs
// and retries, a bounded number of times. The token only goes to the store's own origin.
import { parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { ADMIN_API_VERSION } from '#lambdas/platform/shopify-admin';

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface GraphqlClientOptions {
  origin: string;
  accessToken: string;
  fetch?: typeof fetch;
  /** Virtual time in tests; real time otherwise. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
}

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

interface GraphqlAnswer<T> {
  data?: T;
  errors?: Array<{ message?: string; extensions?: { code?: string } }> | string;
  extensions?: { cost?: { requestedQueryCost?: number; actualQueryCost?: number | null; throttleStatus?: ThrottleStatus } };
}

export interface GraphqlStats {
  calls: number;
  /** Calls Shopify answered THROTTLED (the client's estimate was wrong or another app shares the bucket). */
  throttled: number;
  waitedMs: number;
  actualCost: number;
}

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the bucket holds at `at`, from the status read at `readAt`. */
export function availableAt(status: ThrottleStatus, readAt: number, at: number): number {
  return Math.min(status.maximumAvailable, status.currentlyAvailable + (Math.max(0, at - readAt) / 1000) * status.restoreRate);
}

/** How long to wait before spending `cost` points (0 when the bucket covers it). */
export function waitFor(cost: number, status: ThrottleStatus, readAt: number, at: number): number {
  const missing = Math.min(cost, status.maximumAvailable) - availableAt(status, readAt, at);
  return missing <= 0 ? 0 : Math.ceil((missing / status.restoreRate) * 1000);
}

export function createGraphqlClient(options: GraphqlClientOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? sleepReal;
  const maxAttempts = options.maxAttempts ?? 6;
  const url = `${options.origin.replace(/\/+$/, '')}/admin/api/${ADMIN_API_VERSION}/graphql.json`;
  let status: ThrottleStatus | null = null;
  let readAt = 0;
  const stats: GraphqlStats = { calls: 0, throttled: 0, waitedMs: 0, actualCost: 0 };

  const pause = async (ms: number) => {
    if (ms <= 0) return;
    stats.waitedMs += ms;
    await sleep(ms);
  };

  /** Runs a query or mutation whose cost is about `estimatedCost` points; answers its data. */
  async function request<T>(query: string, variables: Record<string, unknown> = {}, estimatedCost = 1): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      if (status) await pause(waitFor(estimatedCost, status, readAt, now()));
      stats.calls++;
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'X-Shopify-Access-Token': options.accessToken, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const retryable = response.status === 429 || response.status >= 500;
      if (!response.ok && (!retryable || attempt >= maxAttempts))
        throw new AdminApiError(`POST graphql.json answered ${response.status}: ${(await response.text()).slice(0, 200)}`, response.status);
      if (!response.ok) {
        const retryAfter = Number(response.headers.get('retry-after'));
        await pause(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 10) * 1000 : 250 * 2 ** attempt);
        continue;
      }
      const answer = parseJsonPreservingBigInts(await response.text()) as GraphqlAnswer<T>;
      const cost = answer.extensions?.cost;
      if (cost?.throttleStatus) {
        status = cost.throttleStatus;
        readAt = now();
      }
      if (typeof cost?.actualQueryCost === 'number') stats.actualCost += cost.actualQueryCost;
      const errors = typeof answer.errors === 'string' ? [{ message: answer.errors }] : (answer.errors ?? []);
      if (errors.some((e) => e.extensions?.code === 'THROTTLED' || e.message === 'Throttled')) {
        stats.throttled++;
        if (attempt >= maxAttempts) throw new AdminApiError('the Admin API kept answering THROTTLED', 429);
        const needed = cost?.requestedQueryCost ?? estimatedCost;
        await pause(status ? Math.max(waitFor(needed, status, readAt, now()), 100) : 1000 * attempt);
        continue;
      }
      if (errors.length) throw new AdminApiError(`GraphQL: ${errors.map((e) => e.message ?? '?').join('; ')}`, response.status);
      if (answer.data === undefined) throw new AdminApiError('GraphQL: an answer without data', response.status);
      return answer.data;
    }
  }

  return { request, stats, url };
}

export type GraphqlClient = ReturnType<typeof createGraphqlClient>;
