// Bundles every deployed function with the stack's own esbuild definition (infra/bundling.ts) into
// dist/lambdas/<fn>/index.js (+ index.js.map and esbuild's metafile index.meta.json) and prints each
// bundle's size and what dominates it. `--check` fails when a bundle exceeds the budget.
import { build, type Metafile } from 'esbuild';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LAMBDA_ESBUILD } from '../infra/bundling';
import { ROUTES, functionEntry, type FunctionName } from '#lambdas/routes';

const ROOT = path.resolve(__dirname, '..');

/** Every function's bundle must stay within this (issue #13: cold start is mostly module loading; 300 KiB since issue 37). */
export const BUNDLE_BUDGET_BYTES = 300 * 1024;

/** Functions that serve no HTTP route (infra/constructs/reconcile.ts, settle.ts and
 * notifications.ts deploy them; the user pool's triggers are infra/constructs/auth.ts's). */
const SCHEDULED_FUNCTIONS = {
  reconcile: 'lambdas/orders/reconcile.handler.ts',
  settle: 'lambdas/orders/settle.handler.ts',
  'pre-sign-up': 'lambdas/identity/pre-sign-up.handler.ts',
  'post-confirmation': 'lambdas/identity/post-confirmation.handler.ts',
  // Notifications (infra/constructs/notifications.ts): the outbox's feed, sender and bounces.
  'notify-feed': 'lambdas/notifications/notify-feed.handler.ts',
  'notify-sender': 'lambdas/notifications/notify-sender.handler.ts',
  'notify-bounces': 'lambdas/notifications/notify-bounces.handler.ts',
} as const;

export type BundledFunction = FunctionName | keyof typeof SCHEDULED_FUNCTIONS;

export interface BundleResult {
  fn: BundledFunction;
  bytes: number;
  file: string;
  /** Output bytes by package (node_modules/<pkg>) or by source folder, largest first. */
  byPackage: Array<[string, number]>;
}

export function deployedFunctions(): Array<readonly [BundledFunction, string]> {
  const routed = [...new Set(ROUTES.filter((r) => !r.localOnly).map((r) => r.fn))].map((fn) => [fn, functionEntry(fn)] as const);
  return [...routed, ...Object.entries(SCHEDULED_FUNCTIONS)] as Array<readonly [BundledFunction, string]>;
}

function byPackage(metafile: Metafile): Array<[string, number]> {
  const sizes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? path.dirname(input);
      sizes.set(pkg, (sizes.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

export async function bundleFunction(entry: string, file: string): Promise<{ bytes: number; metafile: Metafile }> {
  const result = await build({
    ...LAMBDA_ESBUILD,
    mainFields: [...LAMBDA_ESBUILD.mainFields],
    external: [...LAMBDA_ESBUILD.external],
    entryPoints: [path.resolve(ROOT, entry)],
    outfile: file,
    metafile: true,
  });
  const js = Object.entries(result.metafile.outputs).find(([out]) => out.endsWith('.js'))!;
  return { bytes: js[1].bytes, metafile: result.metafile };
}

export async function bundleFunctions(outDir = path.join(ROOT, 'dist/lambdas')): Promise<BundleResult[]> {
  const results: BundleResult[] = [];
  for (const [fn, entry] of deployedFunctions()) {
    const file = path.join(outDir, fn, 'index.js');
    const { bytes, metafile } = await bundleFunction(entry, file);
    writeFileSync(path.join(outDir, fn, 'index.meta.json'), JSON.stringify(metafile));
    results.push({ fn, bytes, file, byPackage: byPackage(metafile) });
  }
  return results;
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

if (require.main === module) {
  const usage = 'usage: npm run build:lambdas [-- --check] [--out-dir DIR]';
  let values: { check?: boolean; 'out-dir'?: string };
  try {
    ({ values } = parseArgs({ options: { check: { type: 'boolean' }, 'out-dir': { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(1);
  }
  bundleFunctions(values['out-dir'] ? path.resolve(values['out-dir']) : undefined)
    .then((results) => {
      for (const r of results) {
        const top = r.byPackage
          .slice(0, 4)
          .map(([pkg, bytes]) => `${pkg} ${kib(bytes)}`)
          .join(', ');
        console.log(`${r.fn.padEnd(12)} ${kib(r.bytes).padStart(10)}  ${path.relative(ROOT, r.file)}  (${top})`);
      }
      const over = results.filter((r) => r.bytes > BUNDLE_BUDGET_BYTES);
      if (values.check && over.length > 0) {
        console.error(`over the ${kib(BUNDLE_BUDGET_BYTES)} budget: ${over.map((r) => `${r.fn} ${kib(r.bytes)}`).join(', ')}`);
        process.exit(1);
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
