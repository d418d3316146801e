// `npx tsx scripts/bench/catalog-scale.ts [--sizes 15,1000,10000,50000] [--runs 30] [--orders 2000] [--no-write]`:
// the catalog at scale (issue #12). For each catalog size, a table in its own in-memory DynamoDB
// Local holds the catalog (the sample one at 15, scripts/lib/national-catalog.ts beyond) and the
// same number of orders for the benchmarked collective (collective 1, ~125 members beyond 15
// athletes), loaded as ingestion stores them (scripts/bench/load.ts). Then each page's API calls
// are served by the function that serves them, bundled by the stack's esbuild definition and run
// in a fresh node process (catalog-probe.ts): bytes answered, RCU (ReturnConsumedCapacity TOTAL),
// DynamoDB calls and p50/p95 latency per page view, and the process's memory. Writes its section of
// docs/BENCHMARKS.md (between the catalog-scale markers) unless --no-write.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD } from '../../infra/bundling';
import { FUNCTION_RUNTIME, functionEntry } from '#lambdas/routes';
import type { Catalog } from '#shared/catalog/catalog-types';
import { parseCli, usageError } from '../lib/cli';
import { startDynamoLocal } from '../local/dynamodb-local';
import { ensureTable } from '../local/table';
import type { PageFigures, ProbePage, ProbeResult } from './catalog-probe';
import { replaceCatalogScaleSection } from './doc-sections';
import { fmt, markdownTable } from './util';

const ROOT = path.resolve(__dirname, '../..');
const USAGE = 'usage: npx tsx scripts/bench/catalog-scale.ts [--sizes 15,1000,10000,50000] [--runs 30] [--orders 2000] [--no-write]';

type Fn = 'catalog' | 'search' | 'collectives';

interface Row {
  size: number;
  fn: Fn;
  page: PageFigures;
  memory: ProbeResult['memory'];
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
function pagesFor(catalog: Catalog): Record<Fn, ProbePage[]> {
  const collective = catalog.collectives.find((c) => c.id === 1)!;
  const members = catalog.athletes.filter((a) => collective.members.includes(a.id));
  const athlete = members.find((a) => a.digitalcollectibles.length === 3) ?? members[0];
  const school = catalog.schools.find((s) => s.id === collective.schoolId)!;
  const sport = 'Football';
  // A full name (unique in generated catalogs): the narrow search. 'Football' (the quick filter)
  // matches ~40% of athletes and no school at every size: the broad one.
  const named = members[members.length - 1];
  const owner = { sub: 'bench-collective', 'cognito:groups': '[collective]', 'custom:collectiveId': String(collective.id) };
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
  };
}

/** One function's handler and the probe, bundled as the stack bundles the function. */
async function bundleProbe(fn: Fn, dir: string): Promise<string> {
  const entry = path.join(dir, `${fn}-probe.ts`);
  writeFileSync(
    entry,
    `import { handler } from ${JSON.stringify(path.join(ROOT, functionEntry(fn)))};\nimport { main } from ${JSON.stringify(path.join(ROOT, 'scripts/bench/catalog-probe'))};\nmain(handler as never);\n`,
  );
  const outfile = path.join(dir, `${fn}-probe.js`);
  await build({
    ...LAMBDA_ESBUILD,
    mainFields: [...LAMBDA_ESBUILD.mainFields],
    external: [...LAMBDA_ESBUILD.external],
    entryPoints: [entry],
    outfile,
    sourcemap: false,
    logLevel: 'error',
  });
  return outfile;
}

/** Runs a function's probe as the function is deployed (its NODE_OPTIONS, lambdas/routes.ts). */
function runProbe(fn: Fn, file: string, pages: ProbePage[], runs: number, env: Record<string, string>): ProbeResult {
  const nodeOptions = FUNCTION_RUNTIME[fn]?.nodeOptions?.split(' ') ?? [];
  const r = spawnSync(process.execPath, ['--expose-gc', ...nodeOptions, file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-2', LOG_LEVEL: 'silent', ...env, CATALOG_PROBE: JSON.stringify({ pages, runs }) },
  });
  if (r.status !== 0) throw new Error(`${path.basename(file)} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as ProbeResult;
}

async function benchSize(size: number, endpoint: string, probes: Record<Fn, string>, options: { runs: number; orders: number }): Promise<SizeReport> {
  const started = performance.now();
  const table = `CatalogScale${size}`;
  await ensureTable(endpoint, table);
  process.env.TABLE_NAME = table;
  const { SAMPLE_CATALOG } = await import('#shared/catalog/seed-data');
  const { nationalCatalog } = await import('../lib/national-catalog');
  const { catalogItems } = await import('#lambdas/catalog/catalog-items');
  const { batchWriteItems } = await import('#lambdas/catalog/catalog-repo');
  const { benchOrders } = await import('./dataset');
  const { itemsFor } = await import('./load');
  const catalog = size === 15 ? structuredClone(SAMPLE_CATALOG) : nationalCatalog(size);
  const items = catalogItems(catalog);
  say(`${size} athletes: writing ${items.length} catalog items...`);
  await batchWriteItems(items, { concurrency: 8 });
  // The same orders at every size: the benchmarked collective's members (its dashboard), folded by
  // the ingestion engine over the whole catalog.
  const members = new Set(catalog.collectives.find((c) => c.id === 1)!.members);
  const orders = benchOrders(options.orders, { ...catalog, athletes: catalog.athletes.filter((a) => members.has(a.id)) });
  const orderItems = await itemsFor(orders, catalog);
  await batchWriteItems(orderItems, { concurrency: 8 });
  const loadSeconds = (performance.now() - started) / 1000;
  say(`${size} athletes: loaded in ${fmt(loadSeconds)} s; measuring...`);
  const pages = pagesFor(catalog);
  const rows: Row[] = [];
  for (const fn of Object.keys(pages) as Fn[]) {
    const result = runProbe(fn, probes[fn], pages[fn], options.runs, { DYNAMODB_ENDPOINT: endpoint, TABLE_NAME: table });
    for (const page of result.pages) rows.push({ size, fn, page, memory: result.memory });
  }
  return { size, schools: catalog.schools.length, items: items.length + orderItems.length, loadSeconds, rows };
}

/** Milliseconds: two decimals below 10 ms (in-memory answers take tenths of a millisecond). */
const ms = (v: number) => fmt(v, v < 10 ? 2 : 1);

export function renderCatalogScale(reports: SizeReport[], runs: number): string {
  const out: string[] = [];
  const names = [...new Set(reports.flatMap((r) => r.rows.map((x) => x.page.name)))];
  const sizes = reports.map((r) => r.size);
  out.push(
    `Per page view (median of ${runs} views after a first, cold one; p50/p95 of the same views). Memory: the serving function's process after the views (RSS, and the JS heap after a GC).`,
    '',
  );
  out.push(
    markdownTable(
      ['page', 'function', ...sizes.flatMap((s) => [`bytes @${s}`]), ...sizes.map((s) => `RCU @${s}`), ...sizes.map((s) => `calls @${s}`)],
      names.map((name) => {
        const cells = (f: (row: Row) => string) =>
          reports.map((r) => {
            const row = r.rows.find((x) => x.page.name === name);
            return row ? f(row) : 'n/a';
          });
        const fn = reports[0].rows.find((x) => x.page.name === name)?.fn ?? '';
        return [name, fn, ...cells((r) => String(r.page.bytes)), ...cells((r) => fmt(r.page.rcu, 1)), ...cells((r) => String(r.page.calls))];
      }),
    ),
    '',
  );
  out.push(
    markdownTable(
      ['page', ...sizes.map((s) => `p50 / p95 ms @${s}`)],
      names.map((name) => [
        name,
        ...reports.map((r) => {
          const row = r.rows.find((x) => x.page.name === name);
          return row ? `${ms(row.page.p50)} / ${ms(row.page.p95)}` : 'n/a';
        }),
      ]),
    ),
    '',
  );
  const fns: Fn[] = ['catalog', 'search', 'collectives'];
  out.push(
    markdownTable(
      ['function', ...sizes.map((s) => `RSS / heap MiB @${s}`), ...sizes.map((s) => `first view ms / RCU @${s}`)],
      fns.map((fn) => [
        fn,
        ...reports.map((r) => {
          const row = r.rows.find((x) => x.fn === fn);
          return row ? `${fmt(row.memory.rssMiB)} / ${fmt(row.memory.heapUsedMiB)}` : 'n/a';
        }),
        ...reports.map((r) => {
          const row = r.rows.find((x) => x.fn === fn);
          return row ? `${fmt(row.page.cold.ms)} / ${fmt(row.page.cold.rcu, 1)}` : 'n/a';
        }),
      ]),
    ),
    '',
  );
  // The target: every figure at the largest size within 1.5x of the same figure at 1,000 athletes.
  const base = reports.find((r) => r.size === 1_000);
  const top = reports[reports.length - 1];
  if (base && top && top !== base) {
    const ratios: string[] = [];
    for (const name of names) {
      const a = base.rows.find((x) => x.page.name === name)!;
      const b = top.rows.find((x) => x.page.name === name)!;
      const r = (x: number, y: number) => (x === 0 ? (y === 0 ? 1 : Infinity) : y / x);
      ratios.push(
        `${name}: bytes ${fmt(r(a.page.bytes, b.page.bytes), 2)}x, RCU ${fmt(r(a.page.rcu, b.page.rcu), 2)}x, p50 ${fmt(r(a.page.p50, b.page.p50), 2)}x, memory ${fmt(r(a.memory.rssMiB, b.memory.rssMiB), 2)}x`,
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
  const sizes = (values.sizes ?? '15,1000,10000,50000').split(',').map(Number);
  if (sizes.some((s) => !Number.isSafeInteger(s) || s < 15)) usageError(USAGE, '--sizes must be athlete counts of at least 15, separated by commas');
  const runs = Number(values.runs ?? 30);
  const orders = Number(values.orders ?? 2_000);
  if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(orders) || orders < 0) usageError(USAGE, '--runs and --orders must be whole numbers');
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_REGION ??= 'us-east-2';
  process.env.COUNT_TEST_ORDERS = 'false';
  const dynamo = await startDynamoLocal();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'nil-catalog-scale-'));
  try {
    say('bundling the catalog, search and collectives functions with the probe...');
    const probes = { catalog: await bundleProbe('catalog', tmp), search: await bundleProbe('search', tmp), collectives: await bundleProbe('collectives', tmp) };
    const reports: SizeReport[] = [];
    for (const size of sizes) reports.push(await benchSize(size, dynamo.endpoint, probes, { runs, orders }));
    const text = `Command: \`${['npx tsx scripts/bench/catalog-scale.ts', ...process.argv.slice(2)].join(' ')}\` (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, DynamoDB Local in memory).\n\n${renderCatalogScale(reports, runs)}`;
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
