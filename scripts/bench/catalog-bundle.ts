// The functions as the stack bundles and runs them, for the benchmarks: a function's handler
// bundled with the probe (catalog-probe.ts) by the Lambda esbuild definition (infra/bundling.ts)
// and run in a fresh node process with its deployed NODE_OPTIONS (lambdas/routes.ts); the render
// function with the web build beside it, as infra/constructs/page-renderer.ts ships it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD } from '../../infra/bundling';
import { FUNCTION_RUNTIME, functionEntry } from '#lambdas/routes';
import { PAGE_ASSETS, RENDER_MODULE, SERVER_DIR } from '#shared/platform/page-render';
import type { ProbePage, ProbeResult } from './catalog-probe';

/** The functions the catalog benchmarks run. */
export type Fn = 'catalog' | 'search' | 'collectives' | 'render';

const ROOT = path.resolve(__dirname, '../..');

const WEB_BUILD = [path.join(ROOT, 'web', SERVER_DIR, RENDER_MODULE), path.join(ROOT, 'web', SERVER_DIR, PAGE_ASSETS), path.join(ROOT, 'web/dist/index.html')];

/** Whether the web build the render function ships is there. */
export const webBuildExists = (): boolean => WEB_BUILD.every((file) => existsSync(file));

/** The web build the render function ships (built once if missing: `vite build`). */
export function ensureWebBuild(): void {
  if (webBuildExists()) return;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('the web build failed');
}

/** Copies the web build beside a bundle in `dir` (what the stack's afterBundling hook does). */
export function copyWebBuild(dir: string): void {
  ensureWebBuild();
  mkdirSync(path.join(dir, 'web'), { recursive: true });
  for (const [from, name] of [
    [path.join(ROOT, 'web', SERVER_DIR, RENDER_MODULE), RENDER_MODULE],
    [path.join(ROOT, 'web', SERVER_DIR, PAGE_ASSETS), PAGE_ASSETS],
    [path.join(ROOT, 'web/dist/index.html'), 'index.html'],
  ])
    copyFileSync(from, path.join(dir, 'web', name));
}

/** One function's handler and the probe, bundled as the stack bundles the function (the render
 * function with the web build beside it). The entry times the bundle's load: require() of the
 * handler, which esbuild evaluates when it is called. */
export async function bundleProbe(fn: Fn, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const entry = path.join(dir, `${fn}-probe.ts`);
  const source = fn === 'render' ? path.join(ROOT, 'lambdas/catalog/render.handler.ts') : path.join(ROOT, functionEntry(fn));
  writeFileSync(
    entry,
    [
      `import { main } from ${JSON.stringify(path.join(ROOT, 'scripts/bench/catalog-probe'))};`,
      'const started = performance.now();',
      `// eslint-disable-next-line @typescript-eslint/no-require-imports`,
      `const { handler } = require(${JSON.stringify(source)});`,
      'main(handler as never, performance.now() - started);',
      '',
    ].join('\n'),
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
  if (fn === 'render') copyWebBuild(dir);
  return outfile;
}

/** Runs a function's probe as the function is deployed (its NODE_OPTIONS, lambdas/routes.ts; the
 * render function runs with the search function's). */
export function runProbe(fn: Fn, file: string, pages: ProbePage[], runs: number, env: Record<string, string>): ProbeResult {
  const nodeOptions = FUNCTION_RUNTIME[fn === 'render' ? 'search' : fn]?.nodeOptions?.split(' ') ?? [];
  const r = spawnSync(process.execPath, ['--expose-gc', ...nodeOptions, file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-2', LOG_LEVEL: 'silent', ...env, CATALOG_PROBE: JSON.stringify({ pages, runs }) },
  });
  if (r.status !== 0) throw new Error(`${path.basename(file)} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as ProbeResult;
}
