// `npx tsx scripts/bench/catalog-scale.ts [--sizes 1000,50000,204000] [--runs 30] [--orders 2000] [--no-write]`:
// the catalog at scale (issues #12 and #27). For each catalog size, a table in its own in-memory
// DynamoDB Local holds the catalog (the sample one at 15, scripts/lib/national-catalog.ts beyond:
// Division I density, ~564 athletes a school) and the same number of orders for the benchmarked
// collective (collective 1: one school's athletes), loaded as ingestion stores them
// (scripts/bench/load.ts). Then each page's API calls are served by the function that serves them,
// bundled by the stack's esbuild definition and run in a fresh node process (catalog-probe.ts):
// bytes answered, RCU (ReturnConsumedCapacity TOTAL), DynamoDB calls and p50/p95 latency per page
// view, each function's cold start (its bundle's load plus its first view) and the process's
// memory. The render function renders the data pages (lambda-render.ts ships it with the web
// build). Each size's table is dropped once measured. Writes its section of docs/BENCHMARKS.md
// (between the catalog-scale markers) unless --no-write; the line for 554,298 athletes (every
// NCAA athlete) is drawn from the two largest sizes' slope.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Catalog } from '#shared/catalog/catalog-types';
import { parseCli, usageError } from '../lib/cli';
import { startDynamoLocal } from '../local/dynamodb-local';
import { dropTable, ensureTable } from '../local/table';
import { bundleProbe, runProbe, type Fn } from './catalog-bundle';
import type { PageFigures, ProbePage, ProbeResult } from './catalog-probe';
import { replaceCatalogScaleSection } from './doc-sections';
import { fmt, markdownTable } from './util';

const ROOT = path.resolve(__dirname, '../..');
const USAGE = 'usage: npx tsx scripts/bench/catalog-scale.ts [--sizes 1000,50000,204000] [--runs 30] [--orders 2000] [--no-write]';
/** Every NCAA athlete, all divisions (the size the search is built for). */
export const NCAA_ATHLETES = 554_298;

const FUNCTIONS: Fn[] = ['catalog', 'search', 'collectives', 'render'];

interface Row {
  size: number;
  fn: Fn;
  page: PageFigures;
  memory: ProbeResult['memory'];
  loadMs: number;
}

interface SizeReport {
  size: number;
  schools: number;
  items: number;
  loadSeconds: number;
  rows: Row[];
}

const say = (m: string) => console.error(`[catalog-scale] ${m}`);

/** The pages of the web app and the calls each makes (docs/API.md lists the routes). */
export function pagesFor(catalog: Catalog): Record<Fn, ProbePage[]> {
  const collective = catalog.collectives.find((c) => c.id === 1)!;
  const members = catalog.athletes.filter((a) => collective.members.includes(a.id));
  const athlete = members.find((a) => a.digitalcollectibles.length === 3) ?? members[0];
  const school = catalog.schools.find((s) => s.id === collective.schoolId)!;
  const sport = 'Football';
  // A full name (unique in generated catalogs): the narrow search. 'Football' (the quick filter)
  // matches ~15% of athletes and no school at every size: the broad one.
  const named = members[members.length - 1];
  const owner = { sub: 'bench-collective', 'cognito:groups': '[collective]', 'custom:collectiveId': String(collective.id) };
  const page = (name: string, rawPath: string, rawQueryString = ''): ProbePage => ({ name, requests: [{ routeKey: '$default', rawPath, rawQueryString }] });
  return {
    catalog: [
      { name: 'home', requests: [{ routeKey: 'GET /api/featured' }] },
      {
        name: 'athlete',
        requests: [
          { routeKey: 'GET /api/athletes/{id}', pathParameters: { id: String(athlete.id) } },
          { routeKey: 'GET /api/athletes/{id}/related', pathParameters: { id: String(athlete.id) } },
        ],
      },
      { name: 'school', requests: [{ routeKey: 'GET /api/schools/{id}', pathParameters: { id: String(school.id) } }] },
      {
        name: 'sport roster',
        requests: [{ routeKey: 'GET /api/schools/{id}/sports/{sport}/athletes', pathParameters: { id: String(school.id), sport }, query: { limit: '24' } }],
      },
    ],
    search: [
      { name: 'search "Football" (broad)', requests: [{ routeKey: 'GET /api/search', query: { query: 'Football', limit: '24' } }] },
      { name: `search a full name (narrow)`, requests: [{ routeKey: 'GET /api/search', query: { query: named.name, limit: '24' } }] },
      { name: 'search "guard" (positions)', requests: [{ routeKey: 'GET /api/search', query: { query: 'guard', limit: '24' } }] },
    ],
    collectives: [
      {
        name: 'collective dashboard',
        requests: [{ routeKey: 'GET /api/collectives/{id}/stats', pathParameters: { id: String(collective.id) }, claims: owner }],
      },
      {
        name: 'collective members (page of 50)',
        requests: [{ routeKey: 'GET /api/collectives/{id}/members', pathParameters: { id: String(collective.id) }, query: { limit: '50' }, claims: owner }],
      },
    ],
    // The render function's first page is the search page: its cold start then holds the index's.
    render: [
      page('rendered search page "Football"', '/search', 'query=Football'),
      page('rendered athlete page', `/athlete/${athlete.id}`),
      page('rendered card page', `/athlete/${athlete.id}/card/1`),
      page('rendered school page', `/school/${school.id}`),
      page('rendered home (/demo)', '/demo'),
    ],
  };
}

async function benchSize(size: number, endpoint: string, probes: Record<Fn, string>, options: { runs: number; orders: number }): Promise<SizeReport> {
  const started = performance.now();
  const table = `CatalogScale${size}`;
  await ensureTable(endpoint, table);
  process.env.TABLE_NAME = table;
  const { SAMPLE_CATALOG } = await import('#shared/catalog/seed-data');
  const { nationalCatalog } = await import('../lib/national-catalog');
  const { catalogItemStream } = await import('#lambdas/catalog/catalog-items');
  const { batchWriteItems } = await import('#lambdas/catalog/catalog-repo');
  const { writeItemStream } = await import('../lib/stream-write');
  const { benchOrders } = await import('./dataset');
  const { itemsFor } = await import('./load');
  const catalog = size === 15 ? structuredClone(SAMPLE_CATALOG) : nationalCatalog(size);
  say(`${size} athletes (${catalog.schools.length} schools): writing the catalog's items...`);
  let shown = 0;
  const items = await writeItemStream(catalogItemStream(catalog), {
    onProgress: (written) => {
      if (written - shown >= 250_000) say(`  ${(shown = written).toLocaleString('en-US')} items (${fmt((performance.now() - started) / 1000, 0)} s)`);
    },
  });
  // The same orders at every size: the benchmarked collective's members (its dashboard), folded by
  // the ingestion engine over the whole catalog.
  const members = new Set(catalog.collectives.find((c) => c.id === 1)!.members);
  const orders = benchOrders(options.orders, { ...catalog, athletes: catalog.athletes.filter((a) => members.has(a.id)) });
  const orderItems = await itemsFor(orders, catalog);
  await batchWriteItems(orderItems, { concurrency: 8 });
  const loadSeconds = (performance.now() - started) / 1000;
  say(`${size} athletes: loaded ${(items + orderItems.length).toLocaleString('en-US')} items in ${fmt(loadSeconds)} s; measuring...`);
  const pages = pagesFor(catalog);
  const rows: Row[] = [];
  for (const fn of FUNCTIONS) {
    const result = runProbe(fn, probes[fn], pages[fn], options.runs, { DYNAMODB_ENDPOINT: endpoint, TABLE_NAME: table, DEMO_MODE: 'true' });
    for (const page of result.pages) rows.push({ size, fn, page, memory: result.memory, loadMs: result.loadMs });
  }
  await dropTable(endpoint, table);
  return { size, schools: catalog.schools.length, items: items + orderItems.length, loadSeconds, rows };
}

/** Milliseconds: two decimals below 10 ms (in-memory answers take tenths of a millisecond). */
const ms = (v: number) => fmt(v, v < 10 ? 2 : 1);

/** A figure at `size` on the straight line through two measured sizes. */
const onLine = (x1: number, y1: number, x2: number, y2: number, size: number) => y1 + ((y2 - y1) / (x2 - x1)) * (size - x1);

export function renderCatalogScale(reports: SizeReport[], runs: number): string {
  const out: string[] = [];
  const names = [...new Set(reports.flatMap((r) => r.rows.map((x) => x.page.name)))];
  const sizes = reports.map((r) => r.size);
  const rowOf = (r: SizeReport, name: string) => r.rows.find((x) => x.page.name === name);
  out.push(
    `Per page view (median of ${runs} views after a first, cold one; p50/p95 of the same views). Memory: the serving function's process after the views (RSS, and the JS heap after a GC).`,
    '',
  );
  out.push(
    markdownTable(
      ['page', 'function', ...sizes.map((s) => `bytes @${s}`), ...sizes.map((s) => `RCU @${s}`), ...sizes.map((s) => `calls @${s}`)],
      names.map((name) => {
        const cells = (f: (row: Row) => string) => reports.map((r) => (rowOf(r, name) ? f(rowOf(r, name)!) : 'n/a'));
        const fn = reports[0].rows.find((x) => x.page.name === name)?.fn ?? '';
        return [name, fn, ...cells((r) => String(r.page.bytes)), ...cells((r) => fmt(r.page.rcu, 1)), ...cells((r) => String(r.page.calls))];
      }),
    ),
    '',
  );
  out.push(
    markdownTable(
      ['page', ...sizes.map((s) => `p50 / p95 ms @${s}`)],
      names.map((name) => [name, ...reports.map((r) => (rowOf(r, name) ? `${ms(rowOf(r, name)!.page.p50)} / ${ms(rowOf(r, name)!.page.p95)}` : 'n/a'))]),
    ),
    '',
  );
  // Cold start: the bundle's load plus the function's first view (the search function reads its
  // index then; the render function's first page is the search page).
  const first = (r: SizeReport, fn: Fn) => r.rows.find((x) => x.fn === fn);
  const cold = (row: Row) => row.loadMs + row.page.cold.ms;
  out.push(
    markdownTable(
      ['function', ...sizes.map((s) => `RSS / heap MiB @${s}`), ...sizes.map((s) => `cold start ms (load + first view) / RCU @${s}`)],
      FUNCTIONS.map((fn) => [
        fn,
        ...reports.map((r) => (first(r, fn) ? `${fmt(first(r, fn)!.memory.rssMiB)} / ${fmt(first(r, fn)!.memory.heapUsedMiB)}` : 'n/a')),
        ...reports.map((r) => {
          const row = first(r, fn);
          return row ? `${fmt(cold(row), 0)} (${fmt(row.loadMs, 0)} + ${fmt(row.page.cold.ms, 0)}) / ${fmt(row.page.cold.rcu, 1)}` : 'n/a';
        }),
      ]),
    ),
    '',
  );
  // Every NCAA athlete, on paper: the search and render functions' cold start and memory on the
  // straight line through the two largest sizes.
  if (reports.length >= 2) {
    const [a, b] = reports.slice(-2);
    const lines = (['search', 'render'] as const).flatMap((fn) => {
      const ra = first(a, fn);
      const rb = first(b, fn);
      if (!ra || !rb) return [];
      const at = (y1: number, y2: number) => onLine(a.size, y1, b.size, y2, NCAA_ATHLETES);
      return [
        `${fn}: cold start ~${fmt(at(cold(ra), cold(rb)), 0)} ms, ~${fmt(at(ra.page.cold.rcu, rb.page.cold.rcu), 0)} RCU, RSS ~${fmt(at(ra.memory.rssMiB, rb.memory.rssMiB), 0)} MiB`,
      ];
    });
    out.push(
      `At ${NCAA_ATHLETES.toLocaleString('en-US')} athletes on paper (the line through ${a.size.toLocaleString('en-US')} and ${b.size.toLocaleString('en-US')}): ${lines.join('; ')}.`,
      '',
    );
  }
  // The target: every page figure at the largest size within 1.5x of the same figure at 1,000 athletes.
  const base = reports.find((r) => r.size === 1_000);
  const top = reports[reports.length - 1];
  if (base && top && top !== base) {
    const ratios: string[] = [];
    const r = (x: number, y: number) => (x === 0 ? (y === 0 ? 1 : Infinity) : y / x);
    for (const name of names) {
      const a = rowOf(base, name);
      const b = rowOf(top, name);
      if (a && b)
        ratios.push(
          `${name}: bytes ${fmt(r(a.page.bytes, b.page.bytes), 2)}x, RCU ${fmt(r(a.page.rcu, b.page.rcu), 2)}x, p50 ${fmt(r(a.page.p50, b.page.p50), 2)}x`,
        );
    }
    out.push(`Ratios ${top.size.toLocaleString('en-US')} / 1,000 athletes: ${ratios.join('; ')}.`, '');
  }
  out.push(
    `Loaded: ${reports.map((r) => `${r.size.toLocaleString('en-US')} athletes (${r.schools} schools, ${r.items.toLocaleString('en-US')} items) in ${fmt(r.loadSeconds)} s`).join('; ')}.`,
  );
  return out.join('\n');
}

function writeSection(text: string): void {
  const file = path.join(ROOT, 'docs/BENCHMARKS.md');
  writeFileSync(file, replaceCatalogScaleSection(readFileSync(file, 'utf8'), text));
}

async function main(): Promise<void> {
  const { values } = parseCli(USAGE, {
    options: { sizes: { type: 'string' }, runs: { type: 'string' }, orders: { type: 'string' }, 'no-write': { type: 'boolean' } },
  });
  const sizes = (values.sizes ?? '1000,50000,204000').split(',').map(Number);
  if (sizes.some((s) => !Number.isSafeInteger(s) || s < 15)) usageError(USAGE, '--sizes must be athlete counts of at least 15, separated by commas');
  const runs = Number(values.runs ?? 30);
  const orders = Number(values.orders ?? 2_000);
  if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(orders) || orders < 0) usageError(USAGE, '--runs and --orders must be whole numbers');
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_REGION ??= 'us-east-2';
  process.env.COUNT_TEST_ORDERS = 'false';
  const load = os.loadavg()[0];
  const dynamo = await startDynamoLocal();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'nil-catalog-scale-'));
  try {
    say('bundling the catalog, search, collectives and render functions with the probe...');
    const probes = {} as Record<Fn, string>;
    for (const fn of FUNCTIONS) probes[fn] = await bundleProbe(fn, tmp);
    const reports: SizeReport[] = [];
    for (const size of sizes) reports.push(await benchSize(size, dynamo.endpoint, probes, { runs, orders }));
    const text = `Command: \`${['npx tsx scripts/bench/catalog-scale.ts', ...process.argv.slice(2)].join(' ')}\` (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, DynamoDB Local in memory; load average ${fmt(load, 1)} at the start, ${fmt(os.loadavg()[0], 1)} at the end).\n\n${renderCatalogScale(reports, runs)}`;
    console.log(text);
    if (!values['no-write']) {
      writeSection(text);
      say('wrote the catalog-scale section of docs/BENCHMARKS.md');
    }
  } finally {
    await dynamo.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
