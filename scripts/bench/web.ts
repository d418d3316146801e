// Web: the gzip size of every JS chunk of a Vite build, what each HTML file of the build loads
// first (its entry script and modulepreloads plus everything they import statically), and
// Lighthouse scores and metrics (LCP, CLS, FCP, TBT) in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS } from '../lib/chromium';

const ROOT = path.resolve(__dirname, '../..');

export function buildWeb(outDir: string): void {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the web build failed');
}

const gzipBytes = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;

/** Relative chunks a module imports statically (`import"./x.js"`, `from"./x.js"`), not `import('./x.js')`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

/** The pages Lighthouse measures (issue #14): the storefront, demo, data pages (a card page: issue
 * 24) and a dashboard. */
export const WEB_PAGES = ['/', '/demo', '/athlete/1', '/athlete/1/card/1', '/school/2', '/search?query=a', '/demo/collective', '/demo/athlete'] as const;

export interface PageWeight {
  /** The HTML file, relative to the build (index.html, or a prerendered page such as demo/index.html). */
  html: string;
  files: string[];
  jsGzip: number;
  cssGzip: number;
}

export interface WebSizes {
  chunks: Array<{ file: string; bytes: number; gzip: number }>;
  /** index.html as the SPA shell: what every route that has no HTML of its own loads first. */
  initial: PageWeight;
  /** Every HTML file of the build, index.html first; the budget holds for each. */
  pages: PageWeight[];
  /** Routes with a prerendered HTML file of their own (web/dist/prerender-routes.json). */
  prerendered: string[];
}

function htmlFiles(dist: string, dir = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(dist, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'assets') found.push(...htmlFiles(dist, rel));
    else if (entry.isFile() && entry.name.endsWith('.html')) found.push(rel);
  }
  return found;
}

/** The JS a page loads before it can run: the entry and modules its boot script names (or Vite's
 * module script and modulepreloads), and their static imports. As the SPA shell (`shell`: a deep
 * link answered with the file), the entry's modules only: the page's own are not loaded then. */
function pageWeight(dist: string, htmlFile: string, { shell = false } = {}): PageWeight {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const boot = /<script[^>]+data-entry="\/?([^"]+)"[^>]+data-modules="([^"]*)"(?:[^>]+data-page-modules="([^"]*)")?/.exec(html);
  const entries = boot
    ? [
        boot[1],
        ...`${boot[2]} ${shell ? '' : (boot[3] ?? '')}`
          .split(' ')
          .filter(Boolean)
          .map((m) => m.replace(/^\//, '')),
      ]
    : [
        ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="\/?([^"]+)"/g)].map((m) => m[1]),
        ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+)"/g)].map((m) => m[1]),
      ];
  if (entries.length === 0) throw new Error(`no module entry script in ${htmlFile}`);
  const seen = new Set<string>();
  const visit = (rel: string) => {
    const file = path.normalize(rel);
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of staticImports(readFileSync(path.join(dist, file), 'utf8'))) visit(path.join(path.dirname(file), imp));
  };
  entries.forEach(visit);
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/?([^"]+)"/g)].map((m) => m[1]);
  return {
    html: htmlFile,
    files: [...seen, ...css],
    jsGzip: [...seen].reduce((sum, f) => sum + gzipBytes(path.join(dist, f)), 0),
    cssGzip: css.reduce((sum, f) => sum + gzipBytes(path.join(dist, f)), 0),
  };
}

export function webSizes(dist: string): WebSizes {
  const assets = path.join(dist, 'assets');
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, bytes: readFileSync(path.join(assets, f)).length, gzip: gzipBytes(path.join(assets, f)) }))
    .sort((a, b) => b.gzip - a.gzip);
  const pages = htmlFiles(dist)
    .sort((a, b) => Number(b === 'index.html') - Number(a === 'index.html') || a.localeCompare(b))
    .map((f) => pageWeight(dist, f));
  const manifest = path.join(dist, 'prerender-routes.json');
  const prerendered = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as string[]) : [];
  // index.html is the storefront's page and every other route's SPA shell: the initial route is
  // what a deep link loads first from it (the storefront's own weight is its row in `pages`).
  return { chunks, initial: { ...pageWeight(dist, 'index.html', { shell: true }), html: 'index.html (SPA shell)' }, pages, prerendered };
}

export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export interface LighthouseScores {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  /** Largest Contentful Paint, First Contentful Paint and Total Blocking Time (ms), Cumulative Layout Shift. */
  lcpMs?: number | null;
  fcpMs?: number | null;
  tbtMs?: number | null;
  cls?: number | null;
  /** What the LCP element is (Lighthouse's node label), to see what a page waits for. */
  lcpElement?: string | null;
  error?: string;
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: unknown }>;
  runtimeError?: { message: string };
}

/** The first node Lighthouse names under an audit's details (the LCP element). */
function firstNode(details: unknown): string | null {
  const stack: unknown[] = [details];
  while (stack.length) {
    const value = stack.shift();
    if (!value || typeof value !== 'object') continue;
    const node = (value as { node?: { nodeLabel?: string; selector?: string } }).node;
    if (node?.nodeLabel || node?.selector) return `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 40)}"`.trim();
    stack.push(...Object.values(value));
  }
  return null;
}

/** One Lighthouse run (CLI, mobile defaults) against a URL; scores 0-100. */
export function lighthouse(url: string, chromePath = '/usr/bin/chromium'): Promise<LighthouseScores> {
  const cli = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
  if (!existsSync(cli)) return Promise.resolve({ url, performance: null, accessibility: null, bestPractices: null, error: 'lighthouse is not installed' });
  if (!existsSync(chromePath)) return Promise.resolve({ url, performance: null, accessibility: null, bestPractices: null, error: `${chromePath} not found` });
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        url,
        '--quiet',
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance,accessibility,best-practices',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { cwd: ROOT, env: { ...process.env, CHROME_PATH: chromePath } },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
    child.on('close', (code) => {
      try {
        const report = JSON.parse(out) as Report;
        const score = (id: string) => (report.categories[id]?.score == null ? null : Math.round(report.categories[id].score! * 100));
        const metric = (id: string) => report.audits[id]?.numericValue ?? null;
        resolve({
          url,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: metric('largest-contentful-paint'),
          fcpMs: metric('first-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          lcpElement: firstNode(report.audits['largest-contentful-paint-element']?.details),
          ...(report.runtimeError ? { error: report.runtimeError.message } : {}),
        });
      } catch {
        resolve({
          url,
          performance: null,
          accessibility: null,
          bestPractices: null,
          error: `lighthouse exited ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`,
        });
      }
    });
  });
}
