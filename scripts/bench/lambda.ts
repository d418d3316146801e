// Lambda: the size of each function's bundle (built as the stack builds it) and the time a fresh
// Node process takes to require it (a cold-start proxy: module evaluation, not the Lambda runtime).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bundleFunctions } from '../build-lambdas';
import { median } from './util';

export interface LambdaFigures {
  fn: string;
  bytes: number;
  importMs: number;
  /** The same with NODE_OPTIONS=--enable-source-maps (why the functions do not set it). */
  sourceMapsMs: number;
  /** What dominates the bundle: the largest packages and their output bytes. */
  top: Array<[string, number]>;
}

const PROBE = 'const t=performance.now();require(process.argv[1]);process.stdout.write(String(performance.now()-t));';

/** Milliseconds a fresh Node process takes to require() the bundle (`nodeOptions`: e.g. --enable-source-maps). */
export function requireMs(file: string, nodeOptions: string[] = []): number {
  const r = spawnSync(process.execPath, [...nodeOptions, '-e', PROBE, path.resolve(file)], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-2' },
  });
  if (r.status !== 0) throw new Error(`requiring ${file} failed: ${r.stderr}`);
  return Number(r.stdout);
}

export async function lambdaFigures(outDir: string, runs = 5): Promise<LambdaFigures[]> {
  const bundles = await bundleFunctions(outDir);
  return bundles.map((b) => {
    const times: number[] = [];
    const withMaps: number[] = [];
    for (let i = 0; i < runs; i++) {
      times.push(requireMs(b.file));
      withMaps.push(requireMs(b.file, ['--enable-source-maps']));
    }
    return { fn: b.fn, bytes: b.bytes, importMs: median(times), sourceMapsMs: median(withMaps), top: b.byPackage.slice(0, 3) };
  });
}
