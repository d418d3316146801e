// The render function: CloudFront sends it the web app's data pages (an athlete, a card, an
// athlete's media, a school, a search: the routes of the build's page-assets.json, see
// infra/constructs/site.ts) through its function URL, and it answers with the page's HTML rendered
// with its data (web/src/app/server-render.tsx), as local mode's server does
// (scripts/local/page-render.ts). It reads that data as the signed-out browser would, but
// in-process: the public read handlers of the catalog and search functions, called with the event
// API Gateway would give them (no network hop, the same answers and errors). Whatever it does not
// render (a missing athlete, a route without server data, a failure) gets the SPA shell, the build's
// index.html, exactly what S3 would have answered.
//
// The web build travels in the function's asset (web/: render.cjs, page-assets.json, index.html;
// copied by the bundling's afterBundling hook).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import { logger } from '#lambdas/platform/log';
import type { Event, Result, RouteHandler } from '#lambdas/platform/http';
import { PAGE_ASSETS, RENDER_MODULE, type FetchJson, type PageAssets, type RenderModule } from '#shared/platform/page-render';
import { ROUTES, type RouteDef } from '#lambdas/routes';
import { handler as catalog } from './catalog.handler';
import { handler as search } from './search.handler';

/** Where the web build is: beside the bundle (WEB_DIR in tests). */
const webDir = () => process.env.WEB_DIR ?? path.join(__dirname, 'web');

/** The public reads a page may render with, by the function that answers them. */
const READERS: Partial<Record<RouteDef['fn'], RouteHandler>> = { catalog, search };

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  params: string[];
}

const PUBLIC_READS: CompiledRoute[] = ROUTES.filter((r) => r.method === 'GET' && r.access === 'public' && !r.localOnly && READERS[r.fn]).map((route) => {
  const params: string[] = [];
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}$`), params };
});

/** A signed-out GET of an API path (below /api), answered by the handler API Gateway would call. */
export function publicReader(context: Context): FetchJson {
  return async (apiPath) => {
    const url = new URL(`/api${apiPath}`, 'https://render.internal');
    for (const { route, pattern, params } of PUBLIC_READS) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      let pathParameters: Record<string, string>;
      try {
        pathParameters = Object.fromEntries(params.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      } catch {
        return { status: 400, body: null };
      }
      const query: Record<string, string> = {};
      for (const [key, value] of url.searchParams) query[key] = query[key] ? `${query[key]},${value}` : value;
      const routeKey = `GET ${route.path}`;
      const now = new Date();
      const event: Event = {
        version: '2.0',
        routeKey,
        rawPath: url.pathname,
        rawQueryString: url.search.slice(1),
        headers: { accept: 'application/json' },
        queryStringParameters: Object.keys(query).length ? query : undefined,
        pathParameters: params.length ? pathParameters : undefined,
        requestContext: {
          accountId: 'render',
          apiId: 'render',
          domainName: 'render.internal',
          domainPrefix: 'render',
          http: { method: 'GET', path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'drift-render' },
          requestId: context.awsRequestId,
          routeKey,
          stage: '$default',
          time: now.toUTCString(),
          timeEpoch: now.getTime(),
        },
        isBase64Encoded: false,
      };
      const result = (await READERS[route.fn]!(event, context)) as Result;
      const status = result.statusCode ?? 200;
      return { status, body: status === 200 && result.body ? (JSON.parse(result.body) as unknown) : null };
    }
    return { status: 404, body: null };
  };
}

let loaded: { module: Promise<RenderModule>; assets: PageAssets; shell: string } | null = null;

function web() {
  if (!loaded) {
    const dir = webDir();
    loaded = {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      module: Promise.resolve(require(path.join(dir, RENDER_MODULE)) as RenderModule),
      assets: JSON.parse(readFileSync(path.join(dir, PAGE_ASSETS), 'utf8')) as PageAssets,
      shell: readFileSync(path.join(dir, 'index.html'), 'utf8'),
    };
  }
  return loaded;
}

/** A rendered page: its figures are the public answers' (cached as long as they are, 20 s). */
const PAGE_CACHE = 'public, max-age=20';
/** The SPA shell, as S3 answers index.html (revalidated on every visit). */
const SHELL_CACHE = 'no-cache';

const html = (body: string, cacheControl: string): Result => ({
  statusCode: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl },
  body,
});

export async function handler(event: Event, context: Context): Promise<Result> {
  const { module, assets, shell } = web();
  const target = `${event.rawPath}${event.rawQueryString ? `?${event.rawQueryString}` : ''}`;
  if (event.requestContext.http.method !== 'GET') return html(shell, SHELL_CACHE);
  try {
    const page = await (await module).renderDocument(target, assets, publicReader(context));
    return page === null ? html(shell, SHELL_CACHE) : html(page, PAGE_CACHE);
  } catch (error) {
    logger.error('page render failed; answered with the SPA shell', { path: event.rawPath, error: error as Error });
    return html(shell, SHELL_CACHE);
  }
}
