// The child side of the catalog-scale benchmark (catalog-scale.ts): bundled with one function's
// handler by the stack's own esbuild definition and run in a fresh `node`, it serves that
// function's page views against the benchmark's table (DYNAMODB_ENDPOINT, TABLE_NAME) and prints,
// per page view, the bytes answered, the read capacity consumed (every DynamoDB call sent with
// ReturnConsumedCapacity TOTAL), the calls made and the latencies; then the process's memory. The
// render function's page views are its own requests (a path and a query string: the HTML of a
// data page); its cold start is the bundle's load plus the first page.
import type { Context } from 'aws-lambda';
import { ddb } from '#lambdas/platform/dynamodb';
import type { Event, Result } from '#lambdas/platform/http';

export interface ProbeRequest {
  /** An API route ('GET /api/search'), or '$default' with `rawPath` for the render function. */
  routeKey: string;
  rawPath?: string;
  rawQueryString?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  claims?: Record<string, string>;
}

export interface ProbePage {
  name: string;
  /** Requests of one page view, sent together as the page does. */
  requests: ProbeRequest[];
}

export interface ProbeSpec {
  pages: ProbePage[];
  runs: number;
}

export interface PageFigures {
  name: string;
  /** The first view in a fresh process (cold caches: the search function loads its index then). */
  cold: { ms: number; rcu: number; calls: number };
  bytes: number;
  rcu: number;
  calls: number;
  p50: number;
  p95: number;
}

export interface ProbeResult {
  /** Milliseconds the bundle took to load (require(): the module's evaluation). */
  loadMs: number;
  pages: PageFigures[];
  memory: { rssMiB: number; heapUsedMiB: number; heapTotalMiB: number; externalMiB: number };
}

type Handler = (event: Event, context: Context) => Promise<Result>;

let meter: { units: number; calls: number } | null = null;

function installMeter(): void {
  ddb().middlewareStack.add(
    (next) => async (args) => {
      if (meter) (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (meter) {
        const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> }).ConsumedCapacity;
        for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) meter.units += c.CapacityUnits ?? 0;
        meter.calls++;
      }
      return result;
    },
    { step: 'initialize', name: 'catalogBenchMeter' },
  );
}

function event(r: ProbeRequest): Event {
  const [method, path] = r.rawPath ? ['GET', r.rawPath] : r.routeKey.split(' ');
  return {
    version: '2.0',
    routeKey: r.routeKey,
    rawPath: path,
    rawQueryString: r.rawQueryString ?? new URLSearchParams(r.query ?? {}).toString(),
    headers: {},
    queryStringParameters: r.query,
    pathParameters: r.pathParameters,
    requestContext: {
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      routeKey: r.routeKey,
      ...(r.claims ? { authorizer: { jwt: { claims: r.claims, scopes: [] } } } : {}),
    },
    isBase64Encoded: false,
  } as unknown as Event;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

async function view(handler: Handler, page: ProbePage): Promise<{ ms: number; rcu: number; calls: number; bytes: number }> {
  meter = { units: 0, calls: 0 };
  const started = performance.now();
  const results = await Promise.all(page.requests.map((r) => handler(event(r), {} as Context)));
  const ms = performance.now() - started;
  const sample = { ms, rcu: meter.units, calls: meter.calls, bytes: results.reduce((n, r) => n + Buffer.byteLength(r.body ?? ''), 0) };
  meter = null;
  const failed = results.find((r) => (r.statusCode ?? 200) >= 300);
  if (failed) throw new Error(`${page.name}: ${failed.statusCode} ${failed.body}`);
  return sample;
}

export async function runProbe(handler: Handler, spec: ProbeSpec, loadMs = 0): Promise<ProbeResult> {
  installMeter();
  const pages: PageFigures[] = [];
  for (const page of spec.pages) {
    const cold = await view(handler, page);
    const samples: Array<Awaited<ReturnType<typeof view>>> = [];
    for (let i = 0; i < spec.runs; i++) samples.push(await view(handler, page));
    /** The p-th percentile of one figure over the runs. */
    const at = (figure: 'bytes' | 'rcu' | 'calls' | 'ms', p: number) =>
      percentile(
        samples.map((s) => s[figure]),
        p,
      );
    pages.push({
      name: page.name,
      cold: { ms: cold.ms, rcu: cold.rcu, calls: cold.calls },
      bytes: at('bytes', 50),
      rcu: at('rcu', 50),
      calls: at('calls', 50),
      p50: at('ms', 50),
      p95: at('ms', 95),
    });
  }
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return {
    loadMs,
    pages,
    memory: { rssMiB: m.rss / 2 ** 20, heapUsedMiB: m.heapUsed / 2 ** 20, heapTotalMiB: m.heapTotal / 2 ** 20, externalMiB: m.external / 2 ** 20 },
  };
}

/** The bundled entry calls this: the spec comes in CATALOG_PROBE (JSON), the result goes to stdout. */
export function main(handler: Handler, loadMs = 0): void {
  runProbe(handler, JSON.parse(process.env.CATALOG_PROBE ?? '{}') as ProbeSpec, loadMs)
    .then((result) => process.stdout.write(JSON.stringify(result)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
