// A drop-sized reconciliation window through Shopify's bulk operations: one
// `bulkOperationRunQuery` lists every order updated in the window (its id and updatedAt only),
// Shopify runs it in the background, the client polls the operation (cost-aware, with growing
// pauses) and streams the JSONL result line by line, so memory stays flat whatever the window
// holds. The result URL is a signed link to Shopify's storage: the access token is never sent there.
import { AdminApiError } from './admin-graphql';
import type { GraphqlClient } from './admin-graphql';

export interface ListedOrder {
  orderId: string;
  updatedAt: string;
}

export interface BulkOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Give up polling after this long (the operation keeps running at Shopify; a rerun starts anew). */
  timeoutMs?: number;
  now?: () => number;
}

type BulkStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'CANCELING' | 'CANCELED' | 'FAILED' | 'EXPIRED';
interface BulkOperation {
  id: string;
  status: BulkStatus;
  errorCode?: string | null;
  objectCount?: string | number;
  url?: string | null;
  partialDataUrl?: string | null;
}

const RUN = `mutation RunOrders($query: String!) {
  bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { field message } }
}`;
const POLL = `query PollBulk($id: ID!) {
  node(id: $id) { ... on BulkOperation { id status errorCode objectCount url partialDataUrl } }
}`;
const COUNT = `query CountOrders($query: String!) { ordersCount(query: $query, limit: null) { count precision } }`;

/** Shopify's search syntax for "updated at or after `since`". */
export const updatedSince = (since: string) => `updated_at:>='${since}'`;

/** The bulk query: orders updated since `since`, oldest update first, id and updatedAt only. */
export const bulkOrdersQuery = (since: string) =>
  `{ orders(query: ${JSON.stringify(updatedSince(since))}, sortKey: UPDATED_AT) { edges { node { id updatedAt } } } }`;

/** How many orders were updated since `since` (one cheap call, to choose REST pages or a bulk run). */
export async function countOrdersSince(client: GraphqlClient, since: string): Promise<number> {
  const data = await client.request<{ ordersCount: { count: number } | null }>(COUNT, { query: updatedSince(since) }, 1);
  const count = Number(data.ordersCount?.count);
  if (!Number.isSafeInteger(count) || count < 0) throw new AdminApiError('ordersCount: no count in the answer', 200);
  return count;
}

/** The numeric id of a `gid://shopify/Order/123` (as the REST API and the webhooks write it). */
export function orderIdOfGid(gid: unknown): string | null {
  const match = typeof gid === 'string' ? /^gid:\/\/shopify\/Order\/(\d+)$/.exec(gid) : null;
  return match ? match[1] : null;
}

/** Starts the bulk query and waits until Shopify completes it: the URL of its JSONL result (null:
 * no order in the window). */
export async function runBulkOrders(client: GraphqlClient, since: string, options: BulkOptions = {}): Promise<{ url: string | null; objectCount: number }> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const started = await client.request<{
    bulkOperationRunQuery: { bulkOperation: BulkOperation | null; userErrors: Array<{ message: string }> };
  }>(RUN, { query: bulkOrdersQuery(since) }, 10);
  const run = started.bulkOperationRunQuery;
  if (!run.bulkOperation) throw new AdminApiError(`bulkOperationRunQuery: ${run.userErrors.map((e) => e.message).join('; ') || 'no operation'}`, 200);
  const deadline = now() + (options.timeoutMs ?? 5 * 60_000);
  let operation = run.bulkOperation;
  for (let poll = 0; ; poll++) {
    if (operation.status === 'COMPLETED') return { url: operation.url ?? null, objectCount: Number(operation.objectCount ?? 0) };
    if (operation.status === 'FAILED' || operation.status === 'CANCELED' || operation.status === 'CANCELING' || operation.status === 'EXPIRED')
      throw new AdminApiError(`the bulk operation ${operation.id} ended ${operation.status}${operation.errorCode ? ` (${operation.errorCode})` : ''}`, 200);
    if (now() > deadline) throw new AdminApiError(`the bulk operation ${operation.id} did not complete in time (${operation.status})`, 504);
    // 1 s, 2 s, 4 s ... at most 10 s between polls.
    await sleep(Math.min(1000 * 2 ** poll, 10_000));
    const polled = await client.request<{ node: BulkOperation | null }>(POLL, { id: operation.id }, 1);
    if (!polled.node) throw new AdminApiError(`the bulk operation ${operation.id} is gone`, 404);
    operation = polled.node;
  }
}

/** The JSONL result, read as a stream: one ListedOrder per order line, in the file's order. Lines
 * that are not orders (nested connections, which this query does not ask for) are skipped. */
export async function* listedOrders(url: string, options: BulkOptions = {}): AsyncGenerator<ListedOrder> {
  const response = await (options.fetch ?? fetch)(url, { headers: { accept: 'application/jsonl' } });
  if (!response.ok || !response.body) throw new AdminApiError(`GET of the bulk result answered ${response.status}`, response.status);
  const decoder = new TextDecoder();
  let rest = '';
  const parse = (line: string): ListedOrder | null => {
    if (!line.trim()) return null;
    const row = JSON.parse(line) as { id?: unknown; updatedAt?: unknown; __parentId?: unknown };
    const orderId = orderIdOfGid(row.id);
    if (row.__parentId !== undefined || !orderId) return null;
    if (typeof row.updatedAt !== 'string' || Number.isNaN(Date.parse(row.updatedAt)))
      throw new AdminApiError(`bulk result: order ${orderId} has no updatedAt`, 200);
    return { orderId, updatedAt: row.updatedAt };
  };
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const listed = parse(line);
      if (listed) yield listed;
    }
  }
  const last = parse(rest + decoder.decode());
  if (last) yield last;
}
