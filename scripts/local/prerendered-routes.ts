// Which file local mode answers for a path, as CloudFront's viewer-request function
// (infra/constructs/site.ts, spaRewriteCode) decides it in production: a path whose last segment
// has no '.' is an app route; a route the build prerendered (web/dist/prerender-routes.json,
// written by web/build-tools/prerender.ts) gets its own <route>/index.html, with or without
// trailing slashes and matched exactly (case and percent-escapes included); every other route gets
// /index.html, the SPA shell (also the prerendered landing). Files pass unchanged.
// test/unit/local-prerendered-routes.test.ts checks this against the function CloudFront runs.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The build's list of prerendered routes (the same file name as infra/constructs/site.ts reads). */
export const PRERENDER_LIST = 'prerender-routes.json';

/** An app route rather than a file: the URI's last segment has no '.' (CloudFront's test). */
export function isAppRoute(uri: string): boolean {
  return !(uri.split('/').pop() ?? '').includes('.');
}

/** What CloudFront's viewer-request function makes of a request URI (raw, still percent-encoded). */
export function viewerRequestUri(uri: string, prerendered: ReadonlySet<string>): string {
  if (!isAppRoute(uri)) return uri;
  const route = uri.replace(/\/+$/, '');
  return prerendered.has(route) ? `${route}/index.html` : '/index.html';
}

// The same check as infra's prerenderedRoutes: route paths only (the list becomes function code there).
const ROUTE = /^\/[A-Za-z0-9._~\-/]*$/;

interface Cached {
  /** The list file's identity when it was read: a new build (rewritten file) is read again. */
  stamp: string;
  routes: ReadonlySet<string>;
}

const cache = new Map<string, Cached>();
const NONE: ReadonlySet<string> = new Set();

/**
 * The prerendered routes of the build in `webRoot`, read once and again whenever the list file
 * changes (the web build may be rebuilt while local mode runs). No list (no build yet, or a build
 * being written): none, so every route gets the shell. A list that is not route paths (which
 * CloudFront's deploy refuses) is reported and ignored; it never throws into the request.
 */
export function prerenderedRoutes(webRoot: string): ReadonlySet<string> {
  const file = path.join(webRoot, PRERENDER_LIST);
  let stamp: string;
  try {
    const stat = statSync(file);
    stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    cache.delete(webRoot);
    return NONE;
  }
  const cached = cache.get(webRoot);
  if (cached?.stamp === stamp) return cached.routes;
  let list: unknown;
  try {
    list = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return NONE; // being written: read again on the next request
  }
  let routes = NONE;
  if (Array.isArray(list) && list.every((r) => typeof r === 'string' && ROUTE.test(r) && r !== '/')) routes = new Set(list as string[]);
  else console.error(JSON.stringify({ level: 'error', message: `${file} must list route paths such as "/demo"; serving the SPA shell for every route` }));
  cache.set(webRoot, { stamp, routes });
  return routes;
}
