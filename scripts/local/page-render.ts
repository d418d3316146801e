// Local mode's rendering on request, as the render Lambda does it on AWS (lambdas/catalog/render.handler.ts):
// a link to an athlete, a school, a card or a search is answered with its HTML rendered with its
// first data (web/src/app/server-render.tsx), read through this server's own /api as a signed-out
// browser would. The render module and the page heads are the web build's (web/dist-server/,
// written by web/build-tools/prerender.ts); a rebuild while local mode runs is picked up.
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { PAGE_ASSETS, RENDER_MODULE, SERVER_DIR, type FetchJson, type PageAssets, type RenderModule } from '#shared/platform/page-render';

const requireHere = createRequire(__filename);

/** Loads a CommonJS module again (a rebuild replaced it). */
function requireFresh(file: string): unknown {
  delete requireHere.cache[requireHere.resolve(file)];
  return requireHere(file);
}

/** A signed-out GET of an API path (below /api) at `apiOrigin`. */
export function apiReader(apiOrigin: string): FetchJson {
  return async (apiPath) => {
    const res = await fetch(`${apiOrigin}/api${apiPath}`, { headers: { accept: 'application/json' } });
    const text = await res.text();
    if (res.status !== 200) return { status: res.status, body: null };
    return { status: 200, body: JSON.parse(text) as unknown };
  };
}

/** Renders pages with the build beside `webRoot` (web/dist -> web/dist-server); null when there is none or the route is not rendered on request. */
export function pageRenderer(webRoot: string): (url: string, fetchJson: FetchJson) => Promise<string | null> {
  const dir = path.join(path.dirname(webRoot), SERVER_DIR);
  const moduleFile = path.join(dir, RENDER_MODULE);
  const assetsFile = path.join(dir, PAGE_ASSETS);
  let loaded: { version: number; module: Promise<RenderModule>; assets: PageAssets } | null = null;
  return async (url, fetchJson) => {
    if (!existsSync(moduleFile) || !existsSync(assetsFile)) return null;
    const version = Math.max(statSync(moduleFile).mtimeMs, statSync(assetsFile).mtimeMs);
    if (loaded?.version !== version) {
      loaded = {
        version,
        module: Promise.resolve(requireFresh(moduleFile) as RenderModule),
        assets: JSON.parse(readFileSync(assetsFile, 'utf8')) as PageAssets,
      };
    }
    try {
      return await (await loaded.module).renderDocument(url, loaded.assets, fetchJson);
    } catch (error) {
      // The SPA shell still shows the page (rendered in the browser); the failure is in the log.
      console.error(
        JSON.stringify({ level: 'error', message: 'page render failed; answered with the SPA shell', url, error: String((error as Error)?.stack ?? error) }),
      );
      return null;
    }
  };
}

/** A rendered page: HTML, not cached (it holds live figures), gzipped when the browser takes it. */
export function sendPage(res: ServerResponse, html: string, acceptEncoding: string): void {
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
  if (!/\bgzip\b/.test(acceptEncoding)) {
    res.writeHead(200, headers).end(html);
    return;
  }
  res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' }).end(gzipSync(html, { level: 6 }));
}
