// The build's prerender step (a Vite plugin, so `vite build` alone produces the whole site: local
// mode, the bench and `npm run deploy` all build that way). After the browser build it:
//   1. builds web/src/app/prerender.tsx for Node and renders every route marked
//      `handle: { prerender: true }` in app/routes.tsx with React's react-dom/static;
//   2. writes each page as <route>/index.html (the landing into index.html itself) with its title;
//   3. gives every page the boot script instead of Vite's module script tags. index.html is also
//      what the servers answer for a deep link without HTML of its own (SPA fallback), so the boot
//      script first tells the two apart:
//      - on a prerendered page the HTML is the content: the page paints from HTML and CSS alone,
//        and the app's JS (entry, its imports, the route's chunks) starts right after the first
//        paint, then hydrates (main.tsx). Nothing competes with the first paint.
//      - on a deep link it hides the prerendered landing and starts at once, in parallel, the
//        entry, the route's chunks and the API data the route reads first: the entity its path
//        names ('/athlete/7' -> /api/athletes/7; the route table's data templates, filled in from
//        the path's segments).
//   4. lists the prerendered routes in prerender-routes.json for CloudFront's viewer-request
//      function (infra/constructs/site.ts) and the benchmark;
//   5. writes web/dist-server/: the render module bundled into one file (render.cjs) and each
//      data route's page head (page-assets.json), with which local mode's server and the render
//      Lambda answer a link to an athlete, a school, a card or a search with its HTML
//      (app/server-render.tsx); the boot script treats such a page as a prerendered one.
// The Content-Security-Policy allows no inline script or style (infra/security-headers.ts): the
// boot script is a file, and the build fails if a page's markup has a style attribute.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { PAGE_ASSETS, RENDER_MODULE, SERVER_DIR } from '../../shared/platform/page-render';
import { build, type Alias, type Plugin, type ResolvedConfig } from 'vite';

interface ScreenInfo {
  source: string;
  data: readonly string[];
}

interface RouteFacts {
  pattern: string;
  screens: ScreenInfo[];
  title: string | null;
  prerender: boolean;
  serverData: boolean;
}

interface PrerenderModule {
  routeFacts(): RouteFacts[];
  renderPage(path: string): Promise<{ path: string; html: string; title: string; screens: ScreenInfo[] }>;
  composeDocument(template: string, page: { path: string; html: string; title: string; head: string[] }): string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const MANIFEST_FILE = '.vite/manifest.json';
export const PRERENDER_LIST = 'prerender-routes.json';

/** Where the Node build of the prerender entry goes: under node_modules, so its imports of react & co. resolve. */
function ssrOutDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(path.dirname(require.resolve('react/package.json'))), '.cache', 'drift-prerender');
}

/** The JS chunks (each chunk and its static imports) and CSS files screens need, as URLs. */
function assetsOf(manifest: Manifest, screens: ScreenInfo[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(`/${chunk.file}`)) return;
    js.add(`/${chunk.file}`);
    chunk.css?.forEach((c) => css.add(`/${c}`));
    chunk.imports?.forEach(visit);
  };
  for (const screen of screens) {
    const key = `src/${screen.source}`;
    if (!manifest[key]) throw new Error(`prerender: the route table names ${screen.source}, which is not a chunk of the build (renamed or moved?)`);
    visit(key);
  }
  return { js: [...js], css: [...css] };
}

/**
 * A route pattern as an anchored regular expression source (matched case-insensitively, as
 * react-router does), each param a capture group, with the params' names in order.
 */
export function patternSource(pattern: string): { source: string; params: string[] } {
  if (pattern === '*') return { source: '^/', params: [] };
  const params: string[] = [];
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { source: `^/${body}/?$`, params };
}

/** The route table of the boot script: URLs once, then per route [pattern, chunk indexes, data indexes, param names]. */
interface BootTable {
  urls: string[];
  routes: Array<[string, number[], number[], string[]]>;
}

/** The boot script (classic and synchronous in <head>: it must decide before the body paints). */
function bootScript(table: BootTable): string {
  return `// Drift boot script, written by web/build-tools/prerender.ts (see there for why).
(function () {
  var html = document.documentElement;
  var script = document.currentScript;
  var here = location.pathname.replace(/(.)\\/+$/, '$1');
  var urls = ${JSON.stringify(table.urls)};
  var routes = ${JSON.stringify(table.routes)};
  var prerendered = html.getAttribute('data-prerendered') === here;
  var chunks = [];
  var data = [];
  var params = {};
  for (var i = 0; i < routes.length; i++) {
    var match = new RegExp(routes[i][0], 'i').exec(here);
    if (!match) continue;
    chunks = routes[i][1];
    data = routes[i][2];
    for (var n = 0; n < routes[i][3].length; n++) params[routes[i][3][n]] = match[n + 1];
    break;
  }
  // A data template's ':name' is the path's segment of that param, as the app's key encodes it.
  function dataUrl(template) {
    var ok = true;
    var url = template.replace(/:(\\w+)/g, function (_, name) {
      var value = params[name];
      if (!value) ok = false;
      try {
        return encodeURIComponent(decodeURIComponent(value || ''));
      } catch (e) {
        ok = false;
        return '';
      }
    });
    return ok ? url : null;
  }
  function link(rel, href, as) {
    var l = document.createElement('link');
    l.rel = rel;
    l.href = href;
    l.crossOrigin = 'anonymous';
    if (as) l.as = as;
    document.head.appendChild(l);
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // A page rendered on request carries its data; a prerendered one reads none at first.
    if (!prerendered) {
      for (var d = 0; d < data.length; d++) {
        var url = dataUrl(urls[data[d]]);
        if (url) link('preload', url, 'fetch');
      }
    }
    // The entry's modules; then a prerendered page's own (named in its tag), or a deep link's
    // route's from the table (the file's page is another route's).
    var modules = script.getAttribute('data-modules').split(' ');
    if (prerendered) modules = modules.concat((script.getAttribute('data-page-modules') || '').split(' '));
    else for (var j = 0; j < chunks.length; j++) modules.push(urls[chunks[j]]);
    for (var k = 0; k < modules.length; k++) if (modules[k]) link('modulepreload', modules[k]);
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = 'anonymous';
    entry.src = script.getAttribute('data-entry');
    document.head.appendChild(entry);
  }
  if (prerendered) {
    // Until the app has hydrated the page (html[data-app-ready], app/app.tsx) its buttons have no
    // handlers: a tap on one (Buy, a menu) is held and given again to the same button once the app
    // is there, instead of doing nothing. Links and GET forms work natively meanwhile.
    var held = [];
    var hold = function (event) {
      var target = event.target;
      var button = target && target.closest ? target.closest('button') : null;
      if (!button || html.hasAttribute('data-app-ready')) return;
      event.preventDefault();
      event.stopPropagation();
      if (held.indexOf(button) < 0) held.push(button);
    };
    document.addEventListener('click', hold, true);
    new MutationObserver(function (records, observer) {
      if (!html.hasAttribute('data-app-ready')) return;
      observer.disconnect();
      document.removeEventListener('click', hold, true);
      setTimeout(function () {
        var buttons = held.splice(0);
        for (var b = 0; b < buttons.length; b++) if (buttons[b].isConnected && !buttons[b].disabled) buttons[b].click();
      }, 0);
    }).observe(html, { attributes: true, attributeFilter: ['data-app-ready'] });
    // The HTML is the page: paint it first, then bring the app in to hydrate it (once the first
    // contentful paint is reported; a background tab paints nothing, hence the timer).
    try {
      new PerformanceObserver(function (list, observer) {
        var entries = list.getEntries();
        for (var p = 0; p < entries.length; p++) {
          if (entries[p].name !== 'first-contentful-paint') continue;
          observer.disconnect();
          setTimeout(start, 0);
        }
      }).observe({ type: 'paint', buffered: true });
    } catch (e) {
      requestAnimationFrame(function () { setTimeout(start, 0); });
    }
    setTimeout(start, 1500);
    return;
  }
  // A deep link answered with index.html: nothing to show before the app renders the route.
  html.setAttribute('data-deep-link', '');
  start();
})();
`;
}

export interface PrerenderOptions {
  /** The same aliases and defines as the browser build, for the Node build of the prerender entry. */
  alias: Alias[];
  define: Record<string, string>;
}

export function prerenderPlugin(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'drift-prerender',
    apply: 'build',
    config: () => ({ build: { manifest: true } }),
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(readFileSync(path.join(outDir, MANIFEST_FILE), 'utf8')) as Manifest;

      // Vite's tags: the entry module and its static imports move into the boot script's attributes.
      const built = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(built);
      if (!entry) throw new Error('prerender: no module entry script in index.html');
      const entryImports = [...built.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
      let template = built.replace(entry[0], '');
      for (const m of entryImports) template = template.replace(m[0], '');
      const preloaded = new Set([entry[1], ...entryImports.map((m) => m[1])]);
      if (!template.includes('<div id="root"></div>') || !template.includes('<html lang="en">')) throw new Error('prerender: unexpected index.html shape');

      const ssrDir = ssrOutDir();
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        resolve: { alias: options.alias },
        define: options.define,
        plugins: [react()],
        build: {
          ssr: 'src/app/prerender.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
        },
      });
      const ssr = (await import(pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href)) as PrerenderModule;
      const facts = ssr.routeFacts();

      // The boot script's table: every route's chunks (beyond the entry's) and first data.
      const urls: string[] = [];
      const index = (url: string) => (urls.includes(url) ? urls.indexOf(url) : urls.push(url) - 1);
      const routes = facts.map((f): [string, number[], number[], string[]] => {
        const { source, params } = patternSource(f.pattern);
        const data = [...new Set(f.screens.flatMap((s) => s.data))];
        const unknown = data.flatMap((d) => [...d.matchAll(/:(\w+)/g)].map((m) => m[1])).filter((name) => !params.includes(name));
        if (unknown.length) throw new Error(`prerender: the route ${f.pattern} preloads data naming :${unknown.join(', :')}, which its path does not have`);
        return [
          source,
          assetsOf(manifest, f.screens)
            .js.filter((href) => !preloaded.has(href))
            .map(index),
          data.map(index),
          params,
        ];
      });
      const boot = bootScript({ urls, routes });
      const bootFile = `/assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
      writeFileSync(path.join(outDir, bootFile), boot);
      // The page's first modules: the entry's imports (data-modules) and its own route's chunks
      // (data-page-modules). A deep link answered with the file (index.html, the storefront's HTML,
      // is every route's SPA shell) preloads the entry's and its own route's, not the storefront's.
      const bootTag = (pageModules: string[]) =>
        `<script src="${bootFile}" data-entry="${entry[1]}" data-modules="${entryModules.join(' ')}" data-page-modules="${pageModules.join(' ')}"></script>`;
      const entryModules = [...preloaded].filter((u) => u !== entry[1]);

      const written: string[] = [];
      for (const f of facts.filter((x) => x.prerender)) {
        const page = await ssr.renderPage(f.pattern);
        const { js, css } = assetsOf(manifest, page.screens);
        const head = [
          bootTag(js.filter((href) => !preloaded.has(href))),
          ...css.filter((href) => !template.includes(`"${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
        ];
        const file = f.pattern === '/' ? path.join(outDir, 'index.html') : path.join(outDir, ...f.pattern.split('/').filter(Boolean), 'index.html');
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, ssr.composeDocument(template, { ...page, head }));
        if (f.pattern !== '/') written.push(f.pattern);
      }
      if (!facts.some((f) => f.prerender && f.pattern === '/'))
        throw new Error('prerender: the landing (/) must be prerendered: index.html carries the boot script');
      writeFileSync(path.join(outDir, PRERENDER_LIST), `${JSON.stringify(written, null, 2)}\n`);

      // Rendering on request (app/server-render.tsx): each route whose screens name their first
      // data gets its page's head (as a prerendered page's), and the render module is bundled
      // with React & co. into one file the servers load (local mode, lambdas/catalog/render.handler.ts).
      // Beside the site's directory (web/dist -> web/dist-server), where the servers look for it.
      const serverDir = path.join(path.dirname(outDir), SERVER_DIR);
      rmSync(serverDir, { recursive: true, force: true });
      mkdirSync(serverDir, { recursive: true });
      const heads: Record<string, string[]> = {};
      // (A prerendered route with server data, the storefront at /, has both: its HTML without data
      // answers when a render fails.)
      for (const f of facts.filter((x) => x.serverData)) {
        const { js, css } = assetsOf(manifest, f.screens);
        heads[f.pattern] = [
          bootTag(js.filter((href) => !preloaded.has(href))),
          ...css.filter((href) => !template.includes(`"${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
        ];
      }
      writeFileSync(path.join(serverDir, PAGE_ASSETS), `${JSON.stringify({ template, heads })}\n`);
      await esbuild({
        entryPoints: [path.join(ssrDir, 'prerender.mjs')],
        outfile: path.join(serverDir, RENDER_MODULE),
        bundle: true,
        platform: 'node',
        // CommonJS: loaded with require() by the render Lambda's CommonJS bundle, local mode and jest alike.
        format: 'cjs',
        target: 'node22',
        minify: true,
        legalComments: 'none',
        logLevel: 'warning',
        define: { 'process.env.NODE_ENV': '"production"' },
      });
      // The manifest only served this step; the site does not need to publish it.
      rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
      config.logger.info(`prerendered ${written.length + 1} pages (index.html and ${PRERENDER_LIST}); boot script ${bootFile} (${boot.length} bytes)`);
    },
  };
}
