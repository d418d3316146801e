// Dashboard read cost: our handlers (pre-aggregated items, one Query each) against the spec's
// approach (SPEC section 7: one full-table Scan of the orders table per athlete, keeping orders
// whose product titles contain the athlete's name, case-insensitive), on the same orders.
// Every DynamoDB call is sent with ReturnConsumedCapacity TOTAL and its capacity summed.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Athlete, Catalog } from '#shared/catalog/catalog-types';
import { invalidateCatalogCache } from '#lambdas/catalog/catalog-repo';
import { ddb } from '#lambdas/platform/dynamodb';
import { handler as athletesHandler } from '#lambdas/sales/athletes.handler';
import { handler as collectivesHandler } from '#lambdas/sales/collectives.handler';
import type { Event, Result } from '#lambdas/platform/http';
import type { Context } from 'aws-lambda';
import { median, percentile } from './util';

interface Capacity {
  CapacityUnits?: number;
}

let meter: { units: number; calls: number } | null = null;
let installed = false;

/** Adds ReturnConsumedCapacity TOTAL to every call of the shared client and sums what comes back. */
export function installCapacityMeter(): void {
  if (installed) return;
  installed = true;
  ddb().middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as Record<string, unknown>;
      if (meter) input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (meter) {
        const consumed = (result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
        for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) meter.units += c.CapacityUnits ?? 0;
        meter.calls++;
      }
      return result;
    },
    { step: 'initialize', name: 'benchCapacityMeter' },
  );
}

export interface Sample {
  ms: number;
  units: number;
  calls: number;
}

export async function measure(fn: () => Promise<unknown>): Promise<Sample> {
  meter = { units: 0, calls: 0 };
  const started = performance.now();
  await fn();
  const ms = performance.now() - started;
  const sample = { ms, units: meter.units, calls: meter.calls };
  meter = null;
  return sample;
}

function apiEvent(routeKey: string, id: number): Event {
  const [method, path] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    pathParameters: { id: String(id) },
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'bench',
      domainPrefix: 'bench',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: 'bench',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
      // The collective's own signed-in account, as the HTTP API's JWT authorizer passes it.
      authorizer: { jwt: { claims: { sub: 'bench-collective', 'cognito:groups': '[collective]', 'custom:collectiveId': String(id) }, scopes: [] } },
    },
    isBase64Encoded: false,
  } as Event;
}

async function call(handler: unknown, routeKey: string, id: number): Promise<unknown> {
  const result = (await (handler as (e: Event, c: Context) => Promise<Result>)(apiEvent(routeKey, id), {} as Context)) as Result;
  if (result.statusCode !== 200) throw new Error(`${routeKey} ${id}: ${result.statusCode} ${result.body}`);
  return JSON.parse(result.body ?? 'null');
}

/** Our collective dashboard request (cold catalog cache: its Query is counted too). */
export function oursCollective(collectiveId: number): Promise<unknown> {
  invalidateCatalogCache();
  return call(collectivesHandler, 'GET /api/collectives/{id}/stats', collectiveId);
}

export function oursAthlete(athleteId: number): Promise<unknown> {
  invalidateCatalogCache();
  return call(athletesHandler, 'GET /api/athletes/{id}/stats', athleteId);
}

/** One page's API request as the deployed function answers it (handler, route, who is signed in). */
export interface PageRequest {
  page: string;
  handler: unknown;
  routeKey: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  claims?: Record<string, string>;
}

export async function callPage(p: PageRequest): Promise<unknown> {
  invalidateCatalogCache();
  const event = apiEvent(p.routeKey, 0);
  event.pathParameters = p.pathParameters ?? {};
  event.queryStringParameters = p.query;
  event.rawQueryString = new URLSearchParams(p.query ?? {}).toString();
  const ctx = event.requestContext as unknown as { authorizer?: unknown };
  if (p.claims) ctx.authorizer = { jwt: { claims: p.claims, scopes: [] } };
  else delete ctx.authorizer;
  const result = (await (p.handler as (e: Event, c: Context) => Promise<Result>)(event, {} as Context)) as Result;
  if (result.statusCode !== 200) throw new Error(`${p.routeKey}: ${result.statusCode} ${result.body}`);
  return result.body;
}

/**
 * The requests of the card, collection and money pages (issues #10 and #11): an athlete's profile
 * and card page (cards with sale state), the buyer's collection, the athlete's card approvals, the
 * collective's payouts, the athlete's payouts and a month's statement (a page of at most 200 entries).
 */
export async function pageRequests(athleteId: number, collectiveId: number, buyerEmail: string, now = new Date()): Promise<PageRequest[]> {
  const [catalog, me, cards, payouts] = await Promise.all([
    import('#lambdas/catalog/catalog.handler'),
    import('#lambdas/sales/me.handler'),
    import('#lambdas/cards/cards.handler'),
    import('#lambdas/money/payouts.handler'),
  ]);
  const athlete = { sub: 'bench-athlete', 'cognito:groups': '[athlete]', 'custom:athleteId': String(athleteId) };
  const collective = { sub: 'bench-collective', 'cognito:groups': '[collective]', 'custom:collectiveId': String(collectiveId) };
  const month = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
  const id = { id: String(athleteId) };
  return [
    { page: 'athlete profile / card page', handler: catalog.handler, routeKey: 'GET /api/athletes/{id}', pathParameters: id },
    {
      page: 'my collection (top buyer)',
      handler: me.handler,
      routeKey: 'GET /api/me/collection',
      claims: { sub: 'bench-buyer', email: buyerEmail, email_verified: 'true', 'cognito:groups': '[buyer]' },
    },
    { page: 'athlete card approvals', handler: cards.handler, routeKey: 'GET /api/athletes/{id}/cards', pathParameters: id, claims: athlete },
    {
      page: 'collective payouts',
      handler: payouts.handler,
      routeKey: 'GET /api/collectives/{id}/payouts',
      pathParameters: { id: String(collectiveId) },
      claims: collective,
    },
    { page: 'athlete payouts', handler: payouts.handler, routeKey: 'GET /api/athletes/{id}/payouts', pathParameters: id, claims: athlete },
    {
      page: 'athlete statement (this month)',
      handler: payouts.handler,
      routeKey: 'GET /api/athletes/{id}/statement',
      pathParameters: id,
      query: { from: month(0), to: month(1) },
      claims: athlete,
    },
  ];
}

/** The spec's "orders by athlete name": the whole orders table scanned, filtered in the caller. */
export async function baselineAthlete(table: string, athlete: Athlete): Promise<{ totalSales: number; totalRevenue: number; orders: number }> {
  const name = athlete.name.trim().toLowerCase();
  const stats = { totalSales: 0, totalRevenue: 0, orders: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey }));
    for (const order of page.Items ?? []) {
      const products = (order.products as Array<{ title: string; quantity?: number; price: number }>).filter((p) => p.title.toLowerCase().includes(name));
      if (products.length === 0) continue;
      stats.orders++;
      for (const p of products) {
        stats.totalSales += p.quantity ?? 1;
        stats.totalRevenue += (p.quantity ?? 1) * p.price;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return stats;
}

/** The spec's collective panel: one such call per member athlete (in parallel, as a page would). */
export function baselineCollective(table: string, catalog: Catalog, collectiveId: number): Promise<unknown> {
  const collective = catalog.collectives.find((c) => c.id === collectiveId)!;
  const members = catalog.athletes.filter((a) => collective.members.includes(a.id));
  return Promise.all(members.map((a) => baselineAthlete(table, a)));
}

export interface Summary {
  rcu: number;
  calls: number;
  p50: number;
  p95: number;
  runs: number;
}

export async function repeat(times: number, fn: () => Promise<unknown>): Promise<Summary> {
  await fn(); // warm-up (JIT, connections), not counted
  const samples: Sample[] = [];
  for (let i = 0; i < times; i++) samples.push(await measure(fn));
  const ms = samples.map((s) => s.ms);
  return {
    rcu: median(samples.map((s) => s.units)),
    calls: median(samples.map((s) => s.calls)),
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    runs: times,
  };
}
