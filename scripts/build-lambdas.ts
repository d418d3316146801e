// Bundles every deployed function as the CDK stack does (esbuild, node22, CJS, minified, AWS SDK
// inside) into dist/lambdas/<fn>/index.js and prints each bundle's size.
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, functionEntry, type FunctionName } from '../lambdas/routes';

const ROOT = path.resolve(__dirname, '..');

/** Functions that serve no HTTP route (infra/constructs/reconcile.ts deploys this one). */
const SCHEDULED_FUNCTIONS = { reconcile: 'lambdas/functions/reconcile.ts' } as const;

export async function bundleFunctions(outDir = path.join(ROOT, 'dist/lambdas')): Promise<Array<{ fn: FunctionName | keyof typeof SCHEDULED_FUNCTIONS; bytes: number; file: string }>> {
  const routed = [...new Set(ROUTES.filter((r) => !r.localOnly).map((r) => r.fn))].map((fn) => [fn, functionEntry(fn)] as const);
  const functions = [...routed, ...Object.entries(SCHEDULED_FUNCTIONS)] as Array<readonly [FunctionName | keyof typeof SCHEDULED_FUNCTIONS, string]>;
  const results: Array<{ fn: FunctionName | keyof typeof SCHEDULED_FUNCTIONS; bytes: number; file: string }> = [];
  for (const [fn, entry] of functions) {
    const file = path.join(outDir, fn, 'index.js');
    await build({ entryPoints: [path.join(ROOT, entry)], bundle: true, platform: 'node', target: 'node22', format: 'cjs', minify: true, outfile: file, logLevel: 'warning' });
    results.push({ fn, bytes: statSync(file).size, file });
  }
  return results;
}

if (require.main === module) {
  bundleFunctions()
    .then((results) => {
      for (const r of results) console.log(`${r.fn.padEnd(12)} ${(r.bytes / 1024).toFixed(1).padStart(8)} KiB  ${path.relative(ROOT, r.file)}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
