// A fake Shopify Admin API on 127.0.0.1: GET /admin/api/{version}/orders.json serves the given
// order JSON texts (64-bit ids as bare numbers, as Shopify writes them), `pageSize` per page, with
// Link: <...>; rel="next" pagination; POST /admin/api/{version}/graphql.json answers the
// `locations` query and the `productSet` mutation (products upserted by handle, as Shopify does,
// with its validation of the fields we send); it records every request it answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAdminApi {
  baseUrl: string;
  requests: Array<{ path: string; query: URLSearchParams; token: string | undefined; status: number }>;
  /** Orders served (JSON texts); replace to change what the store holds. */
  orders: string[];
  /** Answer the next N requests with 429 (Retry-After: 1). */
  throttleNext: number;
  /** Products created through productSet, by handle. */
  products: Map<string, { id: string; input: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** An order JSON text with a `refunds` array added (the Admin API nests refunds in the order). */
export const withRefunds = (order: string, refunds: string[]): string => `${order.slice(0, -1)},"refunds":[${refunds.join(',')}]}`;

export async function startFakeAdminApi(options: { token: string; pageSize?: number; version?: string }): Promise<FakeAdminApi> {
  const pageSize = options.pageSize ?? 2;
  const path = `/admin/api/${options.version ?? '2026-10'}/orders.json`;
  const api: FakeAdminApi = {
    baseUrl: '',
    requests: [],
    orders: [],
    throttleNext: 0,
    products: new Map(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
        if (query.includes('locations(')) return answer(200, JSON.stringify({ data: { locations: { nodes: [{ id: 'gid://shopify/Location/9001' }] } } }));
        if (!query.includes('productSet(')) return answer(200, JSON.stringify({ errors: [{ message: 'unknown operation' }] }));
        const input = variables.input as Record<string, unknown>;
        const variant = (input.variants as Array<Record<string, unknown>>)[0];
        const userErrors: Array<{ field: string[]; message: string }> = [];
        if (typeof input.title !== 'string' || !input.title) userErrors.push({ field: ['input', 'title'], message: "Title can't be blank" });
        if (!/^\d+\.\d{2}$/.test(String(variant?.price))) userErrors.push({ field: ['input', 'variants', '0', 'price'], message: 'Price is invalid' });
        const inventory = variant?.inventoryQuantities as Array<{ locationId: string; quantity: number }> | undefined;
        if (inventory && inventory.some((q) => q.locationId !== 'gid://shopify/Location/9001'))
          userErrors.push({ field: ['input', 'variants', '0', 'inventoryQuantities'], message: 'Location not found' });
        if (userErrors.length) return answer(200, JSON.stringify({ data: { productSet: { product: null, userErrors } } }));
        const handle = String((variables.identifier as { handle?: string } | undefined)?.handle ?? input.handle);
        const existing = api.products.get(handle);
        const id = existing?.id ?? String(8_800_000_000_000 + api.products.size + 1);
        api.products.set(handle, { id, input });
        return answer(
          200,
          JSON.stringify({
            data: {
              productSet: {
                product: { id: `gid://shopify/Product/${id}`, handle, variants: { nodes: [{ id: `gid://shopify/ProductVariant/${id}1` }] } },
                userErrors: [],
              },
            },
          }),
        );
      });
      return;
    }
    if (url.pathname !== path || req.method !== 'GET') return answer(404, '{"errors":"Not Found"}');
    if (token !== options.token) return answer(401, '{"errors":"[API] Invalid API key or access token"}');
    if (api.throttleNext > 0) {
      api.throttleNext--;
      return answer(429, '{"errors":"Exceeded 2 calls per second for api client."}', { 'retry-after': '1' });
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
