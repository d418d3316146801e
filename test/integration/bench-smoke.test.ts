// The benchmark's smoke size, so `npm run bench` cannot rot: 200 orders loaded both ways (and the
// loader checked against ingest()), both read paths measured, ingestion at concurrency 1 and 4
// verified, every Lambda bundled and imported. Figures are printed, not asserted (budgets are
// checked by the full benchmark, not by timed tests), except the read-cost shape.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { BUNDLE_BUDGET_BYTES } from '../../scripts/build-lambdas';

// Its own DynamoDB Local and processes: on a loaded 2-core machine it has taken over two minutes.
jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '../..');

describe('npm run bench -- --smoke', () => {
  it('runs end to end, the loader matches ingestion, and verify finds no differences', async () => {
    // Act: its own process and DynamoDB Local, as a developer runs it (no web build: CI builds it).
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench/run.ts', '--smoke', '--no-web'],
      {
        cwd: ROOT,
        env: { ...process.env, DYNAMODB_ENDPOINT: '', TABLE_NAME: '' },
        maxBuffer: 16 * 1024 * 1024,
      },
    );

    // Assess
    expect(stdout).toContain('item-by-item against the same orders through ingest(): 0 differences');
    expect(stdout).toMatch(/Loader check at 200 orders: verify 0 differences/);
    const ingestRows = stdout.split('\n').filter((l) => /^\| (1|4) +\|/.test(l));
    expect(ingestRows).toHaveLength(2);
    for (const row of ingestRows) expect(row).toMatch(/\| 0 \(of \d+ figures\) +\| 0 +\|$/);
    // The dashboards, ours against the spec's scans; then the card, collection and money pages.
    const readRows = stdout.split('\n').filter((l) => /^\| 200 +\| \d+ +\| .* stats +\|/.test(l));
    expect(readRows).toHaveLength(2);
    const pageRows = stdout.split('\n').filter((l) => /^\| 200 +\| [a-z]/.test(l));
    expect(pageRows.map((row) => row.split('|')[2].trim())).toEqual(
      expect.arrayContaining(['athlete profile / card page', 'collective payouts', 'athlete statement (this month)']),
    );
    for (const row of pageRows) expect(Number(row.split('|')[3])).toBeGreaterThan(0);
    for (const row of readRows) {
      const cells = row.split('|').map((c) => c.trim());
      const [ours, spec] = [Number(cells[4]), Number(cells[8])];
      expect(ours).toBeGreaterThan(0);
      // The collective's view is cheaper than the spec's scans even at 200 orders. The athlete's
      // stats also read each listed Top Fan's display name and age band (two small items a fan, at
      // most 50: what the page shows; issues 23 and 26), so at 200 orders, where the spec's one scan
      // of the whole table costs ~5 RCU, they cost about the same; the scan grows with the table
      // (docs/BENCHMARKS.md: 13,280 RCU at 100k orders) and ours does not.
      if (/collective \d+ stats/.test(row)) expect(spec).toBeGreaterThan(ours);
      else expect(ours).toBeLessThan(2 * spec);
    }
    expect(stdout).toMatch(/\| webhook +\| [\d.]+ KiB/);
    expect(stdout).toMatch(/\| reconcile +\| [\d.]+ KiB/);
    // The bundle budget of issue #13: every function at most 250 KiB minified.
    const bundles = [...stdout.matchAll(/^\| ([a-z]+) +\| ([\d.]+) KiB +\| [\d.]+ +\|/gm)].map((m) => ({ fn: m[1], kib: Number(m[2]) }));
    expect(bundles.map((b) => b.fn)).toEqual(expect.arrayContaining(['catalog', 'webhook', 'admin', 'reconcile']));
    expect(bundles.filter((b) => b.kib > BUNDLE_BUDGET_BYTES / 1024)).toEqual([]);
  });

  it('runs the drop-day bench at its smoke size: a hot card and 100 athletes through local mode, verified', async () => {
    // Act: 40 deliveries a second for 5 s, each load against its own local mode process.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench/run.ts', '--drop', '--smoke'],
      { cwd: ROOT, env: { ...process.env, DYNAMODB_ENDPOINT: '', TABLE_NAME: '' }, maxBuffer: 16 * 1024 * 1024 },
    );

    // Assess: both loads delivered, settled and verified (lags are printed, not asserted).
    const rows = stdout.split('\n').filter((l) => /^\| (hot card|100 athletes) +\| 40 +\|/.test(l));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatch(/\| 0 \(of \d+\), 0 pending +\|$/);
    expect(stdout).toMatch(/40\/s for 5 s: hot card lag p99 [\d.]+ s, 0 differences/);
  });
});
