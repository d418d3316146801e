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
}

const PROBE = 'const t=performance.now();require(process.argv[1]);process.stdout.write(String(performance.now()-t));';

export async function lambdaFigures(outDir: string, runs = 5): Promise<LambdaFigures[]> {
  const bundles = await bundleFunctions(outDir);
  return bundles.map((b) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = spawnSync(process.execPath, ['-e', PROBE, path.resolve(b.file)], { encoding: 'utf8', env: { PATH: process.env.PATH, AWS_REGION: 'us-east-2' } });
      if (r.status !== 0) throw new Error(`requiring ${b.file} failed: ${r.stderr}`);
      times.push(Number(r.stdout));
    }
    return { fn: b.fn, bytes: b.bytes, importMs: median(times) };
  });
}
