// A fake Shopify Admin API on 127.0.0.1: GET /admin/api/{version}/orders.json serves the given
// order JSON texts (64-bit ids as bare numbers, as Shopify writes them), `pageSize` per page, with
// Link: <...>; rel="next" pagination, or the orders named by `ids=`; POST
// /admin/api/{version}/graphql.json answers the `locations` query, the `productSet` mutation
// (products upserted by handle or found by id, as Shopify does, with its validation of the fields
// we send; the quantities it is given set the stock, as Shopify's do), `productByIdentifier`,
// `productUpdate` (a product's status; an unknown id is a userError), `currentAppInstallation {
// accessScopes }` (the token's `scopes`; a field the token has no scope for is answered
// ACCESS_DENIED, an orders.json read without read_orders 403, as Shopify does), `ordersCount`, and
// a bulk query of the orders (`bulkOperationRunQuery`, then `node(id:)` polls:
// RUNNING once, then COMPLETED with the URL of a JSONL result served at /bulk/{n}.jsonl, as a
// signed storage link would be, without the token). GraphQL calls are metered as Shopify does: a
// leaky bucket of query cost (`bucket`), reported in `extensions.cost`, a call costing more than
// the bucket holds answered THROTTLED. It records every request it answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJsonPreservingBigInts } from '#shared/orders/shopify';

/** The cost each GraphQL operation is metered at here. */
export const GRAPHQL_COSTS = {
  currentAppInstallation: 1,
  locations: 2,
  productByIdentifier: 1,
  productSet: 10,
  productUpdate: 10,
  ordersCount: 1,
  bulkOperationRunQuery: 10,
  node: 1,
} as const;

/** The scopes each operation needs here (any one of each list), as Shopify's scope data says. */
const NEEDS: Record<keyof typeof GRAPHQL_COSTS, string[]> = {
  currentAppInstallation: [],
  locations: ['read_locations', 'read_inventory', 'read_markets_home'],
  productByIdentifier: ['read_products'],
  productSet: ['write_products'],
  productUpdate: ['write_products'],
  ordersCount: ['read_orders'],
  bulkOperationRunQuery: ['read_orders'],
  node: [],
};

/** Every scope Drift's features need (docs/RUNBOOK.md, "Shopify app scopes"). */
export const ALL_SCOPES = ['read_orders', 'write_products', 'read_locations'];

export interface FakeProduct {
  id: string;
  /** The last productSet input. */
  input: Record<string, unknown>;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  /** The variant's available quantity at the location (null: not tracked); a test sells by lowering it. */
  available: number | null;
}

export interface FakeAdminApi {
  baseUrl: string;
  requests: Array<{ path: string; query: URLSearchParams; token: string | undefined; status: number }>;
  /** Orders served (JSON texts); replace to change what the store holds. */
  orders: string[];
  /** Answer the next N requests with 429 (Retry-After: 1). */
  throttleNext: number;
  /** Products created through productSet, by handle. */
  products: Map<string, FakeProduct>;
  /** The token's access scopes (default ALL_SCOPES); a write scope includes its read scope. */
  scopes: string[];
  /** The bulk query's rows; null: the id and updated_at of `orders`. */
  bulkRows: Array<{ id: string; updatedAt: string }> | null;
  /** The GraphQL cost bucket (Shopify's standard plan: 2,000 points, 100 restored per second). */
  bucket: { maximum: number; restoreRate: number };
  /** GraphQL answers: 'ok' or 'throttled', in order. */
  graphql: Array<{ operation: string; outcome: 'ok' | 'throttled'; available: number }>;
  close(): Promise<void>;
}

/** An order JSON text with a `refunds` array added (the Admin API nests refunds in the order). */
export const withRefunds = (order: string, refunds: string[]): string => `${order.slice(0, -1)},"refunds":[${refunds.join(',')}]}`;

const holds = (scopes: string[], scope: string) => scopes.includes(scope) || (scope.startsWith('read_') && scopes.includes(`write_${scope.slice(5)}`));

const orderFields = (text: string) => {
  const order = parseJsonPreservingBigInts(text) as { id: unknown; updated_at?: string; created_at?: string };
  return { id: String(order.id), updatedAt: new Date(order.updated_at ?? order.created_at ?? 0).toISOString() };
};

export async function startFakeAdminApi(options: { token: string; pageSize?: number; version?: string; now?: () => number }): Promise<FakeAdminApi> {
  const pageSize = options.pageSize ?? 2;
  const path = `/admin/api/${options.version ?? '2026-10'}/orders.json`;
  const now = options.now ?? Date.now;
  const api: FakeAdminApi = {
    baseUrl: '',
    requests: [],
    orders: [],
    throttleNext: 0,
    products: new Map(),
    scopes: [...ALL_SCOPES],
    bulkRows: null,
    bucket: { maximum: 2000, restoreRate: 100 },
    graphql: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  // The bucket's level, restored with time since the last call.
  let level = { available: api.bucket.maximum, at: now() };
  const spend = (cost: number) => {
    const t = now();
    const available = Math.min(api.bucket.maximum, level.available + ((t - level.at) / 1000) * api.bucket.restoreRate);
    const ok = cost <= available;
    level = { available: ok ? available - cost : available, at: t };
    const throttleStatus = { maximumAvailable: api.bucket.maximum, currentlyAvailable: Math.floor(level.available), restoreRate: api.bucket.restoreRate };
    return { ok, cost: { requestedQueryCost: cost, actualQueryCost: ok ? cost : null, throttleStatus } };
  };
  const bulkResults: string[] = [];
  const bulkPolls = new Map<string, number>();
  const bulkJsonl = () =>
    (api.bulkRows ?? api.orders.map(orderFields)).map((row) => JSON.stringify({ id: `gid://shopify/Order/${row.id}`, updatedAt: row.updatedAt })).join('\n');
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', api.baseUrl);
    const token = req.headers['x-shopify-access-token'] as string | undefined;
    const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
      api.requests.push({ path: url.pathname, query: url.searchParams, token, status });
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    };
    if (url.pathname === path.replace('orders.json', 'graphql.json') && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        if (token !== options.token) return answer(401, '{"errors":"[API] Invalid API key or access token"}');
        if (api.throttleNext > 0) {
          api.throttleNext--;
          return answer(200, JSON.stringify({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] }));
        }
        const { query, variables } = JSON.parse(raw) as { query: string; variables: Record<string, unknown> };
        const operation = (Object.keys(GRAPHQL_COSTS) as Array<keyof typeof GRAPHQL_COSTS>).find((name) => new RegExp(`\\b${name}\\s*[({]`).test(query));
        if (!operation) return answer(200, JSON.stringify({ errors: [{ message: 'unknown operation' }] }));
        if (NEEDS[operation].length && !NEEDS[operation].some((scope) => holds(api.scopes, scope))) {
          const requiredAccess = NEEDS[operation].map((scope) => `\`${scope}\` access scope`).join(' or ');
          return answer(
            200,
            JSON.stringify({
              errors: [
                {
                  message: `Access denied for ${operation} field. Required access: ${requiredAccess}.`,
                  extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess },
                  path: [operation],
                },
              ],
              data: { [operation]: null },
            }),
          );
        }
        const metered = spend(GRAPHQL_COSTS[operation]);
        api.graphql.push({ operation, outcome: metered.ok ? 'ok' : 'throttled', available: metered.cost.throttleStatus.currentlyAvailable });
        if (!metered.ok)
          return answer(200, JSON.stringify({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: metered.cost } }));
        const data = (d: unknown) => answer(200, JSON.stringify({ data: d, extensions: { cost: metered.cost } }));
        if (operation === 'currentAppInstallation') return data({ currentAppInstallation: { accessScopes: api.scopes.map((handle) => ({ handle })) } });
        if (operation === 'locations') return data({ locations: { nodes: [{ id: 'gid://shopify/Location/9001' }] } });
        const byId = (gid: unknown) => [...api.products.entries()].find(([, p]) => `gid://shopify/Product/${p.id}` === gid);
        if (operation === 'productByIdentifier') {
          const handle = (variables.identifier as { handle?: string }).handle;
          const product = handle === undefined ? undefined : api.products.get(handle);
          return data({ productByIdentifier: product ? { id: `gid://shopify/Product/${product.id}` } : null });
        }
        if (operation === 'productUpdate') {
          const { id, status } = variables.product as { id: string; status?: FakeProduct['status'] };
          const found = byId(id);
          if (!found) return data({ productUpdate: { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] } });
          if (status) found[1].status = status;
          return data({ productUpdate: { product: { id, status: found[1].status }, userErrors: [] } });
        }
        if (operation === 'ordersCount') {
          const since = /updated_at:>='([^']+)'/.exec(String(variables.query))?.[1];
          const rows = api.bulkRows ?? api.orders.map(orderFields);
          return data({ ordersCount: { count: rows.filter((r) => !since || r.updatedAt >= since).length, precision: 'EXACT' } });
        }
        if (operation === 'bulkOperationRunQuery') {
          if (!String(variables.query).includes('orders('))
            return data({ bulkOperationRunQuery: { bulkOperation: null, userErrors: [{ field: ['query'], message: 'Invalid bulk query' }] } });
          bulkResults.push(bulkJsonl());
          const id = `gid://shopify/BulkOperation/${bulkResults.length}`;
          bulkPolls.set(id, 0);
          return data({ bulkOperationRunQuery: { bulkOperation: { id, status: 'CREATED' }, userErrors: [] } });
        }
        if (operation === 'node') {
          const id = String(variables.id);
          const polls = bulkPolls.get(id);
          if (polls === undefined) return data({ node: null });
          bulkPolls.set(id, polls + 1);
          const n = Number(id.split('/').pop());
          const objectCount = String(bulkResults[n - 1].split('\n').filter(Boolean).length);
          return data({
            node:
              polls === 0 ? { id, status: 'RUNNING', objectCount, url: null } : { id, status: 'COMPLETED', objectCount, url: `${api.baseUrl}/bulk/${n}.jsonl` },
          });
        }
        const input = variables.input as Record<string, unknown>;
        const variant = (input.variants as Array<Record<string, unknown>>)[0];
        const userErrors: Array<{ field: string[]; message: string }> = [];
        if (typeof input.title !== 'string' || !input.title) userErrors.push({ field: ['input', 'title'], message: "Title can't be blank" });
        if (!/^\d+\.\d{2}$/.test(String(variant?.price))) userErrors.push({ field: ['input', 'variants', '0', 'price'], message: 'Price is invalid' });
        const inventory = variant?.inventoryQuantities as Array<{ locationId: string; quantity: number }> | undefined;
        if (inventory && inventory.some((q) => q.locationId !== 'gid://shopify/Location/9001'))
          userErrors.push({ field: ['input', 'variants', '0', 'inventoryQuantities'], message: 'Location not found' });
        if (userErrors.length) return data({ productSet: { product: null, userErrors } });
        const identifier = variables.identifier as { handle?: string; id?: string } | undefined;
        const found = identifier?.id === undefined ? undefined : byId(identifier.id);
        if (identifier?.id !== undefined && !found)
          return data({ productSet: { product: null, userErrors: [{ field: ['identifier', 'id'], message: 'Product does not exist' }] } });
        const handle = found?.[0] ?? String(identifier?.handle ?? input.handle);
        const existing = api.products.get(handle);
        const id = existing?.id ?? String(8_800_000_000_000 + api.products.size + 1);
        const tracked = (variant?.inventoryItem as { tracked?: boolean } | undefined)?.tracked;
        // As Shopify: the quantities given are set, on a new product or an existing one.
        const available = inventory?.length ? inventory[0].quantity : tracked === false ? null : (existing?.available ?? 0);
        api.products.set(handle, { id, input, status: (input.status as FakeProduct['status']) ?? existing?.status ?? 'ACTIVE', available });
        return data({
          productSet: {
            product: { id: `gid://shopify/Product/${id}`, handle, variants: { nodes: [{ id: `gid://shopify/ProductVariant/${id}1` }] } },
            userErrors: [],
          },
        });
      });
      return;
    }
    const bulk = /^\/bulk\/(\d+)\.jsonl$/.exec(url.pathname);
    if (bulk && req.method === 'GET') {
      const text = bulkResults[Number(bulk[1]) - 1];
      if (text === undefined) return answer(404, 'NoSuchKey');
      api.requests.push({ path: url.pathname, query: url.searchParams, token, status: 200 });
      res.writeHead(200, { 'content-type': 'application/jsonl' });
      // Written in pieces, as a large object arrives: lines split across chunks.
      for (let i = 0; i < text.length; i += 64 * 1024) res.write(text.slice(i, i + 64 * 1024));
      return res.end();
    }
    if (url.pathname !== path || req.method !== 'GET') return answer(404, '{"errors":"Not Found"}');
    if (token !== options.token) return answer(401, '{"errors":"[API] Invalid API key or access token"}');
    if (!holds(api.scopes, 'read_orders')) return answer(403, '{"errors":"[API] This action requires merchant approval for read_orders scope."}');
    if (api.throttleNext > 0) {
      api.throttleNext--;
      return answer(429, '{"errors":"Exceeded 2 calls per second for api client."}', { 'retry-after': '1' });
    }
    const ids = url.searchParams.get('ids');
    if (ids !== null) {
      const wanted = new Set(ids.split(','));
      if (wanted.size > 250 || url.searchParams.get('status') !== 'any') return answer(400, '{"errors":"expected status=any and at most 250 ids"}');
      return answer(200, `{"orders":[${api.orders.filter((o) => wanted.has(orderFields(o).id)).join(',')}]}`);
    }
    const page = Number(url.searchParams.get('page_info') ?? 0);
    if (page === 0 && (url.searchParams.get('status') !== 'any' || !url.searchParams.get('updated_at_min')))
      return answer(400, '{"errors":"expected status=any and updated_at_min"}');
    const slice = api.orders.slice(page * pageSize, (page + 1) * pageSize);
    const more = (page + 1) * pageSize < api.orders.length;
    const link: Record<string, string> = more ? { link: `<${api.baseUrl}${path}?limit=250&page_info=${page + 1}>; rel="next"` } : {};
    return answer(200, `{"orders":[${slice.join(',')}]}`, link);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}
