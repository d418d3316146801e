// `npx tsx scripts/bench/catalog-search.ts [--athletes 554298] [--runs 5] [--no-write]`: search for
// every NCAA athlete (issue 27; docs/decisions/0023-search-blocks.md). A table in its own in-memory
// DynamoDB Local holds what search reads of a generated national catalog of that size
// (scripts/lib/national-catalog.ts): its schools, its search blocks and manifest, and every
// athlete's profile (a page's results are read from them); nothing else, so the largest size loads
// in minutes. Then the search function and the render function, bundled as the stack bundles them
// and run in fresh node processes as deployed (catalog-probe.ts), answer a mix of queries: their
// cold start (the bundle's load plus the first page, which reads the whole index), every other
// query's first page (it reads that page's profiles) and repeated pages (from memory), RCU, and
// the process's memory. Writes its part of docs/BENCHMARKS.md (between the catalog-search
// markers) unless --no-write.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Athlete, Catalog } from '#shared/catalog/catalog-types';
import { parseCli, usageError } from '../lib/cli';
import { startDynamoLocal } from '../local/dynamodb-local';
import { dropTable, ensureTable } from '../local/table';
import { bundleProbe, runProbe, type Fn } from './catalog-bundle';
import { NCAA_ATHLETES } from './catalog-scale';
import type { ProbePage, ProbeResult } from './catalog-probe';
import { replaceCatalogSearchSection } from './doc-sections';
import { fmt, markdownTable, percentile } from './util';

const ROOT = path.resolve(__dirname, '../..');
const USAGE = 'usage: npx tsx scripts/bench/catalog-search.ts [--athletes 554298] [--runs 5] [--no-write]';
const say = (m: string) => console.error(`[catalog-search] ${m}`);

/** The budgets of issue 27 for the search function at every NCAA athlete. */
export const SEARCH_BUDGETS = { coldStartMs: 1_000, warmP95Ms: 50, rssMiB: 256 };

/** Queries people type: names (whole, first, last, parts), schools, sports (the filters), positions,
 * jersey numbers, one letter, nothing. Different each, so each first page reads its own profiles. */
export function queryMix(catalog: Catalog): string[] {
  const pick = (i: number): Athlete => catalog.athletes[Math.floor((i * 7919) % catalog.athletes.length)];
  const names = Array.from({ length: 8 }, (_, i) => pick(i + 1).name);
  return [
    'Football',
    ...names,
    ...names.slice(0, 4).map((n) => n.split(' ')[0]),
    ...names.slice(4, 8).map((n) => n.split(' ')[1]),
    names[0].slice(2, 7),
    catalog.schools[0].name,
    catalog.schools[catalog.schools.length - 1].name.split(' ')[0],
    'state',
    'Track & Field',
    'Swimming & Diving',
    'Volleyball',
    'soccer',
    'guard',
    'quarterback',
    'goalkeeper',
    '#23',
    '7',
    'a',
    'e',
    'zz',
    'Épée',
    'no such athlete',
  ];
}

async function load(
  athletes: number,
  endpoint: string,
  table: string,
): Promise<{ catalog: Catalog; items: number; seconds: number; blocks: number; kib: number }> {
  const started = performance.now();
  await ensureTable(endpoint, table);
  process.env.TABLE_NAME = table;
  const { nationalCatalog } = await import('../lib/national-catalog');
  const { athleteProfileItem, schoolItem } = await import('#lambdas/catalog/catalog-items');
  const { searchBlockItems } = await import('#lambdas/catalog/search-writes');
  const { searchRowOf } = await import('#shared/catalog/search-blocks');
  const keys = await import('#lambdas/platform/keys');
  const { writeItemStream } = await import('../lib/stream-write');
  const catalog = nationalCatalog(athletes);
  const search = searchBlockItems(catalog.athletes.map(searchRowOf));
  function* items() {
    yield* catalog.schools.map(schoolItem);
    yield* search.blocks;
    yield { ...keys.searchManifest(), type: 'manifest', schools: 1, ...search.versions };
    for (const a of catalog.athletes) yield athleteProfileItem({ ...a, collectiveId: a.schoolId });
  }
  let shown = 0;
  const written = await writeItemStream(items(), {
    onProgress: (n) => {
      if (n - shown >= 100_000) say(`  ${(shown = n).toLocaleString('en-US')} items (${fmt((performance.now() - started) / 1000, 0)} s)`);
    },
  });
  const { storedBytes } = await import('#lambdas/catalog/search-writes');
  const kib = search.blocks.reduce((n, item) => n + storedBytes(item), 0) / 1024;
  return { catalog, items: written, seconds: (performance.now() - started) / 1000, blocks: search.blocks.length, kib };
}

interface FnFigures {
  fn: Fn;
  result: ProbeResult;
  /** Each query's first page after the cold one (reads its page's profiles). */
  firstPages: { p50: number; p95: number; rcu: number };
  /** The same pages again (from memory). */
  repeated: { p50: number; p95: number };
}

function figures(fn: Fn, result: ProbeResult): FnFigures {
  const later = result.pages.slice(1);
  const first = later.map((p) => p.cold.ms);
  const repeated = later.flatMap((p) => [p.p50, p.p95]);
  return {
    fn,
    result,
    firstPages: {
      p50: percentile(first, 50),
      p95: percentile(first, 95),
      rcu: percentile(
        later.map((p) => p.cold.rcu),
        50,
      ),
    },
    repeated: {
      p50: percentile(repeated, 50),
      p95: percentile(
        later.map((p) => p.p95),
        95,
      ),
    },
  };
}

export function renderSearchBench(
  size: number,
  loaded: { items: number; seconds: number; blocks: number; kib: number },
  all: FnFigures[],
  runs: number,
  queries: number,
): string {
  const out: string[] = [];
  const b = SEARCH_BUDGETS;
  out.push(
    `${size.toLocaleString('en-US')} athletes (${loaded.blocks} search blocks, ${fmt(loaded.kib / 1024, 2)} MiB stored; ${loaded.items.toLocaleString('en-US')} items loaded in ${fmt(loaded.seconds, 0)} s). ${queries} different queries, each viewed ${runs + 1} times; budgets (issue 27): cold start under ${b.coldStartMs} ms, warm p95 under ${b.warmP95Ms} ms, under ${b.rssMiB} MiB resident.`,
    '',
  );
  out.push(
    markdownTable(
      [
        'function',
        'cold start ms (load + first page)',
        'cold RCU',
        'a new query: p50 / p95 ms, RCU',
        'a repeated page: p50 / p95 ms',
        'RSS / heap MiB',
        'budgets',
      ],
      all.map((f) => {
        const cold = f.result.loadMs + f.result.pages[0].cold.ms;
        const missed = [
          ...(cold > b.coldStartMs ? ['cold start'] : []),
          ...(f.fn === 'search' && f.firstPages.p95 > b.warmP95Ms ? ['warm p95'] : []),
          ...(f.result.memory.rssMiB > b.rssMiB ? ['memory'] : []),
        ];
        return [
          f.fn,
          `${fmt(cold, 0)} (${fmt(f.result.loadMs, 0)} + ${fmt(f.result.pages[0].cold.ms, 0)})`,
          fmt(f.result.pages[0].cold.rcu, 1),
          `${fmt(f.firstPages.p50, 1)} / ${fmt(f.firstPages.p95, 1)}, ${fmt(f.firstPages.rcu, 1)}`,
          `${fmt(f.repeated.p50, 2)} / ${fmt(f.repeated.p95, 2)}`,
          `${fmt(f.result.memory.rssMiB)} / ${fmt(f.result.memory.heapUsedMiB)}`,
          f.fn === 'render'
            ? missed.filter((m) => m !== 'warm p95').length
              ? `missed: ${missed.join(', ')}`
              : 'met (cold start, memory)'
            : missed.length
              ? `missed: ${missed.join(', ')}`
              : 'met',
        ];
      }),
    ),
    '',
  );
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseCli(USAGE, { options: { athletes: { type: 'string' }, runs: { type: 'string' }, 'no-write': { type: 'boolean' } } });
  const size = Number(values.athletes ?? NCAA_ATHLETES);
  const runs = Number(values.runs ?? 5);
  if (!Number.isSafeInteger(size) || size < 1_000) usageError(USAGE, '--athletes must be a whole number of at least 1,000');
  if (!Number.isSafeInteger(runs) || runs < 1) usageError(USAGE, '--runs must be a whole number');
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_REGION ??= 'us-east-2';
  const startLoad = os.loadavg()[0];
  const dynamo = await startDynamoLocal();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'nil-catalog-search-'));
  const table = `CatalogSearch${size}`;
  try {
    say(`generating and loading ${size.toLocaleString('en-US')} athletes' schools, search blocks and profiles...`);
    const loaded = await load(size, dynamo.endpoint, table);
    const queries = queryMix(loaded.catalog);
    const pages: ProbePage[] = queries.map((q) => ({ name: q, requests: [{ routeKey: 'GET /api/search', query: { query: q, limit: '24' } }] }));
    const rendered: ProbePage[] = queries.map((q) => ({
      name: q,
      requests: [{ routeKey: '$default', rawPath: '/search', rawQueryString: new URLSearchParams({ query: q }).toString() }],
    }));
    const all: FnFigures[] = [];
    for (const fn of ['search', 'render'] as const) {
      say(`${fn}: bundling and measuring...`);
      const probe = await bundleProbe(fn, tmp);
      all.push(figures(fn, runProbe(fn, probe, fn === 'search' ? pages : rendered, runs, { DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME: table })));
    }
    await dropTable(dynamo.endpoint, table);
    const text = `Command: \`${['npx tsx scripts/bench/catalog-search.ts', ...process.argv.slice(2)].join(' ')}\` (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, DynamoDB Local in memory; load average ${fmt(startLoad, 1)} at the start, ${fmt(os.loadavg()[0], 1)} at the end).\n\n${renderSearchBench(size, loaded, all, runs, queries.length)}`;
    console.log(text);
    if (!values['no-write']) {
      const file = path.join(ROOT, 'docs/BENCHMARKS.md');
      writeFileSync(file, replaceCatalogSearchSection(readFileSync(file, 'utf8'), text));
      say('wrote the catalog-search part of docs/BENCHMARKS.md');
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
