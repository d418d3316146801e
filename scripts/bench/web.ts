// Web: the gzip size of every JS chunk of a Vite build, the initial route (index.html's entry
// script plus everything it imports statically), and Lighthouse scores in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(__dirname, '../..');

export function buildWeb(outDir: string): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web build failed');
}

const gzipBytes = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;

/** Relative chunks a module imports statically (`import"./x.js"`, `from"./x.js"`), not `import("./x.js")`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

export interface WebSizes {
  chunks: Array<{ file: string; bytes: number; gzip: number }>;
  initial: { files: string[]; jsGzip: number; cssGzip: number };
}

export function webSizes(dist: string): WebSizes {
  const assets = path.join(dist, 'assets');
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, bytes: readFileSync(path.join(assets, f)).length, gzip: gzipBytes(path.join(assets, f)) }))
    .sort((a, b) => b.gzip - a.gzip);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="\/?([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module entry script in index.html');
  const seen = new Set<string>();
  const visit = (rel: string) => {
    const file = path.normalize(rel);
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of staticImports(readFileSync(path.join(dist, file), 'utf8'))) visit(path.join(path.dirname(file), imp));
  };
  visit(entry);
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/?([^"]+)"/g)].map((m) => m[1]);
  return {
    chunks,
    initial: {
      files: [...seen, ...css],
      jsGzip: [...seen].reduce((sum, f) => sum + gzipBytes(path.join(dist, f)), 0),
      cssGzip: css.reduce((sum, f) => sum + gzipBytes(path.join(dist, f)), 0),
    },
  };
}

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

export interface LighthouseScores {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  error?: string;
}

/** One Lighthouse run (CLI, mobile defaults) against a URL; scores 0-100. */
export function lighthouse(url: string, chromePath = '/usr/bin/chromium'): Promise<LighthouseScores> {
  const cli = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
  if (!existsSync(cli)) return Promise.resolve({ url, performance: null, accessibility: null, bestPractices: null, error: 'lighthouse is not installed' });
  if (!existsSync(chromePath)) return Promise.resolve({ url, performance: null, accessibility: null, bestPractices: null, error: `${chromePath} not found` });
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [cli, url, '--quiet', '--output=json', '--output-path=stdout', '--only-categories=performance,accessibility,best-practices', `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
      { cwd: ROOT, env: { ...process.env, CHROME_PATH: chromePath } },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
    child.on('close', (code) => {
      try {
        const report = JSON.parse(out) as { categories: Record<string, { score: number | null }>; runtimeError?: { message: string } };
        const score = (id: string) => (report.categories[id]?.score == null ? null : Math.round(report.categories[id].score! * 100));
        resolve({ url, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), ...(report.runtimeError ? { error: report.runtimeError.message } : {}) });
      } catch {
        resolve({ url, performance: null, accessibility: null, bestPractices: null, error: `lighthouse exited ${code}: ${err.trim().split('\n').slice(-3).join(' ')}` });
      }
    });
  });
}
