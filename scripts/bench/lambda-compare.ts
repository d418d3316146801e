// `npx tsx scripts/bench/lambda-compare.ts --before REV [--runs N]`: bundle size and require() time
// of every function before (REV, built by that revision's own scripts/build-lambdas.ts) and now,
// in one run on one machine and one Node, the probes interleaved so load on the machine hits both
// sides alike. The figures of docs/BENCHMARKS.md "Lambda bundles: before and after".
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_BUDGET_BYTES, bundleFunctions } from '../build-lambdas';
import { parseCli } from '../lib/cli';
import { requireMs } from './lambda';
import { markdownTable, median } from './util';

const ROOT = path.resolve(__dirname, '../..');
const USAGE = 'usage: npx tsx scripts/bench/lambda-compare.ts --before REV [--runs N]';

async function main(): Promise<void> {
  const { values } = parseCli(USAGE, { options: { before: { type: 'string' }, runs: { type: 'string', default: '7' } } });
  if (!values.before) throw new Error(USAGE);
  const runs = Number(values.runs);
  const work = mkdtempSync(path.join(os.tmpdir(), 'lambda-compare-'));
  try {
    const old = path.join(work, 'before');
    execSync(`mkdir -p ${old} && git archive ${values.before} | tar -x -C ${old}`, { cwd: ROOT, stdio: 'inherit' });
    // That revision's own dependencies (its lockfile, production only), plus today's esbuild to run its build.
    execSync('npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error', { cwd: old, stdio: 'inherit' });
    for (const pkg of ['esbuild', '@esbuild'])
      if (!existsSync(path.join(old, 'node_modules', pkg))) symlinkSync(path.join(ROOT, 'node_modules', pkg), path.join(old, 'node_modules', pkg));
    const built = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-lambdas.ts'], { cwd: old, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`building ${values.before} failed: ${built.stderr}`);
    const now = await bundleFunctions(path.join(work, 'now'));
    const rows = now.map((b) => {
      const before = path.join(old, 'dist/lambdas', b.fn, 'index.js');
      const times = { before: [] as number[], now: [] as number[] };
      for (let i = 0; i < runs; i++) {
        if (existsSync(before)) times.before.push(requireMs(before));
        times.now.push(requireMs(b.file));
      }
      const beforeBytes = existsSync(before) ? statSync(before).size : NaN;
      const ms = { before: median(times.before), now: median(times.now) };
      return [
        b.fn,
        `${(beforeBytes / 1024).toFixed(1)} KiB`,
        `${(b.bytes / 1024).toFixed(1)} KiB`,
        ms.before.toFixed(1),
        ms.now.toFixed(1),
        `${((1 - ms.now / ms.before) * 100).toFixed(0)}%`,
        b.bytes <= BUNDLE_BUDGET_BYTES ? 'yes' : 'NO',
      ];
    });
    console.log(`Lambda bundles before (${values.before}) and now, ${process.version}, require() median of ${runs} fresh processes each, interleaved\n`);
    console.log(markdownTable(['function', 'bundle before', 'bundle now', 'require before ms', 'require now ms', 'require saved', '≤ 250 KiB'], rows));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
